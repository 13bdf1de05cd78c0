import { createHash } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chainLedger } from '../../db/schema/index.ts';
import type { Chain, ChainRecord } from './index.ts';

const GENESIS = '0'.repeat(64);

/** A record's hash covers the previous hash and the record itself, in a fixed key order. */
export function hashRecord(prevHash: string, entry: ChainRecord): string {
  const body = JSON.stringify([
    prevHash,
    entry.kind,
    entry.tokenId,
    Object.entries(entry.payload).sort(([a], [b]) => a.localeCompare(b)),
  ]);
  return createHash('sha256').update(body).digest('hex');
}

/**
 * The default chain: an append-only table where each record's hash chains to the last. Appends are
 * serialised by a transaction-scoped advisory lock, and the unique index on prev_hash refuses a fork.
 */
export function createLocalLedger(db: Db): Chain {
  return {
    kind: 'local',
    async record(entry) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(7320011)`);
        if (entry.kind === 'mint') {
          const [minted] = await tx
            .select({ seq: chainLedger.seq, hash: chainLedger.hash })
            .from(chainLedger)
            .where(and(eq(chainLedger.tokenId, entry.tokenId), eq(chainLedger.kind, 'mint')));
          // Minting again what is already minted answers the first record: a retried mint is harmless.
          if (minted) return minted;
        }
        const [last] = await tx
          .select({ hash: chainLedger.hash })
          .from(chainLedger)
          .orderBy(desc(chainLedger.seq))
          .limit(1);
        const prevHash = last?.hash ?? GENESIS;
        const hash = hashRecord(prevHash, entry);
        const [row] = await tx
          .insert(chainLedger)
          .values({ kind: entry.kind, tokenId: entry.tokenId, payload: entry.payload, prevHash, hash })
          .returning({ seq: chainLedger.seq });
        return { seq: row!.seq, hash };
      });
    },
    async verify() {
      const rows = await db.select().from(chainLedger).orderBy(asc(chainLedger.seq));
      let prev = GENESIS;
      for (const r of rows) {
        if (
          r.prevHash !== prev ||
          r.hash !== hashRecord(prev, { kind: r.kind, tokenId: r.tokenId, payload: r.payload })
        ) {
          return { ok: false, records: rows.length, brokenAt: r.seq };
        }
        prev = r.hash;
      }
      return { ok: true, records: rows.length };
    },
  };
}
