import type { Db } from '../../db/client.ts';
import { dayOfEvent, ownedEvent } from '../events/index.ts';

/**
 * The organiser's event whose gate is open, checked with the day it is for. An event of another
 * organisation, or a day of another event, answers 404 like one that does not exist.
 */
export async function gateEvent(db: Db, partnerId: number, eventId: number, eventDayId: number) {
  const event = await ownedEvent(db, partnerId, eventId);
  await dayOfEvent(db, eventId, eventDayId);
  return event;
}
