import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';
import type { Mailer } from './port.ts';

/** The default: mail is kept in the database, printed to the console, and listed at /api/dev/outbox with DEV_OUTBOX=true. */
export function createOutboxMailer(db: Db, log: (line: string) => void): Mailer {
  return {
    kind: 'outbox',
    async send(mail) {
      // Kept as one document: inline images are written into the HTML, as the dev outbox page shows it.
      const html = (mail.attachments ?? []).reduce(
        (doc, a) =>
          a.cid ? doc.replaceAll(`cid:${a.cid}`, `data:${a.contentType};base64,${a.content.toString('base64')}`) : doc,
        mail.html,
      );
      await db.insert(outbox).values({ channel: 'email', to: mail.to, subject: mail.subject, text: mail.text, html });
      log(`mail to ${mail.to}: ${mail.subject}\n${mail.text}`);
    },
    async close() {},
  };
}
