import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
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
  const recordAll: Chain['recordAll'] = async (entries) => {
    if (entries.length === 0) return [];
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(7320011)`);
      const mintIds = entries.filter((e) => e.kind === 'mint').map((e) => e.tokenId);
      // Minting again what is already minted answers the first record: a retried mint is harmless.
      const minted = new Map<string, { seq: number; hash: string } | string>(
        mintIds.length === 0
          ? []
          : (
              await tx
                .select({ tokenId: chainLedger.tokenId, seq: chainLedger.seq, hash: chainLedger.hash })
                .from(chainLedger)
                .where(and(inArray(chainLedger.tokenId, mintIds), eq(chainLedger.kind, 'mint')))
            ).map((m) => [m.tokenId, { seq: m.seq, hash: m.hash }]),
      );
      const [last] = await tx
        .select({ hash: chainLedger.hash })
        .from(chainLedger)
        .orderBy(desc(chainLedger.seq))
        .limit(1);
      let prevHash = last?.hash ?? GENESIS;
      const fresh: (typeof chainLedger.$inferInsert & { hash: string })[] = [];
      // Each entry's answer: a record already on the chain, or the hash of the one appended now.
      const answers = entries.map((entry) => {
        const earlier = entry.kind === 'mint' ? minted.get(entry.tokenId) : undefined;
        if (earlier) return earlier;
        const hash = hashRecord(prevHash, entry);
        fresh.push({ kind: entry.kind, tokenId: entry.tokenId, payload: entry.payload, prevHash, hash });
        if (entry.kind === 'mint') minted.set(entry.tokenId, hash);
        prevHash = hash;
        return hash;
      });
      const rows =
        fresh.length === 0
          ? []
          : await tx.insert(chainLedger).values(fresh).returning({ seq: chainLedger.seq, hash: chainLedger.hash });
      const seqOf = new Map(rows.map((r) => [r.hash, r.seq]));
      return answers.map((a) => (typeof a === 'string' ? { seq: seqOf.get(a)!, hash: a } : a));
    });
  };
  return {
    kind: 'local',
    recordAll,
    async record(entry) {
      const [appended] = await recordAll([entry]);
      return appended!;
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
