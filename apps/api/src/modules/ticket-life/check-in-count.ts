import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tickets } from '../../db/schema/index.ts';
import { gateEvent } from './gate-day.ts';

/**
 * How a day stands at the gate, as every gate sees it: the day's tickets in circulation (valid, or
 * listed for resale: their holder may still come) and how many of them were admitted. A refunded or
 * cancelled ticket leaves both counts, as it leaves the analytics' admitted count. One day's tickets
 * are counted through the event's index of tickets in circulation, not all of the partner's.
 */
export async function checkInCount(db: Db, partnerId: number, eventId: number, eventDayId: number) {
  await gateEvent(db, partnerId, eventId, eventDayId);
  const [counts] = await db
    .select({ expected: count(), admitted: count(tickets.checkedInAt) })
    .from(tickets)
    .where(
      and(
        eq(tickets.eventId, eventId),
        eq(tickets.eventDayId, eventDayId),
        inArray(tickets.status, ['valid', 'listed']),
      ),
    );
  return { admitted: counts!.admitted, expected: counts!.expected };
}
