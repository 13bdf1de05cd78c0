import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { eventDays, ticketTypes } from '../schema/index.ts';

/**
 * Puts the places of tickets taken out of circulation back on sale, as a refund or a cancelled sale
 * does: one sold fewer on each ticket's type and day. A seeded data set recounts its analytics sums
 * from the rows once it is written.
 */
export async function releaseStock(db: Db | Tx, withdrawn: readonly { ticketTypeId: number; eventDayId: number }[]) {
  for (const t of withdrawn) {
    await db
      .update(ticketTypes)
      .set({ sold: sql`${ticketTypes.sold} - 1` })
      .where(eq(ticketTypes.id, t.ticketTypeId));
    await db
      .update(eventDays)
      .set({ sold: sql`${eventDays.sold} - 1` })
      .where(eq(eventDays.id, t.eventDayId));
  }
}
