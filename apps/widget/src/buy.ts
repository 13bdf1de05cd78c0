import type { PublicEvent, PublicWidget } from '@portal/contract';
import { alertBox, field, formValues, h, show } from './dom.ts';
import { formatMoney, formatWhen } from './format.ts';
import { buyerFields, purchaseDone } from './purchase.ts';
import { resaleOffers } from './resale.ts';
import { seatedPurchase } from './seated-buy.ts';
import type { WidgetSource } from './source.ts';

export type Ctx = { source: WidgetSource; settings: PublicWidget; panel: HTMLElement };

/** The Buy Tickets tab: the partner's events on the widget, then one event's purchase form. */
export async function buyTab(ctx: Ctx) {
  show(ctx.panel, h('p', { class: 'muted', role: 'status' }, 'Loading events…'));
  let events: PublicEvent[];
  let resales: HTMLElement | null;
  try {
    [events, resales] = await Promise.all([ctx.source.events(), resaleOffers({ ...ctx, back: () => buyTab(ctx) })]);
  } catch (err) {
    return show(ctx.panel, alertBox((err as Error).message));
  }
  show(
    ctx.panel,
    events.length === 0
      ? h('p', null, 'No events are on sale right now.')
      : h(
          'div',
          { class: 'grid' },
          events.map((e) => eventCard(ctx, e)),
        ),
    resales,
  );
}

function eventCard(ctx: Ctx, e: PublicEvent) {
  const from = Math.min(...e.ticket_types.map((t) => t.price));
  return h(
    'article',
    { class: 'card', 'aria-label': e.name },
    e.image && h('img', { src: ctx.source.fileUrl(e.image), alt: '' }),
    h('h3', null, e.name),
    h('span', { class: 'muted' }, `${formatWhen(e.days[0]!.start_date, e.time_zone)} · ${e.venue}`),
    h('span', null, from > 0 ? `From ${formatMoney(from)}` : 'Free'),
    h(
      'button',
      {
        class: 'btn',
        type: 'button',
        onclick: () =>
          e.seated
            ? seatedPurchase(ctx, e, {
                back: () => buyTab(ctx),
                standing: (types) => buyForm(ctx, { ...e, ticket_types: types }),
              })
            : buyForm(ctx, e),
      },
      'Buy Tickets',
    ),
  );
}

function buyForm(ctx: Ctx, e: PublicEvent) {
  const buyer = buyerFields(ctx.settings.payments);
  const total = h('strong', null, formatMoney(0));
  const message = h('div', { 'aria-live': 'polite' });
  const quantities = e.ticket_types.map((t) =>
    h('input', {
      type: 'number',
      min: 0,
      max: Math.max(0, Math.min(t.left, 20)),
      value: '0',
      name: `qty-${t.ID}`,
      'aria-label': `${t.name} quantity`,
    }),
  );
  const recount = () => {
    const sum = e.ticket_types.reduce((s, t, i) => s + t.price * Number(quantities[i]!.value || 0), 0);
    total.textContent = formatMoney(sum);
  };
  const form = h(
    'form',
    { novalidate: true },
    e.days.length > 1 &&
      field(
        e.time_slots ? 'Time slot' : 'Date',
        h(
          'select',
          { name: 'day' },
          e.days.map((d) =>
            h('option', { value: String(d.ID), disabled: d.left === 0 }, formatWhen(d.start_date, e.time_zone)),
          ),
        ),
      ),
    e.ticket_types.map((t, i) =>
      h(
        'div',
        { class: 'line' },
        h(
          'div',
          null,
          h('div', { class: 'title' }, t.name),
          h('span', { class: 'muted' }, `${formatMoney(t.price)}${t.left <= 0 ? ' · Sold out' : ''}`),
        ),
        field('Quantity', quantities[i]!),
      ),
    ),
    buyer.nodes,
    h('p', null, 'Total before promo: ', total),
    message,
    h('button', { class: 'btn', type: 'submit' }, 'Pay'),
  );
  form.addEventListener('input', recount);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const v = formValues(form);
    const items = e.ticket_types
      .map((t, i) => ({ ticket_type_id: t.ID, quantity: Number(quantities[i]!.value || 0) }))
      .filter((item) => item.quantity > 0);
    if (items.length === 0) return show(message, alertBox('Choose at least one ticket.'));
    const pay = form.querySelector<HTMLButtonElement>('button[type=submit]')!;
    pay.disabled = true;
    show(message, h('p', { class: 'muted' }, 'Paying…'));
    try {
      const result = await ctx.source.checkout({
        event_id: e.ID,
        event_day_id: Number(v.day ?? e.days[0]!.ID),
        items,
        ...(v.promo ? { promo_code: v.promo } : {}),
        buyer: { email: v.email ?? '', full_name: v.name ?? '' },
        payment_method: await buyer.card.method(),
      });
      purchaseDone(ctx.panel, e, { name: v.name ?? '', email: v.email ?? '' }, result, () => buyTab(ctx));
    } catch (err) {
      pay.disabled = false;
      show(message, alertBox((err as Error).message));
    }
  });
  show(
    ctx.panel,
    h('button', { class: 'link', type: 'button', onclick: () => buyTab(ctx) }, '← All events'),
    h('h2', null, e.name),
    h('p', { class: 'muted' }, `${e.venue} · ${formatWhen(e.days[0]!.start_date, e.time_zone)}`),
    e.description && h('p', null, e.description),
    form,
  );
}
