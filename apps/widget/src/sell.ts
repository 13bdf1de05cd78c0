import type { HolderTicket } from '@portal/contract';
import { alertBox, field, formValues, h, show } from './dom.ts';
import { ticketHead, ticketLabel, withTickets, type Ctx } from './holder.ts';

/** The Sell and Transfer tab: only what each event allows; `notice` tells what was just done. */
export const sellTab = (ctx: Ctx, notice?: HTMLElement) =>
  withTickets(
    ctx,
    (tickets) => {
      const movable = tickets.filter((t) => t.transferable || t.resellable || t.status === 'listed');
      if (movable.length === 0) return h('p', null, 'None of your tickets can be sold or transferred here.');
      return h(
        'div',
        { class: 'grid' },
        movable.map((t) => movableCard(ctx, t)),
      );
    },
    notice,
  );

/** What a transfer moved and to whom, in words the sender can check against their ticket. */
export function transferredText(t: HolderTicket, email: string, name: string) {
  const to = name ? `${name} (${email})` : email;
  return [
    `Ticket ${t.code} (${t.ticket_type}, ${t.event_name}) transferred to ${to}.`,
    `The code ${t.code} no longer works: they see the ticket, with a new code, under Existing Tickets when they sign in with ${email}.`,
  ];
}

function movableCard(ctx: Ctx, t: HolderTicket) {
  const area = h('div');
  /**
   * Runs one change once (its button waits), then reloads the list under the outcome; a refusal is
   * said beside the button, leaving what was typed.
   */
  const act = async (button: HTMLButtonElement, message: HTMLElement, run: () => Promise<void>, done: string[]) => {
    button.disabled = true;
    try {
      await run();
    } catch (err) {
      button.disabled = false;
      return show(message, alertBox((err as Error).message));
    }
    const notice = h(
      'div',
      { class: 'ok', role: 'status', tabindex: '-1' },
      done.map((line) => h('p', null, line)),
    );
    await sellTab(ctx, notice);
  };
  /** A form of the card: its fields, its button, and a place for its refusal. */
  const cardForm = (
    label: string,
    fields: HTMLElement[],
    submit: (form: HTMLFormElement) => [() => Promise<void>, string[]],
  ) => {
    const button = h('button', { class: 'btn', type: 'submit' }, label);
    const message = h('div', { 'aria-live': 'polite' });
    const form = h('form', null, fields, message, button);
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void act(button, message, ...submit(form));
    });
    show(area, form);
    fields[0]?.querySelector('input')?.focus();
  };
  const transferForm = () =>
    cardForm(
      'Transfer ticket',
      [
        field('Recipient email', h('input', { name: 'email', type: 'email', autocomplete: 'off', required: true })),
        field('Recipient name', h('input', { name: 'name', autocomplete: 'off' })),
      ],
      (form) => {
        const { email = '', name = '' } = formValues(form);
        return [() => ctx.source.transfer(t.ID, email, name), transferredText(t, email, name)];
      },
    );
  const sellForm = () =>
    cardForm(
      'List for sale',
      [field('Price (USD)', h('input', { name: 'price', type: 'number', min: 0, step: '0.01', required: true }))],
      (form) => [() => ctx.source.sell(t.ID, Number(formValues(form).price)), ['Your ticket is listed for sale.']],
    );
  const takeOff = (e: Event) =>
    act(e.currentTarget as HTMLButtonElement, area, () => ctx.source.cancelSale(t.ID), ['Taken off sale.']);
  return h(
    'article',
    { class: 'card', 'aria-label': ticketLabel(t) },
    ticketHead(t),
    h(
      'div',
      { class: 'row' },
      t.transferable && h('button', { class: 'btn alt', type: 'button', onclick: transferForm }, 'Transfer'),
      t.resellable && h('button', { class: 'btn alt', type: 'button', onclick: sellForm }, 'Sell'),
      t.status === 'listed' && h('button', { class: 'btn alt', type: 'button', onclick: takeOff }, 'Take off sale'),
    ),
    area,
  );
}
