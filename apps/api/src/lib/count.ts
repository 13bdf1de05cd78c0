import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { countCap } from '@portal/contract';
import { queryRows, type Db } from '../db/client.ts';
import { recentAnswers } from './recent.ts';

type Counted = { total: number; total_capped: boolean };

const dialect = new PgDialect();
/** A count is reused for the same query for five seconds: paging through results does not count them again. */
const recentCounts = recentAnswers<Counted>(5_000, 1_000);

/** A query's text and values, naming its rows. */
function queryKey(rows: SQL) {
  const { sql: text, params } = dialect.sqlToQuery(rows);
  return `${text}\u0000${JSON.stringify(params)}`;
}

/**
 * Counts the rows of a query up to the cap and says whether there are more. An exact count of a
 * million orders costs more than the page itself; nobody pages that far, and the screen says "10,000+".
 * Counting up to the cap still reads up to 10,000 index entries, several times the page's cost, so a
 * count is reused for the same query (the same partner, filter and search) for a few seconds: a
 * person paging through a result, or many people on the same list, count it once. A total can so be
 * up to five seconds behind the rows listed with it. The query is known by its text and values.
 */
export const countUpTo = (db: Db, rows: SQL): Promise<Counted> => countKnownAs(db, queryKey(rows), () => rows);

/**
 * `countUpTo` for rows the caller names by `key` for less than writing their query: `rows` writes it,
 * only when the count is not at hand.
 */
export async function countKnownAs(db: Db, key: string, rows: () => SQL): Promise<Counted> {
  return recentCounts(db, key, async () => {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (${rows()} limit ${countCap + 1}) counted`,
    );
    const n = row?.n ?? 0;
    return { total: Math.min(n, countCap), total_capped: n > countCap };
  });
}
