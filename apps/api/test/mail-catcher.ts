import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with it; an inline image has the `cid` its HTML names. */
  attachments: { cid?: string; contentType: string; content: Buffer }[];
};

/** A real SMTP server on loopback that keeps what it receives, so tests read mail as people do. */
export async function startMailCatcher(port = 0) {
  const mails: CaughtMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
          mails.push({
            to: (to ?? '').toLowerCase(),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            attachments: parsed.attachments.map(({ cid, contentType, content }) => ({ cid, contentType, content })),
          });
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    /** The newest mail to this address, waiting for it to arrive. */
    async latest(to: string, timeoutMs = 5_000): Promise<CaughtMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.filter((m) => m.to === to.toLowerCase()).at(-1);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The oobCode of the first /usermgmt link in a mail. */
export function linkIn(mail: CaughtMail): URL {
  const match = /https?:\/\/\S+\/usermgmt\?\S+/.exec(mail.text);
  if (!match) throw new Error(`no link in: ${mail.text}`);
  return new URL(match[0]);
}
