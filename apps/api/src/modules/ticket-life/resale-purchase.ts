import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Resale } from '@portal/contract';
import type { Payments } from '../../adapters/payments/index.ts';
import type { Db } from '../../db/client.ts';
import { events, orders, resales, tickets, ticketTypes, users } from '../../db/schema/index.ts';
import { conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { toDollars } from '../../lib/money.ts';
import { queueChainChanges } from '../chain-sync/index.ts';
import { newTicketCode } from '../checkout/index.ts';
import { rememberFan } from '../fans/index.ts';
import { assertPartnerExists } from '../partners/index.ts';
import { seatPlaceOf } from '../seat-maps/index.ts';

/** The partner's tickets listed for resale, for the widget. */
export async function listedResales(db: Db, partnerId: number): Promise<Resale[]> {
  const rows = await db
    .select({
      r: resales,
      eventId: events.id,
      eventName: events.name,
      type: ticketTypes.name,
      seat: seatPlaceOf(tickets.seatId),
    })
    .from(resales)
    .innerJoin(tickets, eq(tickets.id, resales.ticketId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .where(and(eq(resales.status, 'listed'), eq(events.partnerId, partnerId), eq(events.sellingAllowed, true)))
    .orderBy(asc(resales.id));
  if (rows.length === 0) await assertPartnerExists(db, partnerId);
  return rows.map(({ r, eventId, eventName, type, seat }) => ({
    ID: r.id,
    ticket_id: r.ticketId,
    event_id: eventId,
    event_name: eventName,
    ticket_type: type,
    seat,
    price: toDollars(r.priceCents),
  }));
}

type Deps = { db: Db; payments: Payments };

/**
 * Buys a listed ticket: the buyer pays the listed price, the partner's royalty (the ticket type's
 * fraction) is recorded, the ticket changes owner with a new code, and the sale is an order of type
 * secondary_sold. One conditional update sells a listing once, whoever is faster. The chain follows
 * the new holder after the commit (queued with the sale).
 */
export async function buyResale(
  deps: Deps,
  partnerId: number,
  resaleId: number,
  buyer: { email: string; full_name: string },
  paymentMethod: string,
) {
  const { db } = deps;
  const [listing] = await db
    .select({ r: resales, t: tickets, royalty: ticketTypes.secondaryRoyalty })
    .from(resales)
    .innerJoin(tickets, eq(tickets.id, resales.ticketId))
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(and(eq(resales.id, resaleId), eq(resales.status, 'listed'), eq(events.partnerId, partnerId)));
  if (!listing) throw notFound('Listing');
  const key = randomUUID();
  const royalty = Math.round(listing.r.priceCents * listing.royalty);
  let ref = 'free';
  if (listing.r.priceCents > 0) {
    const charge = await deps.payments.charge({
      amountCents: listing.r.priceCents,
      paymentMethod,
      description: 'Resale ticket',
      idempotencyKey: key,
    });
    if (!charge.ok) throw new HttpError(402, 'payment_declined', charge.reason, { payment_method: charge.reason });
    ref = charge.ref;
  }
  try {
    const sold = await db.transaction(async (tx) => {
      await tx
        .insert(users)
        .values({ email: buyer.email, fullName: buyer.full_name })
        .onConflictDoNothing({ target: users.email });
      const [b] = await tx.select({ id: users.id }).from(users).where(eq(users.email, buyer.email));
      if (b!.id === listing.r.sellerId) throw conflict('You cannot buy your own ticket.');
      const [order] = await tx
        .insert(orders)
        .values({
          partnerId,
          eventId: listing.t.eventId,
          eventDayId: listing.t.eventDayId,
          ticketTypeId: listing.t.ticketTypeId,
          buyerId: b!.id,
          quantity: 1,
          unitPriceCents: listing.r.priceCents,
          totalCents: listing.r.priceCents,
          transactionType: 'secondary_sold',
          paymentRef: ref,
        })
        .returning({ id: orders.id });
      const taken = await tx
        .update(resales)
        .set({
          status: 'sold',
          buyerId: b!.id,
          soldAt: new Date(),
          orderId: order!.id,
          royaltyCents: royalty,
        })
        .where(and(eq(resales.id, resaleId), eq(resales.status, 'listed')))
        .returning({ id: resales.id });
      if (taken.length === 0) throw conflict('Someone else bought this ticket first.');
      await tx
        .update(tickets)
        .set({ ownerId: b!.id, status: 'valid', code: newTicketCode() })
        .where(eq(tickets.id, listing.t.id));
      await queueChainChanges(tx, [
        { kind: 'transfer', ticketId: listing.t.id, from: listing.r.sellerId, to: b!.id, resale: resaleId },
      ]);
      await rememberFan(tx, partnerId, b!.id);
      // Last: the ticket type's row is the one sales lock, so it is held only until the commit.
      await tx
        .update(ticketTypes)
        .set({ royaltyCents: sql`${ticketTypes.royaltyCents} + ${royalty}` })
        .where(eq(ticketTypes.id, listing.t.ticketTypeId));
      return { orderId: order!.id };
    });
    return { order_id: sold.orderId, price: toDollars(listing.r.priceCents) };
  } catch (err) {
    if (listing.r.priceCents > 0) await deps.payments.refund(ref, listing.r.priceCents, `${key}-undo`);
    throw err;
  }
}
