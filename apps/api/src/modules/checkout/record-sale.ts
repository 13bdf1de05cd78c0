import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { eventDays, orders, promocodeTicketTypes, tickets, ticketTypes } from '../../db/schema/index.ts';
import { conflict } from '../../lib/http-error.ts';

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
 * Writes one sale inside the caller's transaction: the stock guards first (conditional updates that
 * never let sold + holds pass the amount, nor a day's or a promo's quantity), then the order and its
 * tickets. A guard that fails throws, and the caller's transaction rolls everything back.
 */
export async function recordSale(tx: Tx, line: SaleLine) {
  const n = line.quantity;
  const typeRow = await tx
    .update(ticketTypes)
    .set({ sold: sql`${ticketTypes.sold} + ${n}` })
    .where(
      and(
        eq(ticketTypes.id, line.ticketTypeId),
        sql`${ticketTypes.sold} + ${ticketTypes.holdsAmount} + ${n} <= ${ticketTypes.amount}`,
      ),
    )
    .returning({ id: ticketTypes.id });
  if (typeRow.length === 0) throw conflict('Not enough tickets of this type are left.');

  const dayRow = await tx
    .update(eventDays)
    .set({ sold: sql`${eventDays.sold} + ${n}` })
    .where(
      and(
        eq(eventDays.id, line.eventDayId),
        sql`(${eventDays.quantity} = 0 or ${eventDays.sold} + ${n} <= ${eventDays.quantity})`,
      ),
    )
    .returning({ id: eventDays.id });
  if (dayRow.length === 0) throw conflict('Not enough tickets are left for this day or time slot.');

  if (line.promocodeId) {
    const promoRow = await tx
      .update(promocodeTicketTypes)
      .set({ used: sql`${promocodeTicketTypes.used} + ${n}` })
      .where(
        and(
          eq(promocodeTicketTypes.promocodeId, line.promocodeId),
          eq(promocodeTicketTypes.ticketTypeId, line.ticketTypeId),
          sql`(${promocodeTicketTypes.quantity} = -1 or ${promocodeTicketTypes.used} + ${n} <= ${promocodeTicketTypes.quantity})`,
        ),
      )
      .returning({ id: promocodeTicketTypes.promocodeId });
    if (promoRow.length === 0) throw conflict('This promo code has been used up for this ticket type.');
  }

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
  return { orderId: order.id, tickets: written };
}
