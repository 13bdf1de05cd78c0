import { seatInWords, type CheckoutResult, type PublicEvent, type PublicWidget } from '@portal/contract';
import { field, h, show } from './dom.ts';
import { formatMoney } from './format.ts';
import { cardField } from './payment.ts';

/** What every purchase form asks of the buyer: a promo code, their name and e-mail, and the card. */
export function buyerFields(payments: PublicWidget['payments']) {
  const card = cardField(payments);
  return {
    card,
    nodes: [
      field('Promo code', h('input', { name: 'promo', autocomplete: 'off' })),
      field('Full name', h('input', { name: 'name', autocomplete: 'name', required: true })),
      field('Email', h('input', { name: 'email', type: 'email', autocomplete: 'email', required: true })),
      card.node,
    ],
  };
}

/** The thank-you after a purchase, with each ticket's code (and seat). */
export function purchaseDone(
  panel: HTMLElement,
  e: PublicEvent,
  buyer: { name: string; email: string },
  result: CheckoutResult,
  again: () => void,
) {
  show(
    panel,
    h(
      'div',
      { class: 'ok', role: 'status' },
      h('h3', null, `Thank you, ${buyer.name}!`),
      h('p', null, `You paid ${formatMoney(result.total)} for ${result.tickets.length} ticket(s) to ${e.name}.`),
      h(
        'ul',
        null,
        result.tickets.map((t) =>
          h(
            'li',
            null,
            `${t.ticket_type}${t.seat ? `, ${seatInWords(t.seat)}` : ''}: `,
            h('span', { class: 'code' }, t.code),
          ),
        ),
      ),
      h('p', null, `We e-mailed your tickets to ${buyer.email}.`),
      h('button', { class: 'btn alt', type: 'button', onclick: again }, 'Buy more tickets'),
    ),
  );
}
