import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createOutboxMailer } from './outbox.ts';
import type { Mailer } from './port.ts';
import { createSmtpMailer } from './smtp.ts';

export type { Mail, MailAttachment, Mailer } from './port.ts';

export function createMailer(config: Config, db: Db, log: (line: string) => void): Mailer {
  return config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer(db, log);
}
