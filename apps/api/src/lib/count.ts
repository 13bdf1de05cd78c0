import { sql, type SQL } from 'drizzle-orm';
import { countCap } from '@portal/contract';
import { queryRows, type Db } from '../db/client.ts';

/**
 * Counts the rows of a query up to the cap and says whether there are more. An exact count of a
 * million orders costs more than the page itself; nobody pages that far, and the screen says "10,000+".
 */
export async function countUpTo(db: Db, rows: SQL): Promise<{ total: number; total_capped: boolean }> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (${rows} limit ${countCap + 1}) counted`,
  );
  const n = row?.n ?? 0;
  return { total: Math.min(n, countCap), total_capped: n > countCap };
}
