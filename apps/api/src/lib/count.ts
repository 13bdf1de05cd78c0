import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { countCap } from '@portal/contract';
import { queryRows, type Db } from '../db/client.ts';

type Counted = { total: number; total_capped: boolean };

/** How long a count is reused for the same query: paging through results does not count them again. */
const FRESH_MS = 5_000;
const KEPT = 1_000;
const dialect = new PgDialect();
/** Per database (tests open many in one process), the counts of the last few seconds by query. */
const recent = new WeakMap<Db, Map<string, { at: number; counted: Counted }>>();

/**
 * Counts the rows of a query up to the cap and says whether there are more. An exact count of a
 * million orders costs more than the page itself; nobody pages that far, and the screen says "10,000+".
 * Counting up to the cap still reads up to 10,000 index entries, several times the page's cost, so a
 * count is reused for the same query (the same partner, filter and search) for a few seconds: a
 * person paging through a result, or many people on the same list, count it once. A total can so be
 * up to five seconds behind the rows listed with it.
 */
export async function countUpTo(db: Db, rows: SQL, now = Date.now()): Promise<Counted> {
  const { sql: text, params } = dialect.sqlToQuery(rows);
  const key = `${text}\u0000${JSON.stringify(params)}`;
  let counts = recent.get(db);
  if (!counts) recent.set(db, (counts = new Map()));
  const hit = counts.get(key);
  if (hit && now - hit.at < FRESH_MS) return hit.counted;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (${rows} limit ${countCap + 1}) counted`,
  );
  const n = row?.n ?? 0;
  const counted = { total: Math.min(n, countCap), total_capped: n > countCap };
  counts.delete(key);
  if (counts.size >= KEPT) counts.delete(counts.keys().next().value!);
  counts.set(key, { at: now, counted });
  return counted;
}
