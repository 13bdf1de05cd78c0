import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { eventDays, orders, promocodeTicketTypes, tickets, ticketTypes } from '../../db/schema/index.ts';
import { conflict } from '../../lib/http-error.ts';
import { addToSalesSums } from '../analytics/sales-sums.ts';
import { rememberFanSql } from '../fans/remember.ts';

/** One line of a basket: a quantity of one ticket type at one price. */
export type BasketLine = {
  ticketTypeId: number;
  quantity: number;
  unitPriceCents: number;
  promocodeId?: number | null;
};

/** What one buyer buys at once: lines of distinct ticket types of one day of one event. */
export type Basket = {
  partnerId: number;
  eventId: number;
  eventDayId: number;
  buyerId: number;
  lines: BasketLine[];
  paymentRef?: string;
  createdAt?: Date;
};

export type SaleLine = Omit<Basket, 'lines'> & BasketLine;

/** A ticket code people can read out or type at the gate: 12 characters of Crockford base32. */
export function newTicketCode(): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  return Array.from(randomBytes(12), (b) => alphabet[b % 32]).join('');
}

/**
 * Writes one basket inside the caller's transaction: an order per line and its tickets, then the
 * stock guards (`guardBasket`). A guard that fails throws, and the caller's transaction rolls
 * everything back.
 */
export async function recordBasket(tx: Tx, basket: Basket) {
  const sales = await writeBasket(tx, basket);
  await guardBasket(tx, basket);
  return sales;
}

/** The orders and tickets of a basket, one order per line, lines by ticket type. */
export async function writeBasket(tx: Tx, basket: Basket) {
  const lines = [...basket.lines].sort((a, b) => a.ticketTypeId - b.ticketTypeId);
  const createdAt = basket.createdAt ?? new Date();
  const written = await tx
    .insert(orders)
    .values(
      lines.map((line) => ({
        partnerId: basket.partnerId,
        eventId: basket.eventId,
        eventDayId: basket.eventDayId,
        ticketTypeId: line.ticketTypeId,
        buyerId: basket.buyerId,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        totalCents: line.unitPriceCents * line.quantity,
        promocodeId: line.promocodeId ?? null,
        transactionType: 'primary_sold' as const,
        paymentRef: basket.paymentRef ?? '',
        createdAt,
      })),
    )
    .returning({ id: orders.id, ticketTypeId: orders.ticketTypeId });
  const orderOf = new Map(written.map((o) => [o.ticketTypeId, o.id]));

  const issued = await tx
    .insert(tickets)
    .values(
      lines.flatMap((line) =>
        Array.from({ length: line.quantity }, () => ({
          partnerId: basket.partnerId,
          orderId: orderOf.get(line.ticketTypeId)!,
          eventId: basket.eventId,
          eventDayId: basket.eventDayId,
          ticketTypeId: line.ticketTypeId,
          ownerId: basket.buyerId,
          pricePaidCents: line.unitPriceCents,
          code: newTicketCode(),
          createdAt,
        })),
      ),
    )
    .returning({ id: tickets.id, code: tickets.code, orderId: tickets.orderId });

  return lines.map((line) => {
    const orderId = orderOf.get(line.ticketTypeId)!;
    return {
      line,
      orderId,
      tickets: issued.filter((t) => t.orderId === orderId).map(({ id, code }) => ({ id, code })),
    };
  });
}

/** Writes one sale of one ticket type (seeds and tests sell that way); see `recordBasket`. */
export async function recordSale(tx: Tx, { ticketTypeId, quantity, unitPriceCents, promocodeId, ...rest }: SaleLine) {
  const [sale] = await recordBasket(tx, { ...rest, lines: [{ ticketTypeId, quantity, unitPriceCents, promocodeId }] });
  return sale!;
}

/**
 * The stock guards of a whole basket in one statement, to be sent last: the hot rows (types, the day,
 * the promo) stay locked from this round trip to the commit only.
 *
 * Lock order: every writer of stock takes ticket types by ascending id, then days, then promo rows
 * (refunds keep it too). Without one order, a two-type basket holding type A and waiting for type B
 * deadlocks with a one-type basket holding B and waiting for the day. The order is made by chaining:
 * each guard is a single-row update that runs only once the one before it returned its row, so a
 * guard that fails also stops every later one. The buyer joins the partner's fans in the same statement.
 * A type's guard also adds the line to its analytics sums (`addToSalesSums`), on the row it locks.
 */
export async function guardBasket(tx: Tx, { partnerId, eventDayId: dayId, buyerId, lines: unsorted }: Basket) {
  const lines = [...unsorted].sort((a, b) => a.ticketTypeId - b.ticketTypeId);
  const total = lines.reduce((sum, l) => sum + l.quantity, 0);
  const promoLines = lines.filter((l) => l.promocodeId != null);
  const after = (previous: string | null) =>
    previous ? sql`and exists (select 1 from ${sql.identifier(previous)})` : sql``;

  const guards: SQL[] = [];
  let previous: string | null = null;
  lines.forEach((l, i) => {
    guards.push(sql`${sql.identifier(`type_${i}`)} as (
      update ${ticketTypes} set sold = sold + ${l.quantity}, ${addToSalesSums(l.quantity, l.unitPriceCents)}
      where id = ${l.ticketTypeId} and sold + holds_amount + ${l.quantity} <= amount ${after(previous)} returning 1)`);
    previous = `type_${i}`;
  });
  guards.push(sql`day as (
    update ${eventDays} set sold = sold + ${total}
    where id = ${dayId} and (quantity = 0 or sold + ${total} <= quantity) ${after(previous)} returning 1)`);
  previous = 'day';
  promoLines.forEach((l, i) => {
    guards.push(sql`${sql.identifier(`promo_${i}`)} as (
      update ${promocodeTicketTypes} set used = used + ${l.quantity}
      where promocode_id = ${l.promocodeId} and ticket_type_id = ${l.ticketTypeId}
        and (quantity = -1 or used + ${l.quantity} <= quantity) ${after(previous)} returning 1)`);
    previous = `promo_${i}`;
  });
  const passed = (name: string) => sql`(select count(*) from ${sql.identifier(name)})::int`;
  const [guard] = await queryRows<{ types_ok: number; day_ok: number; promos_ok: number }>(
    tx,
    sql`with ${sql.join(guards, sql`, `)}, fan as (${rememberFanSql(partnerId, buyerId)})
    select ${passed(`type_${lines.length - 1}`)} as types_ok, ${passed('day')} as day_ok,
      ${promoLines.length ? passed(`promo_${promoLines.length - 1}`) : sql`1`} as promos_ok`,
  );
  if (!guard?.types_ok) throw conflict('Not enough tickets of this type are left.');
  if (!guard.day_ok) throw conflict('Not enough tickets are left for this day or time slot.');
  if (!guard.promos_ok) throw conflict('This promo code has been used up for this ticket type.');
}
