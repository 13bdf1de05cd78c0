import type { Mail } from '../../adapters/mail/index.ts';
import { escapeHtml } from '../../lib/html.ts';

export function confirmationMail(
  to: string,
  eventName: string,
  tickets: { code: string; ticket_type: string }[],
): Mail {
  const list = tickets.map((t) => `${t.ticket_type}: ${t.code}`);
  return {
    to,
    subject: `Your tickets for ${eventName}`,
    text: `Thank you for your order.\n\n${list.join('\n')}\n\nShow a ticket's code at the gate.\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif"><p>Thank you for your order for <b>${escapeHtml(eventName)}</b>.</p><ul>${list
      .map((l) => `<li>${escapeHtml(l)}</li>`)
      .join('')}</ul><p>Show a ticket's code at the gate.</p></body></html>`,
  };
}
