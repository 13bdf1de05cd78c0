import { gateRefusals, type CheckInResult } from '@portal/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { checkInUndos, tickets, ticketTypes, transfers, users } from '../../db/schema/index.ts';
import { conflict, HttpError } from '../../lib/http-error.ts';
import { seatPlaceOf } from '../seat-maps/index.ts';
import type { TicketPasses } from '../ticket-passes/index.ts';
import { gateEvent } from './gate-day.ts';

/** The event whose gate admits, as `gateEvent` found it for the organiser. */
export type GateEvent = { id: number; timeZone: string };

/**
 * Who admits a ticket, and, for a scan a gate made offline, its id and when the holder came in:
 * that time is recorded (never later than now), and the same scan sent again admits nothing new.
 */
export type Admission = { memberId: number; scan?: { id: string; at: Date } };

/** Refuses a ticket whose state gets no one in, with the reason the gate reads out. */
function refuseUnusable(status: (typeof tickets.$inferSelect)['status']) {
  if (status === 'refunded') throw conflict(gateRefusals.refunded);
  if (status === 'void') throw conflict(gateRefusals.void);
  if (status === 'listed') throw conflict(gateRefusals.listed);
}

/** The ticket a scanned pass or a typed code names at this event, or the reason there is none. */
async function ticketAtGate(db: Db, passes: TicketPasses, partnerId: number, eventId: number, code: string) {
  const scanned = await passes.read(partnerId, code);
  if (scanned.kind === 'forged') throw conflict(gateRefusals.forged);
  if (scanned.kind === 'pass' && scanned.eventId !== eventId) throw conflict(gateRefusals.otherEvent);
  const [row] = await db
    .select({ t: tickets, type: ticketTypes.name, holder: users.fullName, seat: seatPlaceOf(tickets.seatId) })
    .from(tickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .innerJoin(users, eq(users.id, tickets.ownerId))
    .where(and(eq(tickets.code, scanned.code), eq(tickets.eventId, eventId)));
  if (row) return row;
  const [moved] = await db
    .select({ at: transfers.createdAt })
    .from(transfers)
    .innerJoin(tickets, eq(tickets.id, transfers.ticketId))
    .where(and(eq(transfers.previousCode, scanned.code), eq(tickets.eventId, eventId)))
    .orderBy(desc(transfers.createdAt))
    .limit(1);
  if (moved) throw conflict(gateRefusals.transferred);
  throw new HttpError(404, 'not_found', gateRefusals.unknown);
}

/**
 * Admits a ticket at the gate of one event day, online or from a gate's offline scan: the one set of
 * rules for both. A ticket is admitted once; a refunded, cancelled, listed or transferred-away code is
 * refused with its reason (an HttpError, 404 or 409). The decision is taken under the ticket's row
 * lock, so two gates admitting the same code at once admit it once, and an undo or a refund racing
 * the admission is seen as it is.
 */
export async function admitTicket(
  db: Db,
  passes: TicketPasses,
  partnerId: number,
  event: GateEvent,
  eventDayId: number,
  code: string,
  admission: Admission,
): Promise<CheckInResult> {
  const row = await ticketAtGate(db, passes, partnerId, event.id, code);
  const { t } = row;
  if (t.eventDayId !== eventDayId) throw conflict(gateRefusals.otherDay);
  const { scan } = admission;
  const decided = await db.transaction(async (tx) => {
    const [held] = await tx
      .select({ at: tickets.checkedInAt, status: tickets.status, scanId: tickets.checkInScanId })
      .from(tickets)
      .where(eq(tickets.id, t.id))
      .for('update');
    refuseUnusable(held!.status);
    if (held!.at) return { at: held!.at, admittedNow: false, scanId: held!.scanId };
    // Read under the ticket's lock, which an undo also takes: a scan sent again after its admission
    // was undone stays undone, however the two requests interleave.
    if (scan) {
      const [undone] = await tx
        .select({ id: checkInUndos.id })
        .from(checkInUndos)
        .where(and(eq(checkInUndos.ticketId, t.id), eq(checkInUndos.scanId, scan.id)))
        .limit(1);
      if (undone) throw conflict(gateRefusals.undoneScan);
    }
    const [done] = await tx
      .update(tickets)
      .set({
        checkedInAt: scan ? sql`least(${scan.at.toISOString()}::timestamptz, now())` : sql`now()`,
        checkedInBy: admission.memberId,
        checkInScanId: scan?.id ?? null,
      })
      .where(eq(tickets.id, t.id))
      .returning({ at: tickets.checkedInAt });
    // The type's admitted count (the analytics read model, sales-sums.ts) moves with the ticket.
    await tx
      .update(ticketTypes)
      .set({ ticketsCheckedIn: sql`${ticketTypes.ticketsCheckedIn} + 1` })
      .where(eq(ticketTypes.id, t.ticketTypeId));
    return { at: done!.at!, admittedNow: true, scanId: scan?.id ?? null };
  });
  // An earlier sync of this very scan admitted it (the gate sent it again): the same answer as then.
  if (!decided.admittedNow && !(scan && decided.scanId === scan.id)) {
    throw conflict(gateRefusals.alreadyAdmitted(decided.at, event.timeZone));
  }
  return {
    ticket_id: t.id,
    ticket_type: row.type,
    holder: row.holder,
    seat: row.seat,
    checked_in_at: decided.at.toISOString(),
  };
}

/** Admits a typed or scanned code at the gate, online: now, by the member at the gate. */
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
  return admitTicket(db, passes, partnerId, event, eventDayId, code, { memberId });
}
