import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { CheckoutResult } from '@portal/contract';
import { preparedRows, type Db, type Tx } from '../../db/client.ts';
import { conflict } from '../../lib/http-error.ts';

/** One line of a basket: a quantity of one ticket type at one price. */
export type BasketLine = {
  ticketTypeId: number;
  quantity: number;
  unitPriceCents: number;
  promocodeId?: number | null;
  /** The ticket type's name, as the answer and the confirmation mail say it. */
  name?: string;
  /** A seated line's seats, one per ticket in order, all of the basket's `seatHold`. */
  seatIds?: number[];
};

/** What one buyer buys at once: lines of distinct ticket types of one day of one event. */
export type Basket = {
  partnerId: number;
  eventId: number;
  eventDayId: number;
  /** A known user, or the buyer's details: a first purchase creates their user. */
  buyer: { id: number } | { email: string; full_name: string };
  lines: BasketLine[];
  /** The buyer's seat hold whose seats the lines sell (`POST …/seat-holds`). */
  seatHold?: string | null;
  paymentRef?: string;
  createdAt?: Date;
};

/** Where the sale's answer is kept for retries under the buyer's purchase key (`attempts.ts`). */
export type SaleOptions = {
  attempt?: { id: number; claimedAt: string } | null;
  /** Queue the confirmation mail, sent after the commit (`confirmations.ts`). */
  mail?: { eventName: string } | null;
};

export type SaleLine = Omit<Basket, 'lines' | 'buyer'> & BasketLine & { buyerId: number };

/** The type's stock guard refused: less than the line's quantity was left (what the stock memo learns from). */
export const isTypeSoldOut = (err: unknown) => (err as { soldOut?: boolean } | null)?.soldOut === true;

/** The buyer's seat hold is gone: unknown, of another day, or its seats taken over by another buyer. */
export const seatsNotHeld = () => conflict('Your seats are no longer held. Choose your seats again.');

/** The sale was not written because a retry under the same purchase key took the attempt over. */
export class Superseded extends Error {}

/** A ticket code people can read out or type at the gate: 12 characters of Crockford base32. */
export function newTicketCode(): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  return Array.from(randomBytes(12), (b) => alphabet[b % 32]).join('');
}

const refusals: Record<string, () => Error> = {
  type_sold_out: () => Object.assign(conflict('Not enough tickets of this type are left.'), { soldOut: true }),
  day_sold_out: () => conflict('Not enough tickets are left for this day or time slot.'),
  promo_used_up: () => conflict('This promo code has been used up for this ticket type.'),
  seats_not_held: () => seatsNotHeld(),
  superseded: () => new Superseded(),
};

/** The database function's refusal (migrations 0017 and 0030 raise them), as the checkout answers it. */
function refusalOf(err: unknown): Error | null {
  const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const raised = e?.code === 'P0001' ? e : e?.cause?.code === 'P0001' ? e.cause : null;
  const refusal = raised?.message ? refusals[raised.message] : undefined;
  return refusal ? refusal() : null;
}

/** What `record_sale` takes: the basket, its lines in ticket type order (the lock order of every writer of stock). */
function salePayload(basket: Basket, options: SaleOptions) {
  const lines = [...basket.lines].sort((a, b) => a.ticketTypeId - b.ticketTypeId);
  return {
    partner_id: basket.partnerId,
    event_id: basket.eventId,
    event_day_id: basket.eventDayId,
    event_name: options.mail?.eventName ?? '',
    payment_ref: basket.paymentRef ?? '',
    seat_hold: basket.seatHold ?? null,
    created_at: basket.createdAt?.toISOString() ?? null,
    ...('id' in basket.buyer ? { buyer_id: basket.buyer.id } : { buyer: basket.buyer }),
    lines: lines.map((l) => ({
      ticket_type_id: l.ticketTypeId,
      name: l.name ?? '',
      quantity: l.quantity,
      unit_price_cents: l.unitPriceCents,
      promocode_id: l.promocodeId ?? null,
      codes: Array.from({ length: l.quantity }, newTicketCode),
      ...(l.seatIds ? { seat_ids: l.seatIds } : {}),
    })),
    attempt: options.attempt ? { id: options.attempt.id, claimed_at: options.attempt.claimedAt } : null,
    mail: Boolean(options.mail),
  };
}

export type RecordedSale = CheckoutResult & { buyer_id: number };

/**
 * Writes a basket in one call of the database function `record_sale` (migrations 0017, 0020, 0030):
 * the hold's seats locked and checked, the buyer's user if new, an order per line and its tickets
 * (each on its seat, the seat sold), the answer under the purchase key, the buyer among the partner's
 * fans, the queued mail, then the stock guards on the hot rows, all in one statement's transaction,
 * or nothing. Inside a caller's transaction it joins it. A guard that fails throws the checkout's 409.
 */
export async function recordBasket(db: Db | Tx, basket: Basket, options: SaleOptions = {}): Promise<RecordedSale> {
  try {
    const [row] = await preparedRows<{ sale: RecordedSale }>(
      db,
      'record-sale',
      sql`select record_sale(${JSON.stringify(salePayload(basket, options))}::jsonb) as sale`,
    );
    return row!.sale;
  } catch (err) {
    const refusal = refusalOf(err);
    throw refusal ?? err;
  }
}

/** A basket `recordBaskets` can sell beside others: no seat hold and no promo code. */
export const sellsInBatches = (basket: Basket) =>
  !basket.seatHold && basket.lines.every((l) => l.promocodeId === null || l.promocodeId === undefined);

/**
 * Writes baskets that `sellsInBatches` in one call of `record_sales` (migration 0032): one transaction,
 * each basket sold as `recordBasket` sells it or refused as it would be, writing nothing. Answers each
 * basket's sale or its refusal, in order; an error of the statement fails them all.
 */
export async function recordBaskets(
  db: Db,
  sales: readonly { basket: Basket; options: SaleOptions }[],
): Promise<(RecordedSale | Error)[]> {
  const payloads = sales.map(({ basket, options }) => salePayload(basket, options));
  const [row] = await preparedRows<{ sales: ({ sale: RecordedSale } | { refusal: string })[] }>(
    db,
    'record-sales',
    sql`select record_sales(${JSON.stringify(payloads)}::jsonb) as sales`,
  );
  return row!.sales.map((outcome) =>
    'sale' in outcome ? outcome.sale : (refusals[outcome.refusal]?.() ?? new Error(outcome.refusal)),
  );
}

/** Writes one sale of one ticket type (seeds and tests sell that way); see `recordBasket`. */
export async function recordSale(
  db: Db | Tx,
  { ticketTypeId, quantity, unitPriceCents, promocodeId, buyerId, ...rest }: SaleLine,
) {
  const sale = await recordBasket(db, {
    ...rest,
    buyer: { id: buyerId },
    lines: [{ ticketTypeId, quantity, unitPriceCents, promocodeId }],
  });
  return { orderId: sale.order_ids[0]!, tickets: sale.tickets.map((t) => ({ id: t.ID, code: t.code })) };
}
