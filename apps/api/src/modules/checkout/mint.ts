import { and, asc, inArray, isNull, sql } from 'drizzle-orm';
import type { Chain } from '../../adapters/chain/index.ts';
import type { Db } from '../../db/client.ts';
import { tickets } from '../../db/schema/index.ts';

/**
 * Mints a batch of the tickets not yet on the chain, in one append, then marks them minted in one
 * write. A ticket is marked only after its record is on the chain, so a failure leaves it pending for
 * the next pass and is never lost; the chain answers a second mint of a token with the first, so a
 * retry never mints twice. Answers how many it took.
 */
export async function mintPending(db: Db, chain: Chain, batch = 500): Promise<number> {
  const pending = await db
    .select({ id: tickets.id, ownerId: tickets.ownerId, eventId: tickets.eventId, ticketTypeId: tickets.ticketTypeId })
    .from(tickets)
    // A ticket refunded or cancelled before its mint never goes on the chain.
    .where(and(isNull(tickets.mintedAt), inArray(tickets.status, ['valid', 'listed'])))
    .orderBy(asc(tickets.id))
    .limit(batch);
  if (pending.length === 0) return 0;
  await chain.recordAll(
    pending.map((t) => ({
      kind: 'mint' as const,
      tokenId: `tkt-${t.id}`,
      payload: { owner: t.ownerId, event: t.eventId, ticket_type: t.ticketTypeId },
    })),
  );
  await db
    .update(tickets)
    .set({ tokenId: sql`'tkt-' || ${tickets.id}`, mintedAt: new Date() })
    .where(
      inArray(
        tickets.id,
        pending.map((t) => t.id),
      ),
    );
  return pending.length;
}
