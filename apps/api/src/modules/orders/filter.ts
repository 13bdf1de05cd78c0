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
export const FEW = 1_000;

/** The ids a term names, or null where they are more than `FEW`. */
type Named = { buyers: number[] | null; events: number[] | null };

/**
 * Whom and what a term names, kept for a few seconds like a list's count (lib/count.ts): paging
 * through a result looks them up once. A fan or event named in the last seconds may be missed until then.
 */
const recentlyNamed = recentAnswers<Named>(5_000, 200);

/** How a clause carries a value, by name: visible to the planner, or hidden from it (`planOnce`). */
type Value = (name: string, value: unknown, type: 'int' | 'int[]' | 'text' | 'timestamptz') => SQL;
/** A value as one parameter: Drizzle writes an array as a list of them unless told. */
const param = (value: unknown) => (Array.isArray(value) ? sql.param(value) : value);
const visible: Value = (_name, value, type) => sql`${param(value)}::${sql.raw(type)}`;

/** A clause for a plan made once: its statement's shape and the values its placeholders take. */
export type PlannedOnce = { clause: SQL; shape: string; values: Record<string, unknown> };

/**
 * Values read by an InitPlan, `(select $1::int)`: the planner estimates them the same whether it
 * plans for the call or once, so PostgreSQL keeps a prepared statement's generic plan instead of
 * planning every call (it refused the generic plan of `created_at >= $2`, whose estimate was worse).
 * Each is a named placeholder, so the statement's text is written once per shape (the names used).
 */
function hiddenValues() {
  const values: Record<string, unknown> = {};
  const names: string[] = [];
  const value: Value = (name, v, type) => {
    values[name] = v;
    names.push(name);
    return sql`(select ${sql.placeholder(name)}::${sql.raw(type)})`;
  };
  return { value, values, shape: () => names.join(',') };
}

/**
 * The buyers (by name or e-mail) and events (by name) a search term matches among the partner's, looked
 * up in the trigram-indexed fan table and the events.
 */
async function namedBy(db: Db, partnerId: number, pattern: string): Promise<Named> {
  return recentlyNamed(db, `${partnerId}\u0000${pattern}`, async () => {
    const [buyerIds, eventIds] = await Promise.all([
      queryRows<{ user_id: number }>(
        db,
        sql`select pf.user_id from partner_fans pf where pf.partner_id = ${partnerId}
          and (lower(pf.full_name) like ${pattern} escape '\\' or pf.email like ${pattern} escape '\\')
          limit ${FEW + 1}`,
      ),
      queryRows<{ id: number }>(db, sql`${matchingEvents(partnerId, pattern, visible)} limit ${FEW + 1}`),
    ]);
    return {
      buyers: buyerIds.length > FEW ? null : buyerIds.map((b) => b.user_id),
      events: eventIds.length > FEW ? null : eventIds.map((e) => e.id),
    };
  });
}

const matchingEvents = (partnerId: number, pattern: string, value: Value) =>
  sql`select e.id from events e where e.partner_id = ${value('partner', partnerId, 'int')} and lower(e.name) like ${value('pattern', pattern, 'text')} escape '\\'`;

/**
 * The WHERE clause of a partner's orders (alias o) under a filter, and the same clause for a plan
 * made once (its values hidden from the planner), or null where the plan must see them: a search
 * naming few buyers and events is found through their indexes only when the planner sees how few.
 * A term naming many buyers is met by the newest-first scan of the orders index, which carries each
 * buyer's name and e-mail, soon enough without reading a row; the events it names are passed as
 * their ids when they are few (matching every event's name again cost about half of the lookup of a
 * page's orders). `key` names the filter's matches, for keeping their count. The clause the planner
 * sees is written only when asked for: the first page and a count at hand need none.
 */
export async function ordersClauses(
  db: Db,
  partnerId: number,
  f: OrderFilter,
  now = new Date(),
): Promise<{ where: () => SQL; planOnce: PlannedOnce | null; key: string }> {
  const { from, to } = dateBounds(f, now);
  const [fromIso, toIso] = [from?.toISOString(), to?.toISOString()];
  const pattern = f.search ? containsPattern(f.search) : null;
  const named = pattern === null ? null : await namedBy(db, partnerId, pattern);
  const few = named?.buyers && named.events ? { buyers: named.buyers, events: named.events } : null;
  const clause = (value: Value) => {
    const parts: SQL[] = [sql`o.partner_id = ${value('partner', partnerId, 'int')}`];
    if (fromIso) parts.push(sql`o.created_at >= ${value('from', fromIso, 'timestamptz')}`);
    if (toIso) parts.push(sql`o.created_at <= ${value('to', toIso, 'timestamptz')}`);
    if (few) {
      // Each list as one array parameter, so the query's text is the same whatever the matches.
      parts.push(
        sql`(o.buyer_id = any(${value('buyers', few.buyers, 'int[]')}) or o.event_id = any(${value('events', few.events, 'int[]')}))`,
      );
    } else if (pattern !== null && named) {
      // A set the plan hashes once, where `= any(array)` would compare each order with every id.
      const events = named.events
        ? sql`o.event_id in (select unnest(${value('events', named.events, 'int[]')}))`
        : sql`o.event_id in (${matchingEvents(partnerId, pattern, value)})`;
      parts.push(sql`(o.buyer_search like ${value('pattern', pattern, 'text')} escape '\\' or ${events})`);
    }
    return sql.join(parts, sql` and `);
  };
  const key = [partnerId, fromIso, toIso, pattern].join('\u0000');
  const where = () => clause(visible);
  if (few) return { where, planOnce: null, key };
  const hidden = hiddenValues();
  const planned = clause(hidden.value);
  return {
    where,
    planOnce: { clause: planned, shape: hidden.shape(), values: hidden.values },
    key,
  };
}

/** The WHERE clause of a partner's orders (alias o) under a filter. */
export async function ordersWhere(db: Db, partnerId: number, f: OrderFilter, now = new Date()): Promise<SQL> {
  return (await ordersClauses(db, partnerId, f, now)).where();
}
