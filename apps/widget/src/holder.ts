import type { HolderTicket } from '@portal/contract';
import { alertBox, field, formValues, h, show, type Child } from './dom.ts';
import { formatWhen } from './format.ts';
import type { WidgetSource } from './source.ts';

type Ctx = { source: WidgetSource; panel: HTMLElement; rerender: () => void };

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

/** Loads the holder's tickets at this partner and draws them, or the sign-in prompt. */
async function withTickets(ctx: Ctx, draw: (tickets: HolderTicket[]) => Child) {
  if (!ctx.source.signedIn()) return signInPrompt(ctx);
  show(ctx.panel, h('p', { class: 'muted', role: 'status' }, 'Loading your tickets…'));
  try {
    const tickets = await ctx.source.tickets();
    const signOut = h(
      'button',
      { class: 'link', type: 'button', onclick: () => (ctx.source.signOut(), ctx.rerender()) },
      'Sign out',
    );
    show(ctx.panel, draw(tickets), h('p', null, signOut));
  } catch (err) {
    if (!ctx.source.signedIn()) return signInPrompt(ctx);
    show(ctx.panel, alertBox((err as Error).message));
  }
}

const ticketHead = (t: HolderTicket) => [
  h('h3', null, t.event_name),
  h('span', { class: 'muted' }, `${formatWhen(t.start_date, t.time_zone)} · ${t.venue}`),
  h('span', null, `${t.ticket_type} `, h('span', { class: 'badge' }, t.checked_in ? 'Used' : statusText[t.status])),
];

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
              { class: 'card', 'aria-label': `${t.event_name} ${t.ticket_type}` },
              ticketHead(t),
              h('span', null, 'Code ', h('span', { class: 'code' }, t.code)),
            ),
          ),
        ),
  );

/** The Sell and Transfer tab: only what each event allows. */
export const sellTab = (ctx: Ctx) =>
  withTickets(ctx, (tickets) => {
    const movable = tickets.filter((t) => t.transferable || t.resellable || t.status === 'listed');
    if (movable.length === 0) return h('p', null, 'None of your tickets can be sold or transferred here.');
    return h(
      'div',
      { class: 'grid' },
      movable.map((t) => movableCard(ctx, t)),
    );
  });

function movableCard(ctx: Ctx, t: HolderTicket) {
  const area = h('div', { 'aria-live': 'polite' });
  const act = async (run: () => Promise<void>, done: string) => {
    try {
      await run();
      show(area, h('p', { class: 'ok', role: 'status' }, done));
      setTimeout(ctx.rerender, 1500);
    } catch (err) {
      show(area, alertBox((err as Error).message));
    }
  };
  const transferForm = () => {
    const form = h(
      'form',
      null,
      field('Recipient email', h('input', { name: 'email', type: 'email', required: true })),
      field('Recipient name', h('input', { name: 'name' })),
      h('button', { class: 'btn', type: 'submit' }, 'Transfer ticket'),
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const v = formValues(form);
      void act(() => ctx.source.transfer(t.ID, v.email ?? '', v.name ?? ''), `Ticket transferred to ${v.email}.`);
    });
    show(area, form);
  };
  const sellForm = () => {
    const form = h(
      'form',
      null,
      field('Price (USD)', h('input', { name: 'price', type: 'number', min: 0, step: '0.01', required: true })),
      h('button', { class: 'btn', type: 'submit' }, 'List for sale'),
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void act(() => ctx.source.sell(t.ID, Number(formValues(form).price)), 'Your ticket is listed for sale.');
    });
    show(area, form);
  };
  return h(
    'article',
    { class: 'card', 'aria-label': `${t.event_name} ${t.ticket_type}` },
    ticketHead(t),
    h(
      'div',
      { class: 'row' },
      t.transferable && h('button', { class: 'btn alt', type: 'button', onclick: transferForm }, 'Transfer'),
      t.resellable && h('button', { class: 'btn alt', type: 'button', onclick: sellForm }, 'Sell'),
      t.status === 'listed' &&
        h(
          'button',
          {
            class: 'btn alt',
            type: 'button',
            onclick: () => act(() => ctx.source.cancelSale(t.ID), 'Taken off sale.'),
          },
          'Take off sale',
        ),
    ),
    area,
  );
}
