import { sql } from 'drizzle-orm';
import type { checkoutBodySchema } from '@portal/contract';
import type { z } from 'zod';
import { statementShapes, type Db } from '../../db/client.ts';
import { batchedPerDatabase } from '../../lib/batched.ts';
import { conflict, invalid, notFound } from '../../lib/http-error.ts';
import { onSaleCondition } from './catalogue.ts';
import { discountedPrice, isPromoOpen } from './pricing.ts';
import { releaseAttempt, type Claim, type PurchaseKey } from './attempts.ts';
import { seatsOfLines, type HeldSeat } from './seats.ts';
import type { StockMemo, Want } from './stock-memo.ts';

type Input = z.output<typeof checkoutBodySchema>;

type Found = {
  event: { id: number; name: string } | null;
  day: { id: number; end_date: string; quantity: number; sold: number } | null;
  types: { id: number; name: string; price_cents: number; available: number; seat_category_id: number | null }[];
  /** The map the event sells from, when it sells seats. */
  seat_map_id: number | null;
  /** The seats of the buyer's hold on this day and this event's map, by seat id; null without a hold. */
  held: HeldSeat[] | null;
  /** The purchase key, claimed by this read when it was new (see `quoteBasket`). */
  claim: Claim | null;
  promo: {
    id: number;
    coupon_type: 'flat' | 'percentage';
    discount_cents: number;
    percentage: number;
    start_date: string;
    end_date: string;
    draft: boolean;
    active: boolean;
    attached: number[];
  } | null;
};

/** What one basket read asks: the buyer's basket, and their purchase key when it is to be claimed. */
type Ask = {
  partner: number;
  event: number;
  day: number;
  types: number[];
  now: string;
  key: string | null;
  hash: string | null;
  hold: string | null;
  promo: string | null;
};

const basketShapes = statementShapes('baskets');

/**
 * Everything a basket's price and rules depend on: the event on the widget, the day, the ticket types
 * on sale now with what is left of each, and the promo with its attachments; with a purchase key, the
 * same statement claims it when it is new. The baskets asked for at once are read in one statement
 * (`batched`), and their keys claimed in one commit, where each sale's had been a statement and a
 * commit of its own: with up to 32 looks at once (`createStockMemo`), 200 buyers on two cores bought
 * 2,238 – 2,547 a second where they had bought 1,436 – 1,776 (docs/benchmarks.md).
 */
const readBasket = batchedPerDatabase(async (db: Db, asks: Ask[]) => {
  const rows = await basketShapes<Found & { i: number }>(db, '', basketStatement, {
    baskets: JSON.stringify(asks.map((ask, i) => ({ ...ask, i }))),
  });
  const found: Found[] = [];
  for (const { i, ...row } of rows) found[i] = row;
  // The same key twice in one batch: the insert claimed it once, for the first of them.
  const claimed = new Set<number>();
  for (const f of found) {
    if (!f.claim) continue;
    if (claimed.has(f.claim.id)) f.claim = null;
    else claimed.add(f.claim.id);
  }
  return found;
});

function findBasket(db: Db, input: Input, typeIds: number[], now: Date, key: PurchaseKey | null) {
  return readBasket(db)({
    partner: input.partner_id,
    event: input.event_id,
    day: input.event_day_id,
    types: typeIds,
    now: now.toISOString(),
    key: key?.key ?? null,
    hash: key?.hash() ?? null,
    hold: input.seat_hold ?? null,
    promo: input.promo_code ?? null,
  });
}

const basketStatement = () => sql`with w as materialized (
    select * from jsonb_to_recordset(${sql.placeholder('baskets')}::jsonb) as w(i int, partner int, event int, day int,
      types int[], now timestamptz, key text, hash text, hold uuid, promo text)),
  -- Only for a partner that exists: an unknown one is the price read's 404, not a broken key. In one
  -- order, so that two statements claiming the same keys never wait on each other crosswise.
  claimed as (insert into checkout_attempts (partner_id, idempotency_key, request_hash)
    select w.partner, w.key, w.hash from w
    where w.key is not null and exists (select 1 from partners where id = w.partner)
    order by w.partner, w.key
    on conflict do nothing returning partner_id, idempotency_key, id, claimed_at::text as claimed_at)
  select w.i,
    (select json_build_object('id', c.id, 'claimedAt', c.claimed_at) from claimed c
      where c.partner_id = w.partner and c.idempotency_key = w.key) as claim,
    (select json_build_object('id', e.id, 'name', e.name) from events e
      where e.id = w.event and e.partner_id = w.partner and e.active_on_widget) as event,
    (select json_build_object('id', d.id, 'end_date', d.end_date, 'quantity', d.quantity, 'sold', d.sold)
      from event_days d join events e on e.id = d.event_id
      where d.id = w.day and d.event_id = w.event and e.partner_id = w.partner) as day,
    coalesce((select json_agg(json_build_object('id', ticket_types.id, 'name', ticket_types.name,
        'price_cents', ticket_types.initial_price_cents,
        'available', ticket_types.amount - ticket_types.sold - ticket_types.holds_amount,
        'seat_category_id', (select c.seat_category_id from ticket_type_seat_categories c where c.ticket_type_id = ticket_types.id)))
      from ticket_types join events on events.id = ticket_types.event_id
      where ticket_types.id = any(w.types) and ticket_types.event_id = w.event
        and events.partner_id = w.partner and ticket_types.status and ${onSaleCondition(sql`w.now`)}), '[]') as types,
    (select es.seat_map_id from event_seating es where es.event_id = w.event) as seat_map_id,
    case when w.hold is not null then coalesce((select json_agg(json_build_object('id', s.id, 'category_id', s.category_id,
        'category', c.name, 'expired', ds.expires_at <= now()) order by s.id)
      from event_day_seats ds join seats s on s.id = ds.seat_id join seat_categories c on c.id = s.category_id
      join event_seating es on es.seat_map_id = s.seat_map_id and es.event_id = w.event
      where ds.hold_token = w.hold and ds.event_day_id = w.day and ds.state = 'reserved'), '[]') end as held,
    (select json_build_object('id', p.id, 'coupon_type', p.coupon_type, 'discount_cents', p.discount_cents,
        'percentage', p.percentage, 'start_date', p.start_date, 'end_date', p.end_date, 'draft', p.draft,
        'active', p.active, 'attached',
        coalesce((select json_agg(a.ticket_type_id) from promocode_ticket_types a where a.promocode_id = p.id), '[]'))
      from promocodes p where w.promo is not null and p.partner_id = w.partner and lower(p.code) = lower(w.promo)) as promo
  from w`;

export type Quote = Awaited<ReturnType<typeof quoteBasket>>;

/**
 * The basket priced from the database (never from the browser), after every rule a sale must pass.
 * A first look at the stock spares a charge that would be given back; the guarded write decides.
 */
export async function quoteBasket(
  db: Db,
  input: Input,
  now: Date,
  memo: StockMemo,
  key: PurchaseKey | null = null,
  whileWaiting?: () => void,
) {
  const typeIds = [...new Set(input.items.map((i) => i.ticket_type_id))];
  if (typeIds.length !== input.items.length)
    throw invalid('Each ticket type appears once.', { items: 'duplicate ticket type' });
  const wanted = input.items.reduce((sum, i) => sum + i.quantity, 0);
  const wants: Want[] = [
    ...input.items.map((i): Want => [`type:${i.ticket_type_id}`, i.quantity]),
    [`day:${input.event_day_id}`, wanted],
  ];
  // In a rush, a buyer asking for more than is left, less what buyers here are paying for or looking
  // for, hears so without a query: on joining the line, while in it, and when their turn comes
  // (`StockMemo.look`).
  const short = () => conflict('Not enough tickets are left.');
  /** The basket read (claiming the key when asked), what it saw told to the memo, and when it was sent. */
  const read = async (claiming: typeof key) => {
    const sentAt = memo.now();
    const basket = await findBasket(db, input, typeIds, now, claiming);
    // Told before the turn passes on, so the buyers in line are judged by this look too.
    for (const t of basket.types) memo.saw(`type:${t.id}`, t.available);
    if (basket.day && basket.day.quantity > 0) memo.saw(`day:${basket.day.id}`, basket.day.quantity - basket.day.sold);
    return { basket, sentAt };
  };
  const found = await memo.look(
    wants,
    async (hold) => {
      let { basket, sentAt } = await read(key);
      // The last tickets, and sales being written that this read may have missed: the buyer is not
      // promised them (and charged, and given the money back at the write) but looks again once
      // those sales are written, when a read sees them for certain.
      while (!memo.lacks(wants, hold) && memo.unsure(wants, sentAt, hold)) {
        await memo.afterWrites(wants);
        const again = await read(null);
        basket = { ...again.basket, claim: basket.claim };
        sentAt = again.sentAt;
      }
      // Held from the turn on, so no two buyers here are promised the same last tickets; held until
      // the sale is written, so the buyers behind are judged by what is left after this one.
      if (!memo.lacks(wants, hold)) return { basket, hold };
      hold.release();
      return { basket, hold: null };
    },
    whileWaiting,
  );
  if (!found) throw short();
  const { claim, ...basket } = found.basket;
  try {
    if (!found.hold) throw short();
    return { ...priceFound(input, now, typeIds, wanted, basket), claim, hold: found.hold };
  } catch (err) {
    found.hold?.release();
    if (!claim) throw err;
    // Refused before any charge: the key is free again, as if this attempt had never claimed it.
    await releaseAttempt(db, claim);
    throw new RefusedWithNewKey(err);
  }
}

/**
 * A refusal after this very look claimed the buyer's key: the key was new, so no earlier attempt has
 * an answer for it (a read of the key made meanwhile may even have seen this attempt's own claim).
 */
export class RefusedWithNewKey extends Error {
  constructor(readonly refusal: unknown) {
    super('refused with a new purchase key');
  }
}

function priceFound(
  input: Input,
  now: Date,
  typeIds: number[],
  wanted: number,
  { event, day, types, promo, seat_map_id, held }: Omit<Found, 'claim'>,
) {
  if (!event) throw notFound('Event');
  if (!day || new Date(day.end_date) <= now) throw notFound('Day');
  if (types.length !== typeIds.length) throw notFound('Ticket type');
  if (input.seat_hold && seat_map_id === null)
    throw invalid('This event is not sold by seat: buy its tickets without choosing seats.', {
      seat_hold: 'not a seated event',
    });
  const open =
    promo && isPromoOpen({ ...promo, startDate: new Date(promo.start_date), endDate: new Date(promo.end_date) }, now);
  if (input.promo_code && !open) throw invalid('This promo code is not valid now.', { promo_code: 'not valid' });
  const attached = new Set(open ? promo.attached : []);
  if (open && !typeIds.some((id) => attached.has(id)))
    throw invalid('This promo code does not apply to these tickets.', { promo_code: 'not for these tickets' });

  const lines = input.items.map((item) => {
    const type = types.find((t) => t.id === item.ticket_type_id)!;
    const applies = open ? attached.has(type.id) : false;
    return {
      item,
      type,
      promocodeId: applies ? promo!.id : null,
      unitCents: discountedPrice(
        type.price_cents,
        applies
          ? { couponType: promo!.coupon_type, discountCents: promo!.discount_cents, percentage: promo!.percentage }
          : null,
      ),
    };
  });
  if (lines.some((l) => l.type.available < l.item.quantity) || (day.quantity > 0 && day.quantity - day.sold < wanted))
    throw conflict('Not enough tickets are left.');
  const seats = seatsOfLines(
    lines.map((l) => ({ typeId: l.type.id, categoryId: l.type.seat_category_id, quantity: l.item.quantity })),
    held,
    input.seat_types,
  );
  return {
    event,
    day,
    lines: lines.map((l) => ({ ...l, seats: seats.get(l.type.id) ?? [] })),
    seatHold: input.seat_hold ?? null,
    totalCents: lines.reduce((sum, l) => sum + l.unitCents * l.item.quantity, 0),
  };
}
