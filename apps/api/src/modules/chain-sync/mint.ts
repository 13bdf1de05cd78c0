import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { tokenIdOf, type Chain } from '../../adapters/chain/index.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { tickets } from '../../db/schema/index.ts';

/** Tickets sold and valid: the ones the chain must hold. A ticket refunded or cancelled before its mint never goes on it. */
const live = inArray(tickets.status, ['valid', 'listed']);

/**
 * Mints a batch of the tickets not yet on the chain, in one write, then marks them minted in one
 * statement. A ticket is marked only after its mint is on the chain, so a failure (a node that is
 * down) leaves it pending for the next pass and it is never lost, and the chain takes a second mint of
 * a token as done, so a retry never mints twice. A ticket is minted to its first holder (the one its
 * first queued transfer gives it away from, or else its holder now) and its queued changes follow in
 * order (queue.ts): the chain shows what happened, whichever process mints and whenever it reads.
 * Answers how many it took.
 */
export async function mintPending(db: Db, chain: Chain, batch = 500): Promise<number> {
  const pending = await queryRows<{ id: number; owner: number; event_id: number; ticket_type_id: number }>(
    db,
    sql`select t.id, t.event_id, t.ticket_type_id,
        coalesce((select (q.payload->>'from')::int from chain_queue q
          where q.ticket_id = t.id and q.kind = 'transfer' order by q.id limit 1), t.owner_id) as owner
      from tickets t
      where t.minted_at is null and t.status in ('valid', 'listed')
      order by t.id limit ${batch}`,
  );
  if (pending.length === 0) return 0;
  await chain.recordAll(
    pending.map((t) => ({
      kind: 'mint' as const,
      tokenId: tokenIdOf(t.id),
      payload: { owner: t.owner, event: t.event_id, ticket_type: t.ticket_type_id },
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

/** How many of an event's tickets are sold and valid but not on the chain yet. */
export async function ticketsWaitingToMint(db: Db, eventId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tickets)
    .where(and(eq(tickets.eventId, eventId), isNull(tickets.mintedAt), live));
  return row?.n ?? 0;
}
