import { and, eq, inArray } from 'drizzle-orm';
import type { EventSeating, eventSeatingBodySchema } from '@portal/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import {
  eventDays,
  eventDaySeats,
  eventSeating,
  seatCategories,
  seatMaps,
  ticketTypes,
  ticketTypeSeatCategories,
} from '../../db/schema/index.ts';
import { retryContended } from '../../lib/db-errors.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { ownedEvent } from '../events/index.ts';
import { expiredCondition, lockOwnEvent } from './seated-day.ts';

type Body = z.output<typeof eventSeatingBodySchema>;

async function seatingOf(db: Db | Tx, eventId: number): Promise<EventSeating> {
  const [seating] = await db.select().from(eventSeating).where(eq(eventSeating.eventId, eventId));
  const mapped = await db
    .select({ ID: ticketTypeSeatCategories.ticketTypeId, seat_category_id: ticketTypeSeatCategories.seatCategoryId })
    .from(ticketTypeSeatCategories)
    .innerJoin(ticketTypes, eq(ticketTypes.id, ticketTypeSeatCategories.ticketTypeId))
    .where(eq(ticketTypes.eventId, eventId))
    .orderBy(ticketTypeSeatCategories.ticketTypeId);
  return { seat_map_id: seating?.seatMapId ?? null, ticket_types: mapped };
}

export async function getEventSeating(db: Db, partnerId: number, eventId: number) {
  await ownedEvent(db, partnerId, eventId);
  return seatingOf(db, eventId);
}

/** Every id the body names must be the organization's: the map, its categories, the event's types. */
async function checkNames(tx: Tx, partnerId: number, eventId: number, body: Body) {
  if (body.seat_map_id !== null) {
    const [map] = await tx
      .select({ id: seatMaps.id })
      .from(seatMaps)
      .where(and(eq(seatMaps.id, body.seat_map_id), eq(seatMaps.partnerId, partnerId)))
      // A save or a deletion of the map waits until this change is made, or this one for it.
      .for('share');
    if (!map) throw notFound('Seat map');
  } else if (body.ticket_types.length > 0) throw notFound('Seat category');
  const typeIds = body.ticket_types.map((t) => t.ID);
  const categoryIds = [...new Set(body.ticket_types.map((t) => t.seat_category_id))];
  if (typeIds.length === 0) return;
  const types = await tx
    .select({ id: ticketTypes.id })
    .from(ticketTypes)
    .where(and(inArray(ticketTypes.id, typeIds), eq(ticketTypes.eventId, eventId)));
  if (types.length !== typeIds.length) throw notFound('Ticket type');
  const categories = await tx
    .select({ id: seatCategories.id })
    .from(seatCategories)
    .where(and(inArray(seatCategories.id, categoryIds), eq(seatCategories.seatMapId, body.seat_map_id!)));
  if (categories.length !== categoryIds.length) throw notFound('Seat category');
}

/**
 * Sets the map and the types' categories at once. Once a seat of the event is sold or held the map
 * cannot change: those seats would belong to no map.
 */
export async function setEventSeating(db: Db, partnerId: number, eventId: number, body: Body) {
  const change = () =>
    db.transaction(async (tx) => {
      await lockOwnEvent(tx, partnerId, eventId);
      await checkNames(tx, partnerId, eventId, body);
      const [current] = await tx.select().from(eventSeating).where(eq(eventSeating.eventId, eventId)).for('update');
      if ((current?.seatMapId ?? null) !== body.seat_map_id) {
        const days = tx.select({ id: eventDays.id }).from(eventDays).where(eq(eventDays.eventId, eventId));
        // A buyer who let their time run out holds nothing.
        await tx.delete(eventDaySeats).where(and(inArray(eventDaySeats.eventDayId, days), expiredCondition()));
        const [taken] = await tx
          .select({ seat: eventDaySeats.seatId })
          .from(eventDaySeats)
          .where(inArray(eventDaySeats.eventDayId, days))
          .limit(1);
        if (taken) throw conflict('Seats of this event are already sold or held, so its seat map cannot change.');
      }
      await tx.delete(eventSeating).where(eq(eventSeating.eventId, eventId));
      if (body.seat_map_id !== null) await tx.insert(eventSeating).values({ eventId, seatMapId: body.seat_map_id });
      const eventTypes = tx.select({ id: ticketTypes.id }).from(ticketTypes).where(eq(ticketTypes.eventId, eventId));
      await tx.delete(ticketTypeSeatCategories).where(inArray(ticketTypeSeatCategories.ticketTypeId, eventTypes));
      if (body.ticket_types.length > 0)
        await tx
          .insert(ticketTypeSeatCategories)
          .values(body.ticket_types.map((t) => ({ ticketTypeId: t.ID, seatCategoryId: t.seat_category_id })));
      return seatingOf(tx, eventId);
    });
  return retryContended(change);
}
