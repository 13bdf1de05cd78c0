import { createHash } from 'node:crypto';
import { and, asc, desc, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chainLedger } from '../../db/schema/index.ts';
import type { Chain, ChainRecord } from './port.ts';

const GENESIS = '0'.repeat(64);

/**
 * A record's hash covers the previous hash and the record itself, in a fixed key order. A key without
 * a value is left out, as the stored payload (jsonb) leaves it out.
 */
export function hashRecord(
  prevHash: string,
  entry: { kind: ChainRecord['kind']; tokenId: string; payload: Record<string, unknown> },
): string {
  const body = JSON.stringify([
    prevHash,
    entry.kind,
    entry.tokenId,
    Object.entries(entry.payload)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  ]);
  return createHash('sha256').update(body).digest('hex');
}

/**
 * The default chain: an append-only table where each record's hash chains to the last. Appends are
 * serialised by a transaction-scoped advisory lock, and the unique index on prev_hash refuses a fork.
 */
export function createLocalLedger(db: Db): Chain {
  const recordAll: Chain['recordAll'] = async (entries) => {
    if (entries.length === 0) return;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(7320011)`);
      const mintIds = entries.filter((e) => e.kind === 'mint').map((e) => e.tokenId);
      // A token minted or burned already is not minted (again): a retried mint, or one a refund overtook.
      const settled = new Set(
        mintIds.length === 0
          ? []
          : (
              await tx
                .select({ tokenId: chainLedger.tokenId })
                .from(chainLedger)
                .where(and(inArray(chainLedger.tokenId, mintIds), inArray(chainLedger.kind, ['mint', 'burn'])))
            ).map((m) => m.tokenId),
      );
      const [last] = await tx
        .select({ hash: chainLedger.hash })
        .from(chainLedger)
        .orderBy(desc(chainLedger.seq))
        .limit(1);
      let prevHash = last?.hash ?? GENESIS;
      const fresh: (typeof chainLedger.$inferInsert)[] = [];
      for (const entry of entries) {
        if (entry.kind === 'mint' && settled.has(entry.tokenId)) continue;
        const hash = hashRecord(prevHash, entry);
        fresh.push({ kind: entry.kind, tokenId: entry.tokenId, payload: entry.payload, prevHash, hash });
        if (entry.kind === 'mint') settled.add(entry.tokenId);
        prevHash = hash;
      }
      if (fresh.length > 0) await tx.insert(chainLedger).values(fresh);
    });
  };
  return {
    kind: 'local',
    recordAll,
    record: (entry) => recordAll([entry]),
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
