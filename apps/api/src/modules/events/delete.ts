import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events, orders } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/http-error.ts';

/**
 * Deletes one event, or every event of a series. An event that has sold tickets is kept: its orders,
 * tickets and the fans' history must not vanish with it.
 */
export async function deleteEvents(db: Db, partnerId: number, eventId: number, recurrenceId?: string) {
  return db.transaction(async (tx) => {
    const scope = recurrenceId
      ? and(eq(events.recurrenceId, recurrenceId), eq(events.partnerId, partnerId))
      : and(eq(events.id, eventId), eq(events.partnerId, partnerId));
    const doomed = await tx.select({ id: events.id, recurrenceId: events.recurrenceId }).from(events).where(scope);
    if (doomed.length === 0 || (recurrenceId && !doomed.some((e) => e.id === eventId))) throw notFound('Event');
    const ids = doomed.map((e) => e.id);
    const [sold] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(inArray(orders.eventId, ids));
    if ((sold?.n ?? 0) > 0) {
      throw conflict(
        ids.length > 1
          ? 'Some events of this series have sold tickets. Refund them before deleting the series.'
          : 'This event has sold tickets. Refund them before deleting the event.',
      );
    }
    await tx.delete(events).where(inArray(events.id, ids));
    return { deleted: ids };
  });
}
