import { and, eq, sql } from 'drizzle-orm';
import { messages, type EventDay } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { eventDays, orders } from '../../db/schema/index.ts';
import { conflict, invalid } from '../../lib/http-error.ts';
import { toDay } from './list.ts';
import { ownedDay, ownedEvent } from './owned.ts';

type DayUpdate = {
  event_id?: number | undefined;
  start_date?: string | undefined;
  end_date?: string | undefined;
  quantity?: number | undefined;
};

/** PUT /events/days/{dayId}: new times, or a slot's quantity (never below what is sold). */
export async function updateDay(db: Db, partnerId: number, dayId: number, patch: DayUpdate): Promise<EventDay> {
  return db.transaction(async (tx) => {
    const { day, event } = await ownedDay(tx, partnerId, dayId);
    // The event named in the body is checked, not ignored: another organisation's answers 404.
    if (patch.event_id !== undefined && patch.event_id !== event.id) {
      await ownedEvent(tx, partnerId, patch.event_id);
      throw invalid('A day stays with its event.', { event_id: 'cannot change' });
    }
    const start = patch.start_date ? new Date(patch.start_date) : day.startDate;
    const end = patch.end_date ? new Date(patch.end_date) : day.endDate;
    if (start >= end) throw invalid('A day must start before it ends.', { end_date: 'must be after the start' });
    if (patch.quantity !== undefined) {
      if (!event.timeSlots) throw invalid('Only a time slot has its own quantity.', { quantity: 'not a time slot' });
      if (patch.quantity < day.sold) {
        throw conflict(`This slot has already sold ${day.sold} tickets; its quantity cannot be lower.`, {
          quantity: `at least ${day.sold}`,
        });
      }
    }
    const [updated] = await tx
      .update(eventDays)
      .set({ startDate: start, endDate: end, ...(patch.quantity !== undefined ? { quantity: patch.quantity } : {}) })
      .where(
        and(
          eq(eventDays.id, dayId),
          patch.quantity !== undefined ? sql`${eventDays.sold} <= ${patch.quantity}` : undefined,
        ),
      )
      .returning();
    if (!updated) throw conflict('Tickets were sold meanwhile: the quantity is now too low. Reload and try again.');
    return toDay(updated);
  });
}

/** DELETE /events/days/{dayId}, with the spec's refusals (back-office §8). */
export async function deleteDay(db: Db, partnerId: number, dayId: number) {
  return db.transaction(async (tx) => {
    const { day, event } = await ownedDay(tx, partnerId, dayId);
    const [orderCount] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.eventDayId, dayId));
    if (day.sold > 0 || (orderCount?.n ?? 0) > 0)
      throw conflict(event.timeSlots ? messages.slotSold : messages.daySold);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(eventDays)
      .where(eq(eventDays.eventId, event.id));
    if ((count?.n ?? 0) <= 1) {
      throw conflict(
        event.timeSlots
          ? messages.lastSlot
          : 'Unable to delete day. Events must have at least one day, you may not delete this day.',
      );
    }
    await tx.delete(eventDays).where(eq(eventDays.id, dayId));
    return { ID: dayId };
  });
}
