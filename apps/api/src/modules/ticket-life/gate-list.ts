import type { GateList } from '@portal/contract';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { checkInUndos, members, tickets, ticketTypes, transfers, users } from '../../db/schema/index.ts';
import { seatPlaceOf } from '../seat-maps/index.ts';
import type { TicketPasses } from '../ticket-passes/index.ts';
import { gateEvent } from './gate-day.ts';

/** Who undid an admission, when that member has since left the team. */
const FORMER_MEMBER = 'a former team member';

/**
 * Everything a gate needs to admit a day's tickets by itself when the network is gone: every ticket
 * of the day whatever its state, the codes transferred away, and the organiser's public keys. The
 * tickets, undos and transfers are read in one snapshot, so a code is never both a ticket's and a
 * transferred one. `taken_at` is read just before it: whatever was committed by then is in the list.
 */
export async function gateList(
  db: Db,
  passes: TicketPasses,
  partnerId: number,
  eventId: number,
  eventDayId: number,
): Promise<GateList> {
  const event = await gateEvent(db, partnerId, eventId, eventDayId);
  // Keys are only ever added: read after the snapshot, they cover at least every pass it names.
  const keys = await passes.publicKeys(partnerId);
  const ofDay = and(eq(tickets.eventId, eventId), eq(tickets.eventDayId, eventDayId));
  const admitter = alias(users, 'admitter');
  const undoer = alias(users, 'undoer');
  const takenAt = new Date();
  const snapshot = await db.transaction(
    async (tx) => {
      const rows = await tx
        .select({
          ticket_id: tickets.id,
          code: tickets.code,
          holder: users.fullName,
          ticket_type: ticketTypes.name,
          seat: seatPlaceOf(tickets.seatId),
          status: tickets.status,
          at: tickets.checkedInAt,
          by: admitter.fullName,
        })
        .from(tickets)
        .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
        .innerJoin(users, eq(users.id, tickets.ownerId))
        .leftJoin(members, eq(members.id, tickets.checkedInBy))
        .leftJoin(admitter, eq(admitter.id, members.userId))
        .where(ofDay)
        .orderBy(asc(tickets.id));
      const undoneBy = alias(members, 'undone_by');
      const undos = await tx
        .selectDistinctOn([checkInUndos.ticketId], {
          ticketId: checkInUndos.ticketId,
          at: checkInUndos.undoneAt,
          by: undoer.fullName,
          reason: checkInUndos.reason,
        })
        .from(checkInUndos)
        .innerJoin(tickets, eq(tickets.id, checkInUndos.ticketId))
        .leftJoin(undoneBy, eq(undoneBy.id, checkInUndos.undoneBy))
        .leftJoin(undoer, eq(undoer.id, undoneBy.userId))
        .where(ofDay)
        .orderBy(checkInUndos.ticketId, desc(checkInUndos.id));
      const moved = await tx
        .select({ code: transfers.previousCode })
        .from(transfers)
        .innerJoin(tickets, eq(tickets.id, transfers.ticketId))
        .where(and(ofDay, ne(transfers.previousCode, '')))
        .orderBy(asc(transfers.id));
      return { rows, undos, moved };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const undone = new Map(snapshot.undos.map((u) => [u.ticketId, u]));
  return {
    event_id: event.id,
    event_day_id: eventDayId,
    time_zone: event.timeZone,
    taken_at: takenAt.toISOString(),
    keys: keys.map((k) => ({ id: k.id, public_key: k.key })),
    tickets: snapshot.rows.map(({ at, by, ...ticket }) => {
      const undo = undone.get(ticket.ticket_id);
      return {
        ...ticket,
        checked_in_at: at?.toISOString() ?? null,
        checked_in_by: by,
        undone: undo ? { at: undo.at.toISOString(), by: undo.by ?? FORMER_MEMBER, reason: undo.reason } : null,
      };
    }),
    transferred_codes: snapshot.moved.map((m) => m.code),
  };
}
