import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { seatHoldMinutes, type SeatHold, type seatHoldBodySchema } from '@portal/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { eventDaySeats, seats, seatSections } from '../../db/schema/index.ts';
import { isForeignKeyViolation, retryContended } from '../../lib/db-errors.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { seatsTogether } from './best-available.ts';
import { ascending, lockSeating, seatNames, seatedDay, takenCondition, takenSeats } from './seated-day.ts';

type Body = z.output<typeof seatHoldBodySchema>;
type Seat = Awaited<ReturnType<typeof seatsOfMap>>[number];

/** Tries for best available: another buyer may take the seats found between the look and the hold. */
const bestAvailableTries = 3;

/** The map's seats (narrowed by `also`), each with whether the day has it taken. */
function seatsOfMap(db: Db, seatMapId: number, dayId: number, also?: ReturnType<typeof and>) {
  return db
    .select({
      ID: seats.id,
      section: seatSections.name,
      sectionId: seats.sectionId,
      sectionPosition: seatSections.position,
      row: seats.rowLabel,
      rowPosition: seats.rowPosition,
      position: seats.position,
      label: seats.label,
      x: seats.x,
      seat_category_id: seats.categoryId,
      accessible: seats.accessible,
      taken: sql<boolean>`coalesce(${takenCondition()}, false)`,
    })
    .from(seats)
    .innerJoin(seatSections, eq(seatSections.id, seats.sectionId))
    .leftJoin(eventDaySeats, and(eq(eventDaySeats.eventDayId, dayId), eq(eventDaySeats.seatId, seats.id)))
    .where(and(eq(seats.seatMapId, seatMapId), also));
}

/** Thrown inside the hold's transaction to undo it when another buyer was first. */
class SeatsTaken extends Error {}

/**
 * Reserves the seats for `seatHoldMinutes` in one statement: a seat nobody holds is inserted, one whose
 * reservation ran out is taken over, any other is left alone. Fewer rows back than seats asked means
 * another buyer was first: the whole hold is undone. The event's seating and its map are read under a
 * share lock first, so an organizer's save or a change of map waits for the hold or the hold for it
 * (one order for both), and a seat a save took away is refused in words.
 */
async function reserve(db: Db, eventId: number, seatMapId: number, dayId: number, seatIds: number[]) {
  const hold = randomUUID();
  try {
    return await retryContended(() =>
      db.transaction(async (tx) => {
        if ((await lockSeating(tx, eventId)) !== seatMapId)
          throw conflict('The seat map of this event changed. Choose your seats again.');
        const rows = await tx
          .insert(eventDaySeats)
          .values(
            ascending(seatIds).map((seatId) => ({
              eventDayId: dayId,
              seatId,
              state: 'reserved' as const,
              holdToken: hold,
              expiresAt: sql`now() + ${`${seatHoldMinutes} minutes`}::interval`,
            })),
          )
          .onConflictDoUpdate({
            target: [eventDaySeats.eventDayId, eventDaySeats.seatId],
            set: { holdToken: sql`excluded.hold_token`, expiresAt: sql`excluded.expires_at` },
            setWhere: sql`${eventDaySeats.state} = 'reserved' and ${eventDaySeats.expiresAt} <= now()`,
          })
          .returning({ id: eventDaySeats.seatId, expiresAt: eventDaySeats.expiresAt });
        if (rows.length < seatIds.length) throw new SeatsTaken();
        return { hold, expires: rows[0]!.expiresAt! };
      }),
    );
  } catch (err) {
    if (err instanceof SeatsTaken) return null;
    if (isForeignKeyViolation(err))
      throw conflict('A seat you chose is no longer on the map. Choose your seats again.');
    throw err;
  }
}

const answer = (hold: { hold: string; expires: Date }, chosen: Seat[]): SeatHold => ({
  hold: hold.hold,
  expires_at: hold.expires.toISOString(),
  seats: chosen.map(({ ID, section, row, label, seat_category_id }) => ({ ID, section, row, label, seat_category_id })),
});

export async function holdSeats(
  db: Db,
  eventId: number,
  dayId: number,
  body: Body,
  now = new Date(),
): Promise<SeatHold> {
  const day = await seatedDay(db, eventId, dayId, now);
  const onSale = new Set(day.ticketTypes.map((t) => t.seat_category_id));

  if ('seat_ids' in body) {
    const chosen = await seatsOfMap(db, day.seatMapId, dayId, inArray(seats.id, body.seat_ids));
    // A seat of another map is not here at all.
    if (chosen.length !== body.seat_ids.length) throw notFound('Seat');
    const unsold = chosen.filter((s) => !onSale.has(s.seat_category_id));
    if (unsold.length > 0)
      throw conflict(
        `${seatNames(unsold).join(', ')} ${unsold.length > 1 ? 'are' : 'is'} not on sale. Choose other seats.`,
      );
    const hold = await reserve(db, eventId, day.seatMapId, dayId, body.seat_ids);
    if (hold) return answer(hold, chosen);
    const gone = new Set(await takenSeats(db, dayId, body.seat_ids));
    const lost = chosen.filter((s) => gone.has(s.ID));
    throw conflict(
      `${lost.length > 0 ? seatNames(lost).join(', ') : 'A seat you chose'} ${lost.length > 1 ? 'were' : 'was'} just taken by another buyer. Choose other seats.`,
    );
  }

  const { ticket_type_id: typeId, count } = body.best_available;
  const type = day.ticketTypes.find((t) => t.ID === typeId);
  if (!type) throw notFound('Ticket type');
  for (let attempt = 0; attempt < bestAvailableTries; attempt++) {
    const all = await seatsOfMap(db, day.seatMapId, dayId, eq(seats.categoryId, type.seat_category_id));
    // Accessible places are kept for those who need them: a buyer gets one by choosing it on the map.
    const ids = seatsTogether(
      all.map((s) => ({ ...s, id: s.ID, free: !s.taken && !s.accessible })),
      count,
    );
    if (!ids) break;
    const hold = await reserve(db, eventId, day.seatMapId, dayId, ids);
    if (hold)
      return answer(
        hold,
        ids.map((id) => all.find((s) => s.ID === id)!),
      );
  }
  throw conflict(`No ${count === 1 ? 'seat is' : `${count} seats together are`} left for ${type.name}.`);
}

export async function releaseHold(db: Db, hold: string) {
  // A hold whose time is up is left to whoever takes its seats over.
  const rows = await db
    .delete(eventDaySeats)
    .where(
      and(
        eq(eventDaySeats.holdToken, hold),
        eq(eventDaySeats.state, 'reserved'),
        gt(eventDaySeats.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: eventDaySeats.seatId });
  // Paid for, let go already, run out or never made: there is nothing of it to let go.
  if (rows.length === 0) throw notFound('Seat hold');
  return { released: rows.length };
}
