import { seatHoldMax, type DaySeats, type PublicEvent, type SeatHold, type SeatHoldBody } from '@portal/contract';
import type { Ctx } from './buy.ts';
import { alertBox, field, formValues, h, show } from './dom.ts';
import { formatMoney, formatWhen } from './format.ts';
import { buyerFields, purchaseDone } from './purchase.ts';

type Step = Ctx & {
  e: PublicEvent;
  dayId: number;
  area: HTMLElement;
  back: () => void;
  /** The event's tickets without a seat (standing), bought as at an event without seats. */
  standing: (types: PublicEvent['ticket_types']) => void;
  /**
   * What the buyer is doing now: the hold they are paying for (let go if they leave for another event
   * or day) and the step on screen. An answer that comes for a step no longer on screen draws nothing.
   */
  now: { hold: string | null; step: Step | null };
};

/**
 * A seated event: the buyer picks seats on the map (or asks for the best ones together), the seats
 * are held for them while they pay, then each seat is paid as a ticket of a type that sells it.
 */
export function seatedPurchase(
  ctx: Ctx,
  e: PublicEvent,
  { back, standing }: { back: () => void; standing: Step['standing'] },
) {
  const area = h('div');
  const now: Step['now'] = { hold: null, step: null };
  const letGo = () => {
    if (now.hold) void ctx.source.releaseSeats(now.hold).catch(() => undefined);
    now.hold = null;
    now.step = null;
  };
  const step = (dayId: number): Step => (now.step = { ...ctx, e, dayId, area, back, standing, now });
  const days =
    e.days.length > 1 &&
    h(
      'select',
      {
        name: 'day',
        onchange: (ev: Event) => {
          letGo();
          void choose(step(Number((ev.target as HTMLSelectElement).value)));
        },
      },
      e.days.map((d) =>
        h('option', { value: String(d.ID), disabled: d.left === 0 }, formatWhen(d.start_date, e.time_zone)),
      ),
    );
  show(
    ctx.panel,
    h(
      'button',
      {
        class: 'link',
        type: 'button',
        onclick: () => {
          letGo();
          back();
        },
      },
      '← All events',
    ),
    h('h2', null, e.name),
    h('p', { class: 'muted' }, `${e.venue} · ${formatWhen(e.days[0]!.start_date, e.time_zone)}`),
    e.description && h('p', null, e.description),
    days && field(e.time_slots ? 'Time slot' : 'Date', days),
    area,
  );
  void choose(step(e.days.find((d) => d.left !== 0)?.ID ?? e.days[0]!.ID));
}

/** The map of a day's seats, and the two ways to hold some: chosen ones, or the best together. */
async function choose(s: Step, notice?: string) {
  if (s.now.step !== s) return;
  show(s.area, h('p', { class: 'muted', role: 'status' }, 'Loading seats…'));
  let chooser: Awaited<ReturnType<Ctx['source']['seatChooser']>>;
  let data: DaySeats;
  try {
    [chooser, data] = await Promise.all([s.source.seatChooser(), s.source.daySeats(s.e.ID, s.dayId)]);
  } catch (err) {
    if (s.now.step !== s) return;
    return show(
      s.area,
      alertBox((err as Error).message),
      h('button', { class: 'btn alt', type: 'button', onclick: () => choose(s) }, 'Try again'),
    );
  }
  if (s.now.step !== s) return;
  const message = h('div', { 'aria-live': 'polite' }, notice && alertBox(notice));
  const go = h('button', { class: 'btn', type: 'button', disabled: true }, 'Continue');
  const picker = chooser.seatChooser(data, {
    max: seatHoldMax,
    onChange: (list) => {
      go.disabled = list.length === 0;
      go.textContent =
        list.length === 0 ? 'Continue' : `Continue with ${list.length} seat${list.length > 1 ? 's' : ''}`;
    },
  });
  const hold = async (button: HTMLButtonElement, body: SeatHoldBody) => {
    button.disabled = true;
    show(message, h('p', { class: 'muted' }, 'Holding your seats…'));
    try {
      const held = await s.source.holdSeats(s.e.ID, s.dayId, body);
      // The buyer went on to another day or event meanwhile: these seats are nobody's.
      if (s.now.step !== s) return void s.source.releaseSeats(held.hold).catch(() => undefined);
      pay(s, data, held);
    } catch (err) {
      // Someone else was quicker, or the seats changed: the map is read again with the reason above it.
      if (s.now.step === s) void choose(s, (err as Error).message);
    }
  };
  go.addEventListener('click', () => hold(go, { seat_ids: picker.chosen().map((seat) => seat.id) }));

  const count = h(
    'select',
    { name: 'count' },
    Array.from({ length: seatHoldMax }, (_, i) => h('option', { value: String(i + 1), selected: i === 1 }, i + 1)),
  );
  const type = h(
    'select',
    { name: 'type' },
    data.ticket_types.map((t) => h('option', { value: String(t.ID) }, `${t.name} · ${formatMoney(t.price)}`)),
  );
  const best = h(
    'button',
    { class: 'btn alt', type: 'button', disabled: data.ticket_types.length === 0 },
    'Find best seats',
  );
  best.addEventListener('click', () =>
    hold(best, { best_available: { ticket_type_id: Number(type.value), count: Number(count.value) } }),
  );
  const unseated = s.e.ticket_types.filter((t) => !data.ticket_types.some((seated) => seated.ID === t.ID));
  show(
    s.area,
    message,
    unseated.length > 0 &&
      h(
        'p',
        null,
        h(
          'button',
          {
            class: 'link',
            type: 'button',
            onclick: () => {
              s.now.step = null;
              s.standing(unseated);
            },
          },
          `Tickets without a seat: ${unseated.map((t) => t.name).join(', ')}`,
        ),
      ),
    h(
      'div',
      { class: 'line', role: 'group', 'aria-label': 'Best available seats' },
      h('div', { class: 'row' }, field('Seats', count), field('Ticket type', type)),
      best,
    ),
    picker.node,
    go,
  );
}

/** The held seats, a ticket type for each, the buyer's details and the card, with the hold's time left. */
function pay(s: Step, data: DaySeats, held: SeatHold) {
  s.now.hold = held.hold;
  const typesOf = (categoryId: number) => data.ticket_types.filter((t) => t.seat_category_id === categoryId);
  const choices = held.seats.map((seat) => {
    const types = typesOf(seat.seat_category_id);
    const where = `${seat.section} row ${seat.row} seat ${seat.label}`;
    const select = h(
      'select',
      { name: `seat-${seat.ID}`, 'aria-label': `Ticket for ${where}` },
      types.map((t) => h('option', { value: String(t.ID) }, `${t.name} · ${formatMoney(t.price)}`)),
    );
    return { seatId: seat.ID, where, types, select };
  });
  const total = h('strong');
  const recount = () => {
    const sum = choices.reduce((sum, c) => sum + (c.types.find((t) => t.ID === Number(c.select.value))?.price ?? 0), 0);
    total.textContent = formatMoney(sum);
  };
  recount();

  const timer = h('p', { role: 'timer', 'aria-live': 'off', class: 'badge' });
  // The countdown is not read out each second; its end is, politely.
  const ranOut = h('div', { 'aria-live': 'polite' });
  const ends = Date.parse(held.expires_at);
  const tick = () => {
    if (!timer.isConnected && timer.textContent) return clearInterval(every);
    const left = Math.max(0, Math.round((ends - Date.now()) / 1000));
    timer.textContent = `Your seats are held for you for ${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}.`;
    if (left > 0) return;
    clearInterval(every);
    timer.hidden = true;
    show(
      ranOut,
      alertBox('The hold on your seats has run out: they may still be free. Pay now, or choose seats again.'),
    );
  };
  const every = setInterval(tick, 1000);
  tick();

  const release = () => {
    s.now.hold = null;
    return s.source.releaseSeats(held.hold).catch(() => undefined);
  };
  const buyer = buyerFields(s.settings.payments);
  const message = h('div', { 'aria-live': 'polite' });
  const form = h(
    'form',
    { novalidate: true },
    h(
      'ul',
      { class: 'seats', 'aria-label': 'Your seats' },
      choices.map((c) =>
        h(
          'li',
          { class: 'line' },
          h('span', { class: 'title' }, c.where),
          c.types.length > 1 ? c.select : h('span', null, c.select.selectedOptions[0]?.textContent ?? ''),
        ),
      ),
    ),
    buyer.nodes,
    h('p', null, 'Total before promo: ', total),
    message,
    h(
      'div',
      { class: 'row' },
      h('button', { class: 'btn', type: 'submit' }, 'Pay'),
      h(
        'button',
        {
          class: 'btn alt',
          type: 'button',
          onclick: () => {
            clearInterval(every);
            void release().then(() => choose(s));
          },
        },
        'Choose other seats',
      ),
    ),
  );
  form.addEventListener('change', recount);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const v = formValues(form);
    const counts = new Map<number, number>();
    for (const c of choices) counts.set(Number(c.select.value), (counts.get(Number(c.select.value)) ?? 0) + 1);
    const seatTypes = choices.map((c) => ({ seat_id: c.seatId, ticket_type_id: Number(c.select.value) }));
    const submit = form.querySelector<HTMLButtonElement>('button[type=submit]')!;
    submit.disabled = true;
    show(message, h('p', { class: 'muted' }, 'Paying…'));
    try {
      const result = await s.source.checkout({
        event_id: s.e.ID,
        event_day_id: s.dayId,
        seat_hold: held.hold,
        seat_types: seatTypes,
        items: [...counts].map(([ticket_type_id, quantity]) => ({ ticket_type_id, quantity })),
        ...(v.promo ? { promo_code: v.promo } : {}),
        buyer: { email: v.email ?? '', full_name: v.name ?? '' },
        payment_method: await buyer.card.method(),
      });
      clearInterval(every);
      s.now.hold = null;
      purchaseDone(s.panel, s.e, { name: v.name ?? '', email: v.email ?? '' }, result, s.back);
    } catch (err) {
      submit.disabled = false;
      show(message, alertBox((err as Error).message));
    }
  });
  show(s.area, h('h3', null, 'Your seats'), timer, ranOut, form);
}
