/** A file sent with a mail; one with a `cid` is an image the HTML shows inline (`src="cid:…"`). */
export type MailAttachment = { filename: string; contentType: string; content: Buffer; cid?: string };
export type Mail = { to: string; subject: string; text: string; html: string; attachments?: MailAttachment[] };

/** Sends mail; the rest of the code never knows whether it goes to the outbox or to SMTP. */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}
