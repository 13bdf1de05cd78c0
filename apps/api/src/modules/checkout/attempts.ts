import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { ApiError, CheckoutResult } from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { batchedPerDatabase } from '../../lib/batched.ts';
import { checkoutAttempts } from '../../db/schema/index.ts';
import { HttpError, invalid } from '../../lib/http-error.ts';

/** What an attempt was answered, kept to answer its retries the same. */
export type Answer = { status: 200; data: CheckoutResult } | { status: number; error: ApiError };

/** An attempt claimed this long ago without an answer died with its process; a retry takes it over. */
const ABANDONED_AFTER = sql`interval '2 minutes'`;
/** How long a key is remembered: far longer than any buyer retries. */
export const KEPT_FOR = sql`interval '24 hours'`;

/** The attempt this process is working on, as claimed: its row and when it was claimed (exactly). */
export type Claim = { id: number; claimedAt: string };
const claimColumns = { id: checkoutAttempts.id, claimedAt: sql<string>`${checkoutAttempts.claimedAt}::text` };

export const inProgress = () =>
  new HttpError(409, 'in_progress', 'This purchase is still being processed. Try again in a moment.');

/** The same basket hashes the same: the parsed body's keys come in the schema's order. */
export const requestHash = (body: unknown) => createHash('sha256').update(JSON.stringify(body)).digest('base64url');

/**
 * A buyer's `Idempotency-Key` and the hash of the basket sent with it, worked out when first needed:
 * to claim the key, or to compare with an earlier attempt's. A buyer refused in a rush with a key
 * nobody used before needs neither, and hashing every basket was about 6 % of the server's samples
 * while it refused buyers of a sold-out type (docs/benchmarks.md).
 */
export type PurchaseKey = { key: string; hash: () => string };

export function purchaseKey(key: string, body: unknown): PurchaseKey {
  let hash: string | undefined;
  return { key, hash: () => (hash ??= requestHash(body)) };
}

/**
 * Claims the buyer's key for this attempt, or gives back what the first attempt under it was told. A
 * key still being worked on answers 409 `in_progress`; one sent with another basket is refused.
 */
export async function claimAttempt(
  db: Db,
  partnerId: number,
  { key, hash: hashOf }: PurchaseKey,
): Promise<Claim | { answer: Answer }> {
  const hash = hashOf();
  const [claimed] = await db
    .insert(checkoutAttempts)
    .values({ partnerId, idempotencyKey: key, requestHash: hash })
    .onConflictDoNothing()
    .returning(claimColumns);
  if (claimed) return claimed;
  const [seen] = await db
    .select()
    .from(checkoutAttempts)
    .where(and(eq(checkoutAttempts.partnerId, partnerId), eq(checkoutAttempts.idempotencyKey, key)));
  // Released between our insert and this read: the other attempt gave up, so may this retry.
  if (!seen) throw inProgress();
  if (seen.requestHash !== hash) {
    throw invalid('This purchase key was already used for another purchase. Start the purchase again.', {
      'idempotency-key': 'used for another purchase',
    });
  }
  if (seen.answer) return { answer: seen.answer as Answer };
  const [taken] = await db
    .update(checkoutAttempts)
    .set({ claimedAt: sql`now()` })
    .where(
      and(
        eq(checkoutAttempts.id, seen.id),
        isNull(checkoutAttempts.answer),
        lt(checkoutAttempts.claimedAt, sql`now() - ${ABANDONED_AFTER}`),
      ),
    )
    .returning(claimColumns);
  if (taken) return taken;
  throw inProgress();
}

type Seen = { answer: unknown; requestHash: string } | null;

/** The attempts under some keys, one statement for all of them (`batched`), per database. */
const readAttempt = batchedPerDatabase(async (db: Db, keys: { partnerId: number; key: string }[]) => {
  const rows = await queryRows<{ i: number; answer: unknown; request_hash: string }>(
    db,
    sql`select w.i, a.answer, a.request_hash
      from jsonb_to_recordset(${JSON.stringify(keys.map(({ partnerId, key }, i) => ({ i, partner_id: partnerId, key })))}::jsonb)
        as w(i int, partner_id int, key text)
      join checkout_attempts a on a.partner_id = w.partner_id and a.idempotency_key = w.key`,
  );
  const seen: Seen[] = keys.map(() => null);
  for (const row of rows) seen[row.i] = { answer: row.answer, requestHash: row.request_hash };
  return seen;
});

/**
 * What an earlier attempt under this key was answered, for a retry refused before it claims the key;
 * one still being worked on answers 409 `in_progress`. Null when the key is new. Every buyer refused
 * in a rush asks this, so those asking at once share one read.
 */
export async function peekAttempt(db: Db, partnerId: number, { key, hash }: PurchaseKey): Promise<Answer | null> {
  const seen = await readAttempt(db)({ partnerId, key });
  if (!seen || seen.requestHash !== hash()) return null;
  if (!seen.answer) throw inProgress();
  return seen.answer as Answer;
}

/** Whether this claim is still the attempt's: unanswered, and not taken over by a retry since. */
const ours = (claim: Claim) =>
  and(
    eq(checkoutAttempts.id, claim.id),
    isNull(checkoutAttempts.answer),
    sql`${checkoutAttempts.claimedAt}::text = ${claim.claimedAt}`,
  );

/**
 * Keeps the attempt's answer: inside the sale's transaction for a sale, right after a refusal. False
 * when the claim is no longer ours (a retry took it over and may have answered): the caller must not
 * answer, nor give back a charge that attempt may be using.
 */
export async function answerAttempt(db: Db | Tx, claim: Claim, answer: Answer): Promise<boolean> {
  const kept = await db
    .update(checkoutAttempts)
    .set({ answer })
    .where(ours(claim))
    .returning({ id: checkoutAttempts.id });
  return kept.length > 0;
}

export async function stillClaimed(db: Db, claim: Claim): Promise<boolean> {
  const [row] = await db.select({ id: checkoutAttempts.id }).from(checkoutAttempts).where(ours(claim));
  return row !== undefined;
}

/**
 * The claims released at once, in one statement for all of them (`batched`), per database: in a rush
 * for the last tickets every buyer whose look claimed their key and found the stock gone releases it
 * at the same moment, and a statement and a commit each, ten at a time, made the last of them the
 * slowest refusals of the rush (docs/benchmarks.md).
 */
const releaseClaims = batchedPerDatabase(async (db: Db, claims: Claim[]) => {
  await db.delete(checkoutAttempts).where(or(...claims.map(ours)));
  return claims.map(() => undefined);
});

/**
 * Lets a retry start afresh: the attempt ended with nothing sold, nothing charged and nothing to say.
 * Only while the claim is still this attempt's (`ours`).
 */
export async function releaseAttempt(db: Db, claim: Claim) {
  await releaseClaims(db)(claim);
}

/**
 * The payment provider's idempotency key of the purchase: the same for every attempt under the
 * buyer's key, so a takeover reuses the charge a dead attempt may have made; unique across databases.
 */
export const providerKey = (partnerId: number, key: string) =>
  `checkout-${createHash('sha256').update(`${partnerId}:${key}`).digest('base64url')}`;

export const replay = (answer: Answer): CheckoutResult => {
  if ('data' in answer) return answer.data;
  throw new HttpError(answer.status, answer.error.code, answer.error.message, answer.error.fields);
};

/** Forgets keys older than a day. */
export async function forgetOldAttempts(db: Db) {
  await db.delete(checkoutAttempts).where(lt(checkoutAttempts.createdAt, sql`now() - ${KEPT_FOR}`));
}
