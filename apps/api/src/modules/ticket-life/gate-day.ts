import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventDays, events } from '../../db/schema/index.ts';
import { notFound } from '../../lib/http-error.ts';

/**
 * The organiser's event whose gate is open, checked with the day it is for. An event of another
 * organisation, or a day of another event, answers 404 like one that does not exist.
 */
export async function gateEvent(db: Db, partnerId: number, eventId: number, eventDayId: number) {
  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.partnerId, partnerId)));
  if (!event) throw notFound('Event');
  const [day] = await db
    .select({ id: eventDays.id })
    .from(eventDays)
    .where(and(eq(eventDays.id, eventDayId), eq(eventDays.eventId, eventId)));
  if (!day) throw notFound('Day');
  return event;
}
