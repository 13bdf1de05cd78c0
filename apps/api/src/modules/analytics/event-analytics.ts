import { sql } from 'drizzle-orm';
import type { EventAnalytics, SalesDay } from '@portal/contract';
import { preparedRows, type Db } from '../../db/client.ts';
import { notFound } from '../../lib/http-error.ts';
import { toDollars } from '../../lib/money.ts';
import { eventCard, type EventHead, round2, salesSums, sellingNow, type TypeTotals } from './figures.ts';
import { keptPerDatabase } from '../../lib/recent.ts';
import { isoUtc } from '../../lib/sql-time.ts';

type EventRow = EventHead & {
  days_to_start: number;
};

type DayRow = { date: string; sold: number; comps: number; cents: number };

type TypeRow = TypeTotals & {
  id: number;
  name: string;
  selling: boolean;
  checked_in: number;
  sold_today: number;
  days_since_first_sale: number | null;
};

/**
 * One event's analytics from the read model (sales-sums.ts): the event, its ticket types with their
 * kept sums and today's sales, and with full_info its sales per local day — a few rows per type,
 * whatever the event has sold. "Today" and every day boundary are the event's own calendar days.
 */
export async function eventAnalytics(
  db: Db,
  partnerId: number,
  eventId: number,
  fullInfo: boolean,
  now = new Date(),
): Promise<EventAnalytics> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const today = sql`(${at} at time zone e.time_zone)::date`;
  const kept = fullInfo ? keptDays.get(db, eventId) : undefined;
  // One statement: on loopback each round trip costs the API more CPU than these reads cost the database.
  const [row] = await preparedRows<{
    event: EventRow | null;
    types: TypeRow[];
    days_stamp: string | null;
    days: DayRow[] | null;
  }>(
    db,
    'event-analytics',
    sql`with e as (
      select e.id, e.name, e.time_zone, ${isoUtc(sql`coalesce(d.first_start, e.created_at)`)} as start,
        e.active_on_widget as on_widget, coalesce(d.last_end <= ${at}, false) as ended,
        ((coalesce(d.first_start, e.created_at) at time zone e.time_zone)::date - ${today})::int as days_to_start,
        e.selling_time
      from events e
      left join lateral (select min(start_date) as first_start, max(end_date) as last_end from event_days where event_id = e.id) d on true
      where e.id = ${eventId} and e.partner_id = ${partnerId}
    ), t as (
      select tt.id, tt.name, tt.initial_price_cents as price_cents, tt.amount, tt.holds_amount as holds,
        ${sellingNow(now)} as selling,
        ${salesSums.sold} as sold, ${salesSums.comps} as comps, ${salesSums.soldCents} as sold_cents,
        ${salesSums.checkedIn} as checked_in,
        -- Today's row and the first day with a paid ticket, each found in the key's order: one or a
        -- few index entries, however long the type has been selling.
        coalesce((select sold from ticket_type_sales_days where ticket_type_id = tt.id and day = ${today}), 0) as sold_today,
        (${today} - (select day from ticket_type_sales_days where ticket_type_id = tt.id and sold > 0
          order by day limit 1))::int as days_since_first_sale
      from ticket_types tt
      join e on e.id = tt.event_id
    ), stamp as (
      -- Sales days change only in a transaction that also writes their type's row (a sale's guard, a
      -- refund's sums, a zone change's recount): the types' row versions stamp the event's days.
      select md5(e.time_zone || ':' || coalesce((select string_agg(x.id || '@' || x.xmin::text, ',' order by x.id)
        from ticket_types x where x.event_id = e.id), '')) as v from e
    )
    select (select row_to_json(e) from e) as event,
      (select coalesce(json_agg(t order by t.id), '[]') from t) as types,
      (select v from stamp) as days_stamp,
      ${fullInfo ? sql`case when (select v from stamp) = ${kept?.stamp ?? ''} then null else ${salesByDay} end` : sql`null`} as days`,
  );
  const { event, types, days, days_stamp: stamp } = row!;
  if (!event) throw notFound('Event');
  let salesDays: SalesDay[] | null = null;
  if (fullInfo) {
    salesDays =
      days?.map((d) => ({ date: d.date, sold: d.sold, comps: d.comps, value: toDollars(d.cents) })) ?? kept!.days;
    if (days) keptDays.set(db, eventId, { stamp: stamp!, days: salesDays });
  }

  const { card, totals } = eventCard(event, types);
  const salesToday = types.reduce((sum, t) => sum + t.sold_today, 0);
  const sinceFirstSale = Math.max(-1, ...types.map((t) => t.days_since_first_sale ?? -1));
  // Selling days: from the first sale's day to today, or to the event's day once it is past.
  const sellingDays = sinceFirstSale < 0 ? 0 : Math.max(sinceFirstSale + Math.min(event.days_to_start, 0), 0) + 1;
  // Days left to sell in: today through the event's day; none once that day has passed.
  const daysLeft = Math.max(event.days_to_start + 1, 0);

  return {
    ...card,
    sales: {
      total_face_value: toDollars(totals.faceCents),
      sold: totals.sold,
      opens: totals.opens,
      sales_today: salesToday,
      average_sold_per_day: sellingDays ? round2(totals.sold / sellingDays) : 0,
      required_per_day_for_sellout: daysLeft ? round2(totals.opens / daysLeft) : 0,
      days_left: daysLeft,
      ...(salesDays ? { sales_by_day: salesDays } : {}),
    },
    inventory: {
      sold: totals.sold,
      comps: totals.comps,
      holds: totals.holds,
      opens: totals.opens,
      tickets_distributed: totals.sold + totals.comps,
      ...(fullInfo
        ? {
            by_ticket_type: types.map((t) => ({
              ID: t.id,
              name: t.name,
              price: toDollars(t.price_cents),
              amount: t.amount,
              sold: t.sold,
              comps: t.comps,
              holds: t.holds,
              opens: Math.max(t.amount - t.sold - t.comps - t.holds, 0),
              checked_in: t.checked_in,
            })),
          }
        : {}),
    },
    attendance: {
      total_attendance: types.reduce((sum, t) => sum + t.checked_in, 0),
      attendance_by_ticket_type: types.map((t) => ({
        ID: t.id,
        name: t.name,
        checked_in: t.checked_in,
        distributed: t.sold + t.comps,
      })),
    },
  };
}

/**
 * An event's sales by day as last read, by its stamp: an event that sold for a year has a row per
 * day, and building them again costs more than the rest of its analytics together. Asked with the
 * stamp it holds, the statement leaves them out while the stamp is unchanged.
 */
const keptDays = keptPerDatabase<number, { stamp: string; days: SalesDay[] }>(500);

/** Tickets in circulation per calendar day of their sale in the event's zone (event `e`), from the kept sums. */
const salesByDay = sql`(select coalesce(json_agg(json_build_object('date', to_char(x.day, 'YYYY-MM-DD'),
    'sold', x.sold, 'comps', x.comps, 'cents', x.cents) order by x.day), '[]')
  from (select day, sum(sold)::int as sold, sum(comps)::int as comps, sum(sold_cents)::float8 as cents
    from ticket_type_sales_days where ticket_type_id in (select id from ticket_types where event_id = (select id from e))
    group by day having sum(sold) + sum(comps) > 0) x)`;
