import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { eventDays, events } from '../../db/schema/index.ts';
import { notFound } from '../../lib/http-error.ts';

/**
 * The event, if it belongs to this partner; otherwise 404, as if it did not exist. With `lock`, its row
 * stays locked for the rest of the transaction.
 */
export async function ownedEvent(db: Db | Tx, partnerId: number, eventId: number, lock?: 'no key update') {
  const owned = db
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.partnerId, partnerId)))
    .$dynamic();
  const [event] = await (lock ? owned.for(lock) : owned);
  if (!event) throw notFound('Event');
  return event;
}

/** Checks that the day is one of this event's: a day of another event answers 404 like none. */
export async function dayOfEvent(db: Db | Tx, eventId: number, dayId: number) {
  const [day] = await db
    .select({ id: eventDays.id })
    .from(eventDays)
    .where(and(eq(eventDays.id, dayId), eq(eventDays.eventId, eventId)));
  if (!day) throw notFound('Day');
}

/** A day or slot of one of this partner's events, with its event. */
export async function ownedDay(db: Db | Tx, partnerId: number, dayId: number) {
  const [row] = await db
    .select({ day: eventDays, event: events })
    .from(eventDays)
    .innerJoin(events, eq(events.id, eventDays.eventId))
    .where(and(eq(eventDays.id, dayId), eq(events.partnerId, partnerId)));
  if (!row) throw notFound('Day');
  return row;
}
