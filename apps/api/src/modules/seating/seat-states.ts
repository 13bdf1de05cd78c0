import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DaySeatState, DaySeatStates, heldSeatsBodySchema, SeatMap } from '@portal/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { eventDays, eventDaySeats, eventSeating, seats, seatSections } from '../../db/schema/index.ts';
import { retryContended } from '../../lib/db-errors.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { dayOfEvent, ownedEvent } from '../events/index.ts';
import { getSeatMap } from '../seat-maps/index.ts';
import { ascending, lockOwnEvent, lockSeating, seatNames, takenCondition } from './seated-day.ts';

type Body = z.output<typeof heldSeatsBodySchema>;

/** Rows written in one statement: at three values a row, well under PostgreSQL’s 65,535 parameters. */
const rowBatch = 2_000;
/** Seats a refusal names one by one; the rest it counts. */
const namedInRefusal = 5;

/** The map a day of the organization's event sells from: 404 for another organization's event, as for none. */
async function dayMap(db: Db | Tx, partnerId: number, eventId: number, dayId: number) {
  await ownedEvent(db, partnerId, eventId);
  const [day] = await db
    .select({ seatMapId: eventSeating.seatMapId })
    .from(eventDays)
    .leftJoin(eventSeating, eq(eventSeating.eventId, eventDays.eventId))
    .where(and(eq(eventDays.id, dayId), eq(eventDays.eventId, eventId)));
  if (!day) throw notFound('Day');
  if (day.seatMapId === null) throw notFound('Seat map');
  return day.seatMapId;
}

/** Each section's seats by state; a seat with no state is free. */
function countBySection(map: SeatMap, states: ReadonlyMap<number, DaySeatState>): DaySeatStates['sections'] {
  return map.sections.map((section) => {
    const counts = { sold: 0, reserved: 0, held: 0, free: 0 };
    for (const row of section.rows) for (const seat of row.seats) counts[states.get(seat.ID) ?? 'free'] += 1;
    const total = counts.sold + counts.reserved + counts.held + counts.free;
    return { ID: section.ID, name: section.name, seats: total, ...counts };
  });
}

/** A day's map with every seat that is not free; a buyer's reservation whose time ran out is free. */
export async function daySeatStates(db: Db, partnerId: number, eventId: number, dayId: number): Promise<DaySeatStates> {
  const seatMapId = await dayMap(db, partnerId, eventId, dayId);
  const [seatMap, taken] = await Promise.all([
    getSeatMap(db, partnerId, seatMapId),
    db
      .select({ ID: eventDaySeats.seatId, state: eventDaySeats.state })
      .from(eventDaySeats)
      .where(and(eq(eventDaySeats.eventDayId, dayId), takenCondition()))
      .orderBy(eventDaySeats.seatId),
  ]);
  const states = new Map(taken.map((s) => [s.ID, s.state]));
  return { seat_map: seatMap, seats: taken, sections: countBySection(seatMap, states) };
}

/** "Stalls row A seat 1, Stalls row A seat 2 and 3 more seats" */
function seatList(names: string[]) {
  if (names.length === 1) return names[0]!;
  if (names.length <= namedInRefusal) return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${names.slice(0, namedInRefusal).join(', ')} and ${names.length - namedInRefusal} more seats`;
}

/** Why seats cannot be held back, in words: which are sold and which a buyer is paying for now. */
async function refusal(tx: Tx, dayId: number, refused: { ID: number; section: string; row: string; label: string }[]) {
  const states = new Map(
    (
      await tx
        .select({ ID: eventDaySeats.seatId, state: eventDaySeats.state })
        .from(eventDaySeats)
        .where(
          and(
            eq(eventDaySeats.eventDayId, dayId),
            inArray(
              eventDaySeats.seatId,
              refused.map((s) => s.ID),
            ),
          ),
        )
    ).map((s) => [s.ID, s.state]),
  );
  const named = (state: DaySeatState) => seatNames(refused.filter((s) => states.get(s.ID) === state));
  const [sold, reserved] = [named('sold'), named('reserved')];
  const verb = (names: string[]) => (names.length === 1 ? 'is' : 'are');
  const parts = [
    ...(sold.length > 0 ? [`${seatList(sold)} ${verb(sold)} sold`] : []),
    ...(reserved.length > 0 ? [`${seatList(reserved)} ${verb(reserved)} reserved by a buyer who is paying`] : []),
  ];
  return conflict(
    `${parts.join(', and ')}: ${refused.length === 1 ? 'it' : 'they'} cannot be held back. Leave ${refused.length === 1 ? 'it' : 'them'} out.`,
  );
}

/**
 * Makes the seats the organizer holds back on a day exactly `seat_ids`, in one transaction. It keeps
 * the buyers' discipline (holds.ts): the event's seating and its map under a share lock first, so a
 * save of the map or a change of the event's map waits for this or this for it, then every row it
 * writes or releases in ascending seat order, so it and a buyer's hold never wait on each other in a
 * circle. A seat sold, or reserved for a buyer whose time is not up, cannot be held: refused in words.
 */
export async function setHeldSeats(db: Db, partnerId: number, eventId: number, dayId: number, body: Body) {
  await retryContended(() =>
    db.transaction(async (tx) => {
      // Two saves of one event's holds apply one after the other, so each keeps exactly the set it sent.
      await lockOwnEvent(tx, partnerId, eventId);
      await dayOfEvent(tx, eventId, dayId);
      const seatMapId = await lockSeating(tx, eventId);
      if (seatMapId === undefined) throw notFound('Seat map');

      const chosen =
        body.seat_ids.length === 0
          ? []
          : await tx
              .select({ ID: seats.id, section: seatSections.name, row: seats.rowLabel, label: seats.label })
              .from(seats)
              .innerJoin(seatSections, eq(seatSections.id, seats.sectionId))
              .where(and(eq(seats.seatMapId, seatMapId), inArray(seats.id, body.seat_ids)))
              .orderBy(seats.id);
      // A seat of another map (another organization's, say) is not here at all.
      if (chosen.length !== body.seat_ids.length) throw notFound('Seat');

      const heldNow = (
        await tx
          .select({ ID: eventDaySeats.seatId })
          .from(eventDaySeats)
          .where(and(eq(eventDaySeats.eventDayId, dayId), eq(eventDaySeats.state, 'held')))
      ).map((s) => s.ID);
      // The seats to keep and those to release are written in one ascending pass: each row is locked in
      // its turn (a release is a hold again here, undone below once every row is this transaction's).
      const rows = ascending([...body.seat_ids, ...heldNow]);
      const kept = new Set<number>();
      for (let start = 0; start < rows.length; start += rowBatch) {
        const written = await tx
          .insert(eventDaySeats)
          .values(
            rows
              .slice(start, start + rowBatch)
              .map((seatId) => ({ eventDayId: dayId, seatId, state: 'held' as const })),
          )
          .onConflictDoUpdate({
            target: [eventDaySeats.eventDayId, eventDaySeats.seatId],
            set: { state: 'held', holdToken: null, expiresAt: null },
            // Held already, or a buyer's reservation whose time ran out: never a sale or a live reservation.
            setWhere: sql`${eventDaySeats.state} = 'held' or (${eventDaySeats.state} = 'reserved' and ${eventDaySeats.expiresAt} <= now())`,
          })
          .returning({ ID: eventDaySeats.seatId });
        for (const row of written) kept.add(row.ID);
      }
      const refused = chosen.filter((s) => !kept.has(s.ID));
      if (refused.length > 0) throw await refusal(tx, dayId, refused);

      const wanted = new Set(body.seat_ids);
      const released = heldNow.filter((id) => !wanted.has(id));
      if (released.length > 0)
        await tx
          .delete(eventDaySeats)
          .where(
            and(
              eq(eventDaySeats.eventDayId, dayId),
              eq(eventDaySeats.state, 'held'),
              inArray(eventDaySeats.seatId, released),
            ),
          );
    }),
  );
  return daySeatStates(db, partnerId, eventId, dayId);
}
