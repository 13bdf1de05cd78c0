import { and, eq, sql } from 'drizzle-orm';
import type { HolderTicket } from '@portal/contract';
import type { Db, Tx } from '../../db/client.ts';
import { events, refundTickets, resales, tickets, transfers, users } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { toCents } from '../../lib/money.ts';
import { queueChainChanges } from '../chain-sync/index.ts';
import { newTicketCode } from '../checkout/index.ts';
import { rememberFan } from '../fans/index.ts';
import { assertPartnerExists } from '../partners/index.ts';
import { held, heldTickets, type Holder, type TicketPasses } from '../ticket-passes/index.ts';

/** The tickets a fan holds, with what they may do with each and the signed pass a valid one carries. */
export async function holderTickets(db: Db, passes: TicketPasses, holder: Holder): Promise<HolderTicket[]> {
  const rows = await heldTickets(db, holder);
  // No tickets at a partner that does not exist is a missing partner, not an empty list.
  if (rows.length === 0 && holder.partnerId !== undefined) await assertPartnerExists(db, holder.partnerId);
  const passOf = (t: (typeof rows)[number]['t'], partnerId: number) =>
    t.status === 'valid' ? passes.issue(partnerId, t.eventId, t.code) : '';
  const issued = await Promise.all(rows.map(({ t, event }) => passOf(t, event.partnerId)));
  return rows.map(({ t, event, type, start, seat }, i) => {
    const usable = t.status === 'valid' && !t.checkedInAt;
    return {
      ID: t.id,
      code: t.code,
      pass: issued[i]!,
      status: t.status,
      event_id: event.id,
      event_name: event.name,
      venue: event.venue,
      start_date: start.toISOString(),
      time_zone: event.timeZone,
      ticket_type: type,
      seat,
      checked_in: Boolean(t.checkedInAt),
      transferable: usable && event.activeOnWidget && event.transferingAllowed,
      resellable: usable && event.activeOnWidget && event.sellingAllowed,
    };
  });
}

/**
 * One of the holder's tickets, locked for the rest of the transaction, with the reason it cannot
 * change hands if there is one.
 */
async function heldTicket(tx: Tx, holder: Holder, ticketId: number, allowed: 'transferingAllowed' | 'sellingAllowed') {
  const [row] = await tx
    .select({ t: tickets, event: events })
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(and(eq(tickets.id, ticketId), held(holder)))
    .for('update', { of: tickets });
  if (!row) throw notFound('Ticket');
  if (row.t.status === 'refunded' || row.t.status === 'void') throw conflict('This ticket was refunded or cancelled.');
  if (row.t.status === 'listed') throw conflict('This ticket is listed for resale. Take it off sale first.');
  if (row.t.checkedInAt) throw conflict('This ticket has already been used at the gate.');
  const [refunding] = await tx
    .select({ id: refundTickets.refundId })
    .from(refundTickets)
    .where(eq(refundTickets.ticketId, ticketId));
  if (refunding) throw conflict('This ticket is being refunded.');
  if (!row.event.activeOnWidget || !row.event[allowed]) {
    throw conflict(
      allowed === 'transferingAllowed'
        ? 'Transfers are not allowed for this event.'
        : 'Resale is not allowed for this event.',
    );
  }
  return row;
}

/**
 * Gives a ticket to someone else: a new code for them, the old one dead at the gate, and the transfer
 * queued for the chain, which follows after the commit (a ticket not minted yet is minted first).
 */
export async function transferTicket(
  db: Db,
  holder: Holder,
  ticketId: number,
  to: { email: string; full_name: string },
) {
  const { userId } = holder;
  await db.transaction(async (tx) => {
    const { t } = await heldTicket(tx, holder, ticketId, 'transferingAllowed');
    await tx
      .insert(users)
      .values({ email: to.email, fullName: to.full_name })
      .onConflictDoNothing({ target: users.email });
    const [recipient] = await tx.select({ id: users.id }).from(users).where(eq(users.email, to.email));
    if (recipient!.id === userId) throw conflict('You already hold this ticket.');
    await tx.insert(transfers).values({ ticketId, fromUserId: userId, toUserId: recipient!.id, previousCode: t.code });
    await tx.update(tickets).set({ ownerId: recipient!.id, code: newTicketCode() }).where(eq(tickets.id, ticketId));
    await queueChainChanges(tx, [{ kind: 'transfer', ticketId, from: userId, to: recipient!.id }]);
    await rememberFan(tx, t.partnerId, recipient!.id);
  });
  return { transferred: true as const };
}

/** Lists a ticket for resale at the holder's price. */
export async function listForResale(db: Db, holder: Holder, ticketId: number, price: number) {
  return db.transaction(async (tx) => {
    await heldTicket(tx, holder, ticketId, 'sellingAllowed');
    const [listing] = await tx
      .insert(resales)
      .values({ ticketId, sellerId: holder.userId, priceCents: toCents(price) })
      .returning({ id: resales.id });
    await tx.update(tickets).set({ status: 'listed' }).where(eq(tickets.id, ticketId));
    return { resale_id: listing!.id };
  });
}

/** Takes a listed ticket off sale; a widget session names a ticket of its organiser only. */
export async function cancelResale(db: Db, holder: Holder, ticketId: number) {
  return db.transaction(async (tx) => {
    if (holder.partnerId !== undefined) {
      const [ticket] = await tx
        .select({ id: tickets.id })
        .from(tickets)
        .innerJoin(events, eq(events.id, tickets.eventId))
        .where(and(eq(tickets.id, ticketId), held(holder)));
      if (!ticket) throw notFound('Ticket');
    }
    const cancelled = await tx
      .update(resales)
      .set({ status: 'cancelled' })
      .where(and(eq(resales.ticketId, ticketId), eq(resales.sellerId, holder.userId), eq(resales.status, 'listed')))
      .returning({ id: resales.id });
    if (cancelled.length === 0) throw notFound('Listing');
    await tx
      .update(tickets)
      .set({ status: 'valid' })
      .where(and(eq(tickets.id, ticketId), sql`${tickets.status} = 'listed'`));
    return { cancelled: true as const };
  });
}
