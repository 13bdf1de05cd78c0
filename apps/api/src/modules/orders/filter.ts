import { sql, type SQL } from 'drizzle-orm';
import type { OrderDateRange } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { recentAnswers } from '../../lib/recent.ts';
import { containsPattern } from '../../lib/sql-like.ts';

export type OrderFilter = { search: string; date: OrderDateRange; start_date?: string; end_date?: string };

/** The named range's bounds, counted back from now to the minute; explicit start and end dates override them. */
export function dateBounds(f: OrderFilter, now = new Date()): { from: Date | null; to: Date | null } {
  const from = new Date(now);
  switch (f.date) {
    case 'today':
      from.setUTCHours(0, 0, 0, 0);
      break;
    case 'last_week':
      from.setUTCDate(from.getUTCDate() - 7);
      break;
    case 'last_month':
      from.setUTCMonth(from.getUTCMonth() - 1);
      break;
    case 'last_year':
      from.setUTCFullYear(from.getUTCFullYear() - 1);
      break;
    case 'all_time':
      break;
  }
  // To the minute: a bound that moved every millisecond would make every request a new query, and
  // the count of the same list could never be reused (lib/count.ts).
  from.setUTCSeconds(0, 0);
  return {
    from: f.start_date ? new Date(f.start_date) : f.date === 'all_time' ? null : from,
    to: f.end_date ? new Date(f.end_date) : null,
  };
}

/** The orders index's own order (its columns are never null, so NULLS LAST changes nothing else). */
export const newestFirst = sql`o.created_at desc nulls last, o.id desc nulls last`;

/** Beyond this many matches a search is broad: the orders are scanned newest first instead. */
const FEW = 1_000;

/**
 * Whom and what a term names, kept for a few seconds like a list's count (lib/count.ts): paging
 * through a result looks them up once. A fan or event named in the last seconds may be missed until then.
 */
const recentlyNamed = recentAnswers<'many' | { buyers: number[]; events: number[] }>(5_000, 200);

/**
 * What a search term names among the partner's orders. The buyers (by name or e-mail) and events (by
 * name) it matches are looked up first, in the trigram-indexed fan table and the events; when they are
 * few, the orders are found through their buyer and event indexes, and when they are many the
 * newest-first scan of the orders index, which carries each buyer's name and e-mail, meets matches
 * soon enough without reading a row.
 */
async function searchCondition(db: Db, partnerId: number, search: string): Promise<SQL> {
  const pattern = containsPattern(search);
  const fans = sql`select pf.user_id from partner_fans pf where pf.partner_id = ${partnerId}
    and (lower(pf.full_name) like ${pattern} escape '\\' or pf.email like ${pattern} escape '\\')`;
  const events = sql`select e.id from events e where e.partner_id = ${partnerId} and lower(e.name) like ${pattern} escape '\\'`;
  const named = await recentlyNamed(db, `${partnerId}\u0000${pattern}`, async () => {
    const [buyerIds, eventIds] = await Promise.all([
      queryRows<{ user_id: number }>(db, sql`${fans} limit ${FEW + 1}`),
      queryRows<{ id: number }>(db, sql`${events} limit ${FEW + 1}`),
    ]);
    if (buyerIds.length > FEW || eventIds.length > FEW) return 'many';
    return { buyers: buyerIds.map((b) => b.user_id), events: eventIds.map((e) => e.id) };
  });
  if (named === 'many') return sql`(o.buyer_search like ${pattern} escape '\\' or o.event_id in (${events}))`;
  // Each list as one array parameter, so the query's text is the same whatever the matches.
  return sql`(o.buyer_id = any(${sql.param(named.buyers)}::int[]) or o.event_id = any(${sql.param(named.events)}::int[]))`;
}

/** The WHERE clause of a partner's orders (alias o) under a filter. */
export async function ordersWhere(db: Db, partnerId: number, f: OrderFilter, now = new Date()): Promise<SQL> {
  const { from, to } = dateBounds(f, now);
  const parts: SQL[] = [sql`o.partner_id = ${partnerId}`];
  if (from) parts.push(sql`o.created_at >= ${from.toISOString()}::timestamptz`);
  if (to) parts.push(sql`o.created_at <= ${to.toISOString()}::timestamptz`);
  if (f.search) parts.push(await searchCondition(db, partnerId, f.search));
  return sql.join(parts, sql` and `);
}
