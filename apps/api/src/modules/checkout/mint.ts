import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Chain } from '../../adapters/chain/index.ts';
import type { Db } from '../../db/client.ts';
import { tickets } from '../../db/schema/index.ts';

/**
 * Mints every ticket not yet on the chain. A ticket is marked minted only after its record is on the
 * chain, so a failure leaves it pending for the next run and is never lost; the chain itself refuses a
 * second mint of the same token, so a retry never mints twice.
 */
export async function mintPending(db: Db, chain: Chain, batch = 200): Promise<number> {
  const pending = await db
    .select({ id: tickets.id, ownerId: tickets.ownerId, eventId: tickets.eventId, ticketTypeId: tickets.ticketTypeId })
    .from(tickets)
    // A ticket refunded or cancelled before its mint never goes on the chain.
    .where(and(isNull(tickets.mintedAt), inArray(tickets.status, ['valid', 'listed'])))
    .orderBy(asc(tickets.id))
    .limit(batch);
  for (const t of pending) {
    const tokenId = `tkt-${t.id}`;
    await chain.record({
      kind: 'mint',
      tokenId,
      payload: { owner: t.ownerId, event: t.eventId, ticket_type: t.ticketTypeId },
    });
    await db.update(tickets).set({ tokenId, mintedAt: new Date() }).where(eq(tickets.id, t.id));
  }
  return pending.length;
}

/**
 * Runs one mint pass at a time in this process. Calls while a pass runs share the single next pass,
 * so a rush of sales asks for one more pass, not one each.
 */
export function createMinter(db: Db, chain: Chain) {
  let running: Promise<unknown> | null = null;
  let next: Promise<unknown> | null = null;
  const pass = async () => {
    try {
      while ((await mintPending(db, chain)) > 0);
    } finally {
      running = null;
    }
  };
  return () => {
    if (!running) return (running = pass());
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return (running ??= pass());
      });
    return next;
  };
}
