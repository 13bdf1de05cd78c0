import { seatInWords, type HolderTicket } from '@portal/contract';
import { alertBox, field, formValues, h, show, type Child } from './dom.ts';
import { formatWhen } from './format.ts';
import { qrSvg } from './qr.ts';
import type { WidgetSource } from './source.ts';

export type Ctx = { source: WidgetSource; panel: HTMLElement; rerender: () => void };

const statusText: Record<HolderTicket['status'], string> = {
  valid: 'Valid',
  listed: 'Listed for sale',
  refunded: 'Refunded',
  void: 'Cancelled',
};

/** A fan signs in by an e-mailed link that brings them back to this page. */
function signInPrompt(ctx: Ctx) {
  const message = h('div', { 'aria-live': 'polite' });
  const form = h(
    'form',
    null,
    h('p', null, 'Sign in with your e-mail to see the tickets you bought.'),
    field('Email', h('input', { name: 'email', type: 'email', autocomplete: 'email', required: true })),
    message,
    h('button', { class: 'btn', type: 'submit' }, 'Email me a sign-in link'),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const { email } = formValues(form);
    try {
      await ctx.source.sendSignInLink(email ?? '');
      show(
        message,
        h('p', { class: 'ok', role: 'status' }, `We sent a sign-in link to ${email}. Open it to continue.`),
      );
    } catch (err) {
      show(message, alertBox((err as Error).message));
    }
  });
  show(ctx.panel, form);
}

/**
 * Loads the holder's tickets at this partner and draws them, or the sign-in prompt. `notice`, the
 * outcome of what the holder just did, stays above the reloaded list and takes the focus, since the
 * button that was pressed may be gone with its ticket.
 */
export async function withTickets(ctx: Ctx, draw: (tickets: HolderTicket[]) => Child, notice?: HTMLElement) {
  if (!ctx.source.signedIn()) return signInPrompt(ctx);
  show(ctx.panel, notice, h('p', { class: 'muted', role: 'status' }, 'Loading your tickets…'));
  try {
    const tickets = await ctx.source.tickets();
    const signOut = h(
      'button',
      { class: 'link', type: 'button', onclick: () => (ctx.source.signOut(), ctx.rerender()) },
      'Sign out',
    );
    show(ctx.panel, notice, draw(tickets), h('p', null, signOut));
  } catch (err) {
    if (!ctx.source.signedIn()) return signInPrompt(ctx);
    show(ctx.panel, notice, alertBox((err as Error).message));
  }
  notice?.focus();
}

/** Refunded and cancelled tickets no longer get anyone in: they are shown apart, never offered to move. */
const withdrawn = (t: HolderTicket) => t.status === 'refunded' || t.status === 'void';

/** The card's name: the ticket, and its state when it no longer counts. */
export const ticketLabel = (t: HolderTicket) =>
  `${t.event_name} ${t.ticket_type}${t.seat ? ` ${seatInWords(t.seat)}` : ''}${withdrawn(t) ? `, ${statusText[t.status]}` : ''}`;

export const ticketHead = (t: HolderTicket) => [
  h('h3', null, t.event_name),
  h('span', { class: 'muted' }, `${formatWhen(t.start_date, t.time_zone)} · ${t.venue}`),
  h(
    'span',
    null,
    `${t.ticket_type}${t.seat ? `, ${seatInWords(t.seat)}` : ''} `,
    h('span', { class: withdrawn(t) ? 'badge off' : 'badge' }, t.checked_in ? 'Used' : statusText[t.status]),
  ),
  h('span', null, 'Code ', h('span', { class: 'code' }, t.code)),
];

/** What gets a valid ticket in: its QR code to show at the gate, and a PDF of it to keep or print. */
function gatePass(ctx: Ctx, t: HolderTicket) {
  const message = h('div', { 'aria-live': 'polite' });
  const download = h('button', { class: 'btn alt', type: 'button' }, 'Download PDF');
  download.addEventListener('click', async () => {
    download.disabled = true;
    try {
      const url = URL.createObjectURL(await ctx.source.ticketPdf(t.ID));
      const link = h('a', { href: url, download: `ticket-${t.code}.pdf` });
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      show(message);
    } catch (err) {
      show(message, alertBox((err as Error).message));
    } finally {
      download.disabled = false;
    }
  });
  return [qrSvg(t.pass, `QR code of ticket ${t.code}`), download, message];
}

export const existingTab = (ctx: Ctx) =>
  withTickets(ctx, (tickets) =>
    tickets.length === 0
      ? h('p', null, 'You have no tickets here yet.')
      : h(
          'div',
          { class: 'grid' },
          tickets.map((t) =>
            h(
              'article',
              { class: withdrawn(t) ? 'card off' : 'card', 'aria-label': ticketLabel(t) },
              ticketHead(t),
              t.pass && gatePass(ctx, t),
              withdrawn(t) &&
                h(
                  'p',
                  { class: 'muted' },
                  `This ticket was ${t.status === 'refunded' ? 'refunded' : 'cancelled'}: its code no longer gets anyone in.`,
                ),
            ),
          ),
        ),
  );
