import nodemailer from 'nodemailer';
import type { Mailer } from './port.ts';

/** Production mail: SMTP through nodemailer, with a pooled connection. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl, { from });
  return {
    kind: 'smtp',
    async send(mail) {
      const { to, subject, text, html, attachments } = mail;
      await transport.sendMail({ to, subject, text, html, attachments });
    },
    async close() {
      transport.close();
    },
  };
}
