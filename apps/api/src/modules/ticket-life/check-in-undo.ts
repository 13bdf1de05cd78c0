import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { checkInUndos, tickets, ticketTypes } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/http-error.ts';

/**
 * Takes back a ticket's admission at the gate (let in by mistake, the wrong ticket scanned): the
 * ticket may be admitted again, and the undo is kept with who made it, when and why. The ticket's
 * row lock decides, so two undos at once take back one admission. The type's admitted count (the
 * analytics read model, sales-sums.ts) moves back only for a ticket it still counts: a refund took
 * an admitted ticket out of it already.
 */
export async function undoCheckIn(
  db: Db,
  partnerId: number,
  memberId: number,
  eventId: number,
  ticketId: number,
  reason: string,
) {
  await db.transaction(async (tx) => {
    const [held] = await tx
      .select({
        at: tickets.checkedInAt,
        by: tickets.checkedInBy,
        scanId: tickets.checkInScanId,
        status: tickets.status,
        typeId: tickets.ticketTypeId,
      })
      .from(tickets)
      .where(and(eq(tickets.id, ticketId), eq(tickets.eventId, eventId), eq(tickets.partnerId, partnerId)))
      .for('update');
    if (!held) throw notFound('Ticket');
    if (!held.at) throw conflict('This ticket has not been admitted.');
    await tx
      .update(tickets)
      .set({ checkedInAt: null, checkedInBy: null, checkInScanId: null })
      .where(eq(tickets.id, ticketId));
    if (held.status === 'valid' || held.status === 'listed') {
      await tx
        .update(ticketTypes)
        .set({ ticketsCheckedIn: sql`${ticketTypes.ticketsCheckedIn} - 1` })
        .where(eq(ticketTypes.id, held.typeId));
    }
    await tx.insert(checkInUndos).values({
      partnerId,
      ticketId,
      admittedAt: held.at,
      admittedBy: held.by,
      scanId: held.scanId,
      undoneBy: memberId,
      reason,
    });
  });
  return { undone: true as const };
}
