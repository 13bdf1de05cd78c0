import { sql, type SQL } from 'drizzle-orm';
import type { OrderDateRange } from '@portal/contract';
import { containsPattern } from '../fans/list.ts';

export type OrderFilter = { search: string; date: OrderDateRange; start_date?: string; end_date?: string };

/** The named range's bounds, counted back from now; explicit start and end dates override them. */
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
  return {
    from: f.start_date ? new Date(f.start_date) : f.date === 'all_time' ? null : from,
    to: f.end_date ? new Date(f.end_date) : null,
  };
}

/**
 * The WHERE clause of a partner's orders (alias o) under a filter. The search finds the buyer by name
 * or e-mail among the partner's fans and the event by name, then the orders by those ids, so it never
 * pattern-matches across the orders themselves.
 */
export function ordersWhere(partnerId: number, f: OrderFilter, now = new Date()): SQL {
  const { from, to } = dateBounds(f, now);
  const parts: SQL[] = [sql`o.partner_id = ${partnerId}`];
  if (from) parts.push(sql`o.created_at >= ${from.toISOString()}::timestamptz`);
  if (to) parts.push(sql`o.created_at <= ${to.toISOString()}::timestamptz`);
  if (f.search) {
    const pattern = containsPattern(f.search);
    parts.push(sql`(o.buyer_id in (select pf.user_id from partner_fans pf where pf.partner_id = ${partnerId}
        and (lower(pf.full_name) like ${pattern} escape '\\' or pf.email like ${pattern} escape '\\'))
      or o.event_id in (select e.id from events e where e.partner_id = ${partnerId} and lower(e.name) like ${pattern} escape '\\'))`);
  }
  return sql.join(parts, sql` and `);
}
