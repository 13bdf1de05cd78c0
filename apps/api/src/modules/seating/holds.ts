import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import { seatHoldMinutes, type SeatHold, type seatHoldBodySchema } from '@portal/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { eventDaySeats, seats, seatSections } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { seatsTogether } from './best-available.ts';
import { seatedDay, takenCondition, takenSeats } from './seated-day.ts';

type Body = z.output<typeof seatHoldBodySchema>;

/** Tries for best available: another buyer may take the seats found between the look and the hold. */
const bestAvailableTries = 3;

const seatColumns = {
  ID: seats.id,
  section: seatSections.name,
  sectionPosition: seatSections.position,
  row: seats.rowLabel,
  rowPosition: seats.rowPosition,
  position: seats.position,
  label: seats.label,
  x: seats.x,
  seat_category_id: seats.categoryId,
};

/** The map's seats in the categories, narrowed by `also`; with `freeOn`, only those free that day. */
function seatsOfMap(
  db: Db,
  seatMapId: number,
  categories: number[],
  also?: SQL,
  freeOn?: { dayId: number; now: Date },
) {
  return db
    .select(seatColumns)
    .from(seats)
    .innerJoin(seatSections, eq(seatSections.id, seats.sectionId))
    .leftJoin(eventDaySeats, and(eq(eventDaySeats.eventDayId, freeOn?.dayId ?? 0), eq(eventDaySeats.seatId, seats.id)))
    .where(
      and(
        eq(seats.seatMapId, seatMapId),
        inArray(seats.categoryId, categories),
        also,
        freeOn ? or(isNull(eventDaySeats.seatId), not(takenCondition(freeOn.now))) : undefined,
      ),
    );
}

/** Rows are taken in one order by every hold, so two buyers' holds never wait on each other in a circle. */
const ascending = (ids: number[]) => [...ids].sort((a, b) => a - b);

/** Thrown inside the hold's transaction to undo it when another buyer was first. */
class SeatsTaken extends Error {}

const seatNames = (list: { section: string; row: string; label: string }[]) =>
  list.map((s) => `${s.section} row ${s.row} seat ${s.label}`).join(', ');

/**
 * Reserves the seats for `seatHoldMinutes` in one statement: a seat nobody holds is inserted, one whose
 * reservation ran out is taken over, any other is left alone. Fewer rows back than seats asked means
 * another buyer was first: the whole hold is undone.
 */
async function reserve(db: Db, dayId: number, seatIds: number[], now: Date) {
  const hold = randomUUID();
  const expires = new Date(now.getTime() + seatHoldMinutes * 60_000);
  try {
    await db.transaction(async (tx) => {
      const rows = await tx
        .insert(eventDaySeats)
        .values(
          ascending(seatIds).map((seatId) => ({
            eventDayId: dayId,
            seatId,
            state: 'reserved' as const,
            holdToken: hold,
            expiresAt: expires,
          })),
        )
        .onConflictDoUpdate({
          target: [eventDaySeats.eventDayId, eventDaySeats.seatId],
          set: { holdToken: sql`excluded.hold_token`, expiresAt: sql`excluded.expires_at` },
          setWhere: sql`${eventDaySeats.state} = 'reserved' and ${eventDaySeats.expiresAt} <= ${now.toISOString()}::timestamptz`,
        })
        .returning({ id: eventDaySeats.seatId });
      if (rows.length < seatIds.length) throw new SeatsTaken();
    });
  } catch (err) {
    if (err instanceof SeatsTaken) return null;
    throw err;
  }
  return { hold, expires };
}

export async function holdSeats(
  db: Db,
  eventId: number,
  dayId: number,
  body: Body,
  now = new Date(),
): Promise<SeatHold> {
  const day = await seatedDay(db, eventId, dayId, now);
  const answer = (
    hold: { hold: string; expires: Date },
    chosen: { ID: number; section: string; row: string; label: string; seat_category_id: number }[],
  ) => ({
    hold: hold.hold,
    expires_at: hold.expires.toISOString(),
    seats: chosen.map(({ ID, section, row, label, seat_category_id }) => ({
      ID,
      section,
      row,
      label,
      seat_category_id,
    })),
  });

  if ('seat_ids' in body) {
    const categories = [...new Set(day.ticketTypes.map((t) => t.seat_category_id))];
    const chosen =
      categories.length === 0 ? [] : await seatsOfMap(db, day.seatMapId, categories, inArray(seats.id, body.seat_ids));
    // A seat of another map, or of a category no ticket type sells now, is not for sale here.
    if (chosen.length !== body.seat_ids.length) throw notFound('Seat');
    const hold = await reserve(db, dayId, body.seat_ids, now);
    if (hold) return answer(hold, chosen);
    const gone = new Set(await takenSeats(db, dayId, now, body.seat_ids));
    const lost = chosen.filter((s) => gone.has(s.ID));
    throw conflict(
      `${lost.length > 0 ? seatNames(lost) : 'A seat you chose'} ${lost.length > 1 ? 'were' : 'was'} just taken by another buyer. Choose other seats.`,
    );
  }

  const { ticket_type_id: typeId, count } = body.best_available;
  const type = day.ticketTypes.find((t) => t.ID === typeId);
  if (!type) throw notFound('Ticket type');
  for (let attempt = 0; attempt < bestAvailableTries; attempt++) {
    const free = await seatsOfMap(db, day.seatMapId, [type.seat_category_id], undefined, { dayId, now });
    const ids = seatsTogether(
      free.map((s) => ({ ...s, id: s.ID, sectionId: s.sectionPosition })),
      count,
    );
    if (!ids) break;
    const hold = await reserve(db, dayId, ids, now);
    if (hold)
      return answer(
        hold,
        ids.map((id) => free.find((s) => s.ID === id)!),
      );
  }
  throw conflict(`No ${count === 1 ? 'seat is' : `${count} seats together are`} left for ${type.name}.`);
}

export async function releaseHold(db: Db, hold: string) {
  const rows = await db
    .delete(eventDaySeats)
    .where(and(eq(eventDaySeats.holdToken, hold), eq(eventDaySeats.state, 'reserved')))
    .returning({ id: eventDaySeats.seatId });
  // Paid for, let go already, or never made: there is nothing of it to let go.
  if (rows.length === 0) throw notFound('Seat hold');
  return { released: rows.length };
}
