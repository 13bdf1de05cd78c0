import { sql } from 'drizzle-orm';
import type { EventDay } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import type { eventDays } from '../../db/schema/index.ts';
import { dollarsSql, toDollars } from '../../lib/money.ts';
import { isoUtc } from '../../lib/sql-time.ts';

export const toDay = (d: typeof eventDays.$inferSelect): EventDay => ({
  ID: d.id,
  event_id: d.eventId,
  start_date: d.startDate.toISOString(),
  end_date: d.endDate.toISOString(),
  quantity: d.quantity,
  sold: d.sold,
});

/** What the event grosses if every ticket sells at face value, in dollars. */
export const budget = (types: { amount: number; priceCents: number }[]) =>
  toDollars(types.reduce((sum, t) => sum + t.amount * t.priceCents, 0));

/**
 * What the partner's event list shows depends on, in one short text: the count of changes to its
 * events, days and ticket types (kept by triggers, migration 0022) and every day's sold figure, which
 * sales and refunds change without counting. Equal stamps, equal lists.
 */
export const eventListStamp = (partnerId: number) =>
  sql`md5(coalesce((select version from event_list_versions where partner_id = ${partnerId}), 0)::text || ':' ||
    coalesce((select string_agg(d.id || '=' || d.sold, ',' order by d.id) from event_days d
      where d.event_id in (select id from events where partner_id = ${partnerId})), ''))`;

/**
 * The partner's events with their days and ticket types, oldest first, as the JSON text of the
 * answer's data, built by the database in one query, with the list's stamp read in the same
 * snapshot. The list is the portal's first screen and grows with the partner: row by row, Node spent
 * ~15 ms per request of 200 events turning rows into objects, checking them against the schema and
 * writing them out again. The shape is the contract's (`eventsResponseSchema`); the tests parse real
 * answers with it. With `ordered`, grouped by 'MMMM YYYY' of each event's start in its own time zone
 * (as `periodOf` in lib/periods.ts names it), oldest first.
 */
export async function listEventsJson(
  db: Db,
  partnerId: number,
  ordered: boolean,
): Promise<{ json: string; stamp: string }> {
  const mine = sql`select id from events where partner_id = ${partnerId}`;
  // Days and types grouped in one pass each, then joined: no subquery per event.
  const items = sql`
    with d as (
      select x.event_id, min(x.start_date) as first_start,
        json_agg(json_build_object('ID', x.id, 'event_id', x.event_id, 'start_date', ${isoUtc(sql`x.start_date`)},
          'end_date', ${isoUtc(sql`x.end_date`)}, 'quantity', x.quantity, 'sold', x.sold) order by x.start_date, x.id) as days
      from event_days x where x.event_id in (${mine}) group by x.event_id),
    t as (
      select y.event_id, sum(y.amount::bigint * y.initial_price_cents) as budget_cents,
        json_agg(json_build_object('ID', y.id, 'name', y.name) order by y.id) as types
      from ticket_types y where y.event_id in (${mine}) group by y.event_id)
    select e.id, e.time_zone, coalesce(d.first_start, e.created_at) as start_at,
      row_number() over (order by coalesce(d.first_start, e.created_at), e.id) as pos,
      json_build_object(
        'ID', e.id, 'name', e.name, 'venue', e.venue, 'event_type', e.event_type, 'image', e.image,
        'time_zone', e.time_zone, 'time_slots', e.time_slots, 'rrule', e.rrule, 'recurrence_id', e.recurrence_id,
        'start_date', ${isoUtc(sql`coalesce(d.first_start, e.created_at)`)},
        'selling_time', ${isoUtc(sql`e.selling_time`)},
        'total_event_budget', ${dollarsSql(sql`coalesce(t.budget_cents, 0)`)},
        'active_on_widget', e.active_on_widget, 'transfering_allowed', e.transfering_allowed,
        'selling_allowed', e.selling_allowed,
        'event_days', coalesce(d.days, '[]'), 'ticket_types', coalesce(t.types, '[]')) as item
    from events e left join d on d.event_id = e.id left join t on t.event_id = e.id
    where e.partner_id = ${partnerId}`;
  const stamp = eventListStamp(partnerId);
  const query = ordered
    ? sql`select coalesce(json_agg(json_build_object('period', period, 'events', events) order by first), '[]')::text as json,
          ${stamp} as stamp
        from (select to_char(start_at at time zone time_zone, 'FMMonth YYYY') as period, min(pos) as first,
                json_agg(item order by pos) as events
              from (${items}) i group by 1) p`
    : sql`select coalesce(json_agg(item order by pos), '[]')::text as json, ${stamp} as stamp from (${items}) i`;
  const [row] = await queryRows<{ json: string; stamp: string }>(db, query);
  return row!;
}
