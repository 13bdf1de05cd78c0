import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';
import type { Mailer } from './index.ts';

/** The default: mail is kept in the database, printed to the console, and listed at /api/dev/outbox with DEV_OUTBOX=true. */
export function createOutboxMailer(db: Db, log: (line: string) => void): Mailer {
  return {
    kind: 'outbox',
    async send(mail) {
      await db
        .insert(outbox)
        .values({ channel: 'email', to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      log(`mail to ${mail.to}: ${mail.subject}\n${mail.text}`);
    },
    async close() {},
  };
}
