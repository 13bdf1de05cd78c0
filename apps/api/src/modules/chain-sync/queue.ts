import { sql } from 'drizzle-orm';
import { tokenIdOf, type Chain, type ChainRecord } from '../../adapters/chain/index.ts';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { chainQueue } from '../../db/schema/index.ts';

/** A change to a sold ticket that the chain must follow; users by their ids. */
export type ChainChange =
  | { kind: 'transfer'; ticketId: number; from: number; to: number; resale?: number }
  | { kind: 'burn'; ticketId: number; refund: number };

/**
 * Queues changes for the chain in the transaction that makes them, so they commit or vanish with it.
 * Called after the ticket's row is updated, whose lock then orders a ticket's changes as they commit.
 */
export async function queueChainChanges(tx: Tx, changes: ChainChange[]) {
  if (changes.length === 0) return;
  await tx.insert(chainQueue).values(changes.map(({ kind, ticketId, ...payload }) => ({ kind, ticketId, payload })));
}

type Claimed = {
  id: number;
  ticket_id: number;
  kind: 'transfer' | 'burn';
  payload: Record<string, number>;
  attempts: number;
  /** A transfer of a ticket refunded before its mint: it will never be on the chain. */
  moot: boolean;
};

/** How long a claimed change is this process's to apply before another may take it. */
const LEASE = sql`interval '5 minutes'`;
/** A change that failed waits longer after each failure: 10 s, 20 s, 40 s … at most 30 minutes. */
const retryAfterSeconds = (attempts: number) => Math.min(10 * 2 ** (attempts - 1), 1800);

const recordOf = (row: Claimed): ChainRecord =>
  row.kind === 'transfer'
    ? { kind: 'transfer', tokenId: tokenIdOf(row.ticket_id), payload: row.payload as { from: number; to: number } }
    : { kind: 'burn', tokenId: tokenIdOf(row.ticket_id), payload: row.payload as { refund: number } };

/**
 * Puts a batch of queued changes on the chain. A change is due when no earlier change of its ticket
 * waits, and a transfer only once its ticket is minted (a burn goes at once: the chain then never
 * mints the token). Rows are claimed by pushing them a lease ahead, as the mail queue does, so
 * processes share the work; each applied change is deleted, and a failed one keeps its error and
 * waits longer. Answers how many it took; throws after the batch if any failed, so the pass logs it
 * and comes back.
 */
export async function applyQueued(db: Db, chain: Chain, batch = 100): Promise<number> {
  const due = await queryRows<Claimed>(
    db,
    sql`update chain_queue q set next_attempt_at = now() + ${LEASE}, attempts = q.attempts + 1
      from tickets t
      where t.id = q.ticket_id and q.id in (
        select c.id from chain_queue c join tickets ct on ct.id = c.ticket_id
        where c.next_attempt_at <= now()
          and not exists (select 1 from chain_queue e where e.ticket_id = c.ticket_id and e.id < c.id)
          and (ct.minted_at is not null or c.kind = 'burn' or ct.status not in ('valid', 'listed'))
        order by c.id limit ${batch} for update of c skip locked)
      returning q.id::int as id, q.ticket_id, q.kind, q.payload, q.attempts,
        q.kind = 'transfer' and t.minted_at is null as moot`,
  );
  let taken = 0;
  const failed: string[] = [];
  for (const row of due.sort((a, b) => a.id - b.id)) {
    try {
      if (!row.moot) await chain.record(recordOf(row));
    } catch (err) {
      const reason = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      await db.execute(
        sql`update chain_queue set last_error = ${reason},
          next_attempt_at = now() + make_interval(secs => ${retryAfterSeconds(row.attempts)}) where id = ${row.id}`,
      );
      failed.push(`the ${row.kind} of ticket ${row.ticket_id}: ${reason}`);
      continue;
    }
    await db.execute(sql`delete from chain_queue where id = ${row.id}`);
    taken += 1;
  }
  if (failed.length > 0) throw new Error(`${failed.length} change(s) did not reach the chain, ${failed[0]}`);
  return taken;
}
