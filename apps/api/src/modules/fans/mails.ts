import type { Mail } from '../../adapters/mail/index.ts';
import { escapeHtml } from '../../lib/html.ts';

export const identityPinMail = (to: string, pin: string, minutes: number): Mail => {
  const lines = [
    `Your identity PIN is ${pin}.`,
    `Read it out to the member of staff who asked for it. It works for ${minutes} minutes.`,
    'If you did not ask anyone to confirm your identity, ignore this e-mail.',
  ];
  return {
    to,
    subject: 'Your identity PIN',
    text: `${lines.join('\n\n')}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">${lines
      .map((l) => `<p>${escapeHtml(l)}</p>`)
      .join('\n')}</body></html>`,
  };
};
