import { seatInWords, type SeatPlace } from '@portal/contract';
import type { Mail } from '../../adapters/mail/index.ts';
import { escapeHtml } from '../../lib/html.ts';
import { qrPng } from '../../lib/qr-code.ts';

/**
 * The order's confirmation: each ticket's QR code inline, its code in text beside it for a gate that
 * types, and its seat when it has one. A ticket without a pass (one already refunded when the mail
 * goes) has its code only.
 */
export function confirmationMail(
  to: string,
  eventName: string,
  tickets: { code: string; ticket_type: string; seat?: SeatPlace | null; pass?: string }[],
): Mail {
  const list = tickets.map(
    ({ ticket_type, code, seat }) => `${ticket_type}: ${code}${seat ? `, ${seatInWords(seat)}` : ''}`,
  );
  const qr = (t: (typeof tickets)[number]) =>
    t.pass
      ? `<img src="cid:ticket-${t.code}" width="200" height="200" alt="QR code of ticket ${escapeHtml(t.code)}" style="display:block">`
      : '';
  return {
    to,
    subject: `Your tickets for ${eventName}`,
    text: `Thank you for your order.\n\n${list.join('\n')}\n\nShow a ticket's QR code, or tell its code, at the gate.\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif"><p>Thank you for your order for <b>${escapeHtml(eventName)}</b>.</p><ul>${tickets
      .map((t, i) => `<li style="margin-bottom:16px">${qr(t)}${escapeHtml(list[i]!)}</li>`)
      .join('')}</ul><p>Show a ticket's QR code, or tell its code, at the gate.</p></body></html>`,
    attachments: tickets.flatMap((t) =>
      t.pass
        ? [
            {
              filename: `ticket-${t.code}.png`,
              contentType: 'image/png',
              content: qrPng(t.pass),
              cid: `ticket-${t.code}`,
            },
          ]
        : [],
    ),
  };
}
