import { and, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  eventDays,
  eventDaySeats,
  events,
  eventSeating,
  seatMaps,
  ticketTypes,
  ticketTypeSeatCategories,
} from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { toDollars } from '../../lib/money.ts';
import { onSaleCondition } from '../checkout/index.ts';
import { ownedEvent } from '../events/index.ts';

/** A day of an event on the widget that sells seats: its map, and the ticket types on sale with their categories. */
export async function seatedDay(db: Db, eventId: number, dayId: number, now = new Date()) {
  const [row] = await db
    .select({ partnerId: events.partnerId, endDate: eventDays.endDate, seatMapId: eventSeating.seatMapId })
    .from(eventDays)
    .innerJoin(events, eq(events.id, eventDays.eventId))
    .leftJoin(eventSeating, eq(eventSeating.eventId, events.id))
    .where(and(eq(eventDays.id, dayId), eq(events.id, eventId), eq(events.activeOnWidget, true)));
  if (!row) throw notFound('Day');
  if (row.seatMapId === null) throw notFound('Seat map');
  if (row.endDate <= now) throw conflict('This day is over.');
  const types = await db
    .select({
      ID: ticketTypes.id,
      name: ticketTypes.name,
      priceCents: ticketTypes.initialPriceCents,
      seat_category_id: ticketTypeSeatCategories.seatCategoryId,
    })
    .from(ticketTypes)
    .innerJoin(events, eq(events.id, ticketTypes.eventId))
    .innerJoin(ticketTypeSeatCategories, eq(ticketTypeSeatCategories.ticketTypeId, ticketTypes.id))
    .where(and(eq(ticketTypes.eventId, eventId), eq(ticketTypes.status, true), onSaleCondition(now)))
    .orderBy(ticketTypes.id);
  return {
    partnerId: row.partnerId,
    seatMapId: row.seatMapId,
    ticketTypes: types.map(({ priceCents, ...t }) => ({ ...t, price: toDollars(priceCents) })),
  };
}

/**
 * A seat is taken when sold, held back, or reserved for a buyer whose time is not up, by the database's
 * clock: every instance agrees on when a hold ends.
 */
export const takenCondition = (): SQL =>
  sql`(${ne(eventDaySeats.state, 'reserved')} or ${gt(eventDaySeats.expiresAt, sql`now()`)})`;

/**
 * Locks the organization's event so that two changes of its seating (a double click, two tabs) apply
 * one after the other; 404 when it is not theirs. Not FOR UPDATE: a sale holding its seats inserts
 * orders that key-share the event, and would wait on the change while the change waits on its seats.
 */
export async function lockOwnEvent(tx: Tx, partnerId: number, eventId: number) {
  await ownedEvent(tx, partnerId, eventId, 'no key update');
}

/**
 * The map the event's seats are sold from, read under a share lock: a save of that map or a change of
 * the event's map waits for the caller's transaction, or the caller for it (one order for both).
 */
export async function lockSeating(tx: Tx, eventId: number): Promise<number | undefined> {
  const [seating] = await tx
    .select({ seatMapId: eventSeating.seatMapId })
    .from(eventSeating)
    .innerJoin(seatMaps, eq(seatMaps.id, eventSeating.seatMapId))
    .where(eq(eventSeating.eventId, eventId))
    .for('share');
  return seating?.seatMapId;
}

/**
 * Seat rows are taken in one order by every writer of a day's seats (holds, sales, the organizer's
 * held seats), so none waits on another in a circle.
 */
export const ascending = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

/** Seats as a refusal names them: "Stalls row A seat 5, Stalls row A seat 6". */
export const seatNames = (list: readonly { section: string; row: string; label: string }[]) =>
  list.map((s) => `${s.section} row ${s.row} seat ${s.label}`);

/** The reservations whose time is up, to clear before anything counts what a day holds. */
export const expiredCondition = (): SQL =>
  sql`(${eventDaySeats.state} = 'reserved' and ${eventDaySeats.expiresAt} <= now())`;

export async function takenSeats(db: Db | Tx, dayId: number, among?: number[]) {
  const rows = await db
    .select({ id: eventDaySeats.seatId })
    .from(eventDaySeats)
    .where(
      and(
        eq(eventDaySeats.eventDayId, dayId),
        takenCondition(),
        among ? inArray(eventDaySeats.seatId, among) : undefined,
      ),
    );
  return rows.map((r) => r.id);
}
