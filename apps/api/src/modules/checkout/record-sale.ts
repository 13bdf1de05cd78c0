import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { eventDays, orders, promocodeTicketTypes, tickets, ticketTypes } from '../../db/schema/index.ts';
import { conflict } from '../../lib/http-error.ts';
import { rememberFanSql } from '../fans/remember.ts';

export type SaleLine = {
  partnerId: number;
  eventId: number;
  eventDayId: number;
  ticketTypeId: number;
  buyerId: number;
  quantity: number;
  unitPriceCents: number;
  promocodeId?: number | null;
  paymentRef?: string;
  createdAt?: Date;
};

/** A ticket code people can read out or type at the gate: 12 characters of Crockford base32. */
export function newTicketCode(): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  return Array.from(randomBytes(12), (b) => alphabet[b % 32]).join('');
}

/**
 * Writes one sale inside the caller's transaction: the order and its tickets, then the stock guards
 * (conditional updates that never let sold + holds pass the amount, nor a day's or a promo's
 * quantity). A guard that fails throws, and the caller's transaction rolls everything back.
 */
export async function recordSale(tx: Tx, line: SaleLine) {
  const n = line.quantity;
  const createdAt = line.createdAt ?? new Date();
  const [order] = await tx
    .insert(orders)
    .values({
      partnerId: line.partnerId,
      eventId: line.eventId,
      eventDayId: line.eventDayId,
      ticketTypeId: line.ticketTypeId,
      buyerId: line.buyerId,
      quantity: n,
      unitPriceCents: line.unitPriceCents,
      totalCents: line.unitPriceCents * n,
      promocodeId: line.promocodeId ?? null,
      transactionType: 'primary_sold',
      paymentRef: line.paymentRef ?? '',
      createdAt,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('order not written');

  const written = await tx
    .insert(tickets)
    .values(
      Array.from({ length: n }, () => ({
        partnerId: line.partnerId,
        orderId: order.id,
        eventId: line.eventId,
        eventDayId: line.eventDayId,
        ticketTypeId: line.ticketTypeId,
        ownerId: line.buyerId,
        pricePaidCents: line.unitPriceCents,
        code: newTicketCode(),
        createdAt,
      })),
    )
    .returning({ id: tickets.id, code: tickets.code });

  // The stock guards come last and in one statement: they lock the hot rows (the ticket type, the
  // day, the promo), and a lock held from one round trip to the commit lets the most buyers through.
  // Each guard runs only if the one before it passed; a failed guard rolls the whole sale back. The
  // buyer joins the partner's fans in the same statement.
  const promo = line.promocodeId ?? null;
  const [guard] = await queryRows<{ type_ok: number; day_ok: number; promo_ok: number }>(
    tx,
    sql`with tt as (
      update ${ticketTypes} set sold = sold + ${n}
      where id = ${line.ticketTypeId} and sold + holds_amount + ${n} <= amount returning id
    ), d as (
      update ${eventDays} set sold = sold + ${n}
      where id = ${line.eventDayId} and (quantity = 0 or sold + ${n} <= quantity) and exists (select 1 from tt) returning id
    ), p as (
      update ${promocodeTicketTypes} set used = used + ${n}
      where ${promo}::int is not null and promocode_id = ${promo}::int and ticket_type_id = ${line.ticketTypeId}
        and (quantity = -1 or used + ${n} <= quantity) and exists (select 1 from d) returning 1
    ), f as (${rememberFanSql(line.partnerId, line.buyerId)})
    select (select count(*) from tt)::int as type_ok, (select count(*) from d)::int as day_ok, (select count(*) from p)::int as promo_ok`,
  );
  if (!guard?.type_ok) throw conflict('Not enough tickets of this type are left.');
  if (!guard.day_ok) throw conflict('Not enough tickets are left for this day or time slot.');
  if (promo !== null && !guard.promo_ok) throw conflict('This promo code has been used up for this ticket type.');

  return { orderId: order.id, tickets: written };
}
