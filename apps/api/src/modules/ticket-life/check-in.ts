import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tickets, ticketTypes, transfers, users } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import type { TicketPasses } from '../ticket-passes/index.ts';
import { gateEvent } from './gate-day.ts';

const time = (d: Date, tz: string) =>
  new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: tz }).format(d);

/** Refuses a ticket whose state gets no one in, with the reason the gate reads out. */
function refuseUnusable(status: (typeof tickets.$inferSelect)['status']) {
  if (status === 'refunded') throw conflict('This ticket was refunded.');
  if (status === 'void') throw conflict('This ticket was cancelled.');
  if (status === 'listed')
    throw conflict('This ticket is listed for resale and cannot be used until it is taken off sale.');
}

/**
 * Admits a ticket at the gate of one event day. A ticket is admitted once; a refunded, cancelled,
 * listed or transferred-away code is refused with its reason. The conditional update decides, so two
 * gates scanning the same code at once admit it once.
 */
export async function checkIn(
  db: Db,
  passes: TicketPasses,
  partnerId: number,
  memberId: number,
  eventId: number,
  eventDayId: number,
  code: string,
) {
  const event = await gateEvent(db, partnerId, eventId, eventDayId);
  // A scanned QR code holds a signed pass; a typed code is taken as it is.
  const scanned = await passes.read(partnerId, code);
  if (scanned.kind === 'forged') throw conflict('This QR code is not a genuine ticket of this organisation.');
  if (scanned.kind === 'pass' && scanned.eventId !== eventId) throw conflict('This ticket is for another event.');
  const normalized = scanned.code;
  const [row] = await db
    .select({ t: tickets, type: ticketTypes.name, holder: users.fullName })
    .from(tickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .innerJoin(users, eq(users.id, tickets.ownerId))
    .where(and(eq(tickets.code, normalized), eq(tickets.eventId, eventId)));
  if (!row) {
    const [moved] = await db
      .select({ at: transfers.createdAt })
      .from(transfers)
      .innerJoin(tickets, eq(tickets.id, transfers.ticketId))
      .where(and(eq(transfers.previousCode, normalized), eq(tickets.eventId, eventId)))
      .orderBy(desc(transfers.createdAt))
      .limit(1);
    if (moved) throw conflict('This ticket was transferred to someone else; their ticket has a new code.');
    throw notFound('Ticket with this code for this event');
  }
  const { t } = row;
  if (t.eventDayId !== eventDayId) throw conflict('This ticket is for another day or time slot.');
  refuseUnusable(t.status);
  // The type's admitted count (the analytics read model, sales-sums.ts) moves with the ticket.
  const admitted = await db.transaction(async (tx) => {
    const [done] = await tx
      .update(tickets)
      .set({ checkedInAt: sql`now()`, checkedInBy: memberId })
      .where(and(eq(tickets.id, t.id), isNull(tickets.checkedInAt), eq(tickets.status, 'valid')))
      .returning({ at: tickets.checkedInAt });
    if (done) {
      await tx
        .update(ticketTypes)
        .set({ ticketsCheckedIn: sql`${ticketTypes.ticketsCheckedIn} + 1` })
        .where(eq(ticketTypes.id, t.ticketTypeId));
    }
    return done;
  });
  if (!admitted) {
    const [again] = await db
      .select({ at: tickets.checkedInAt, status: tickets.status })
      .from(tickets)
      .where(eq(tickets.id, t.id));
    // Refunded or listed between the read above and the admission: that is the reason, not a first scan.
    if (!again?.at) refuseUnusable(again?.status ?? 'void');
    throw conflict(`This ticket was already admitted at ${time(again!.at!, event.timeZone)}.`);
  }
  return { ticket_id: t.id, ticket_type: row.type, holder: row.holder, checked_in_at: admitted.at!.toISOString() };
}
