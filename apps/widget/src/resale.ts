import { seatInWords, type PublicWidget, type Resale } from '@portal/contract';
import { alertBox, field, formValues, h, show } from './dom.ts';
import { formatMoney } from './format.ts';
import { cardField } from './payment.ts';
import type { WidgetSource } from './source.ts';

type Ctx = { source: WidgetSource; settings: PublicWidget; panel: HTMLElement; back: () => void };

/** Tickets other fans listed for resale, under the partner's events; empty when there are none. */
export async function resaleOffers(ctx: Ctx): Promise<HTMLElement | null> {
  const offers = await ctx.source.resales().catch(() => [] as Resale[]);
  if (offers.length === 0) return null;
  return h(
    'section',
    { 'aria-label': 'Resale tickets' },
    h('h3', { style: 'margin-top:16px' }, 'Resale tickets'),
    h(
      'div',
      { class: 'grid' },
      offers.map((o) =>
        h(
          'article',
          { class: 'card', 'aria-label': `Resale: ${o.event_name} ${o.ticket_type}` },
          h('div', { class: 'title' }, o.event_name),
          h('span', { class: 'muted' }, o.seat ? `${o.ticket_type} · ${seatInWords(o.seat)}` : o.ticket_type),
          h('span', null, formatMoney(o.price)),
          h('button', { class: 'btn', type: 'button', onclick: () => resaleForm(ctx, o) }, 'Buy resale ticket'),
        ),
      ),
    ),
  );
}

function resaleForm(ctx: Ctx, offer: Resale) {
  const card = cardField(ctx.settings.payments);
  const message = h('div', { 'aria-live': 'polite' });
  const form = h(
    'form',
    null,
    field('Full name', h('input', { name: 'name', autocomplete: 'name', required: true })),
    field('Email', h('input', { name: 'email', type: 'email', autocomplete: 'email', required: true })),
    card.node,
    message,
    h('button', { class: 'btn', type: 'submit' }, `Pay ${formatMoney(offer.price)}`),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const v = formValues(form);
    try {
      await ctx.source.buyResale(offer.ID, { email: v.email ?? '', full_name: v.name ?? '' }, await card.method());
      show(
        ctx.panel,
        h(
          'div',
          { class: 'ok', role: 'status' },
          h('h3', null, `Thank you, ${v.name}!`),
          h('p', null, `The ${offer.ticket_type} ticket to ${offer.event_name} is yours. We e-mailed ${v.email}.`),
          h('button', { class: 'btn alt', type: 'button', onclick: ctx.back }, 'Back to events'),
        ),
      );
    } catch (err) {
      show(message, alertBox((err as Error).message));
    }
  });
  show(
    ctx.panel,
    h('button', { class: 'link', type: 'button', onclick: ctx.back }, '← All events'),
    h('h2', null, offer.event_name),
    h('p', { class: 'muted' }, `Resale · ${offer.ticket_type} · ${formatMoney(offer.price)}`),
    form,
  );
}
