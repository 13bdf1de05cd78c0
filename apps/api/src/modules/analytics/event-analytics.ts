import { sql } from 'drizzle-orm';
import type { EventAnalytics, SalesDay } from '@portal/contract';
import { preparedRows, type Db } from '../../db/client.ts';
import { notFound } from '../../lib/http-error.ts';
import { toDollars } from '../../lib/money.ts';
import { eventCard, type EventHead, round2, salesSums, sellingNow, type TypeTotals } from './figures.ts';
import { keptAnswer, stampedAnswers, type KeptAnswer } from '../../lib/kept-answer.ts';
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
 * What one event's analytics are built from, as one short text read in a few index lookups: the
 * event's row version and first and last day, each ticket type's row version, and what the clock
 * decides — today's date in the event's zone, whether its last day has ended, which types are
 * selling. Every sale, refund and check-in writes its type's row (its sums, sales-sums.ts), and the
 * sales by day change only in a transaction that does (a sale, a refund, a change of time zone,
 * which recounts them on every type's row); any edit of the event or a type writes its row. Equal
 * stamps, equal answers. Null when the partner has no such event.
 */
const answerStamp = (partnerId: number, eventId: number, now: Date) => {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`(select md5(json_build_array(e.xmin, (${at} at time zone e.time_zone)::date, d.first_start, d.last_end,
      d.last_end <= ${at}, (select string_agg(tt.id || '@' || tt.xmin || '=' || ${sellingNow(now)}, ',' order by tt.id)
        from ticket_types tt where tt.event_id = e.id))::text)
    from events e
    left join lateral (select min(start_date) as first_start, max(end_date) as last_end from event_days where event_id = e.id) d on true
    where e.id = ${eventId} and e.partner_id = ${partnerId})`;
};

/** Answers by partner, event and shape. */
const kept = stampedAnswers(500);

/**
 * One event's analytics as the body of the answer, built again only when its stamp changed: the
 * answer grows with the days the event has sold on (a year of them is 13 KB of JSON), and writing
 * and compressing it cost several times what reading the stamp does.
 */
export async function eventAnalyticsAnswer(
  db: Db,
  partnerId: number,
  eventId: number,
  fullInfo: boolean,
  write: (answer: EventAnalytics) => string,
  now = new Date(),
): Promise<KeptAnswer> {
  return kept(db, `${partnerId}:${eventId}:${fullInfo}`, {
    now: now.getTime(),
    stamp: { label: 'event-analytics-stamp', expression: answerStamp(partnerId, eventId, now) },
    build: async () => {
      const { answer, stamp } = await eventAnalytics(db, partnerId, eventId, fullInfo, now);
      return keptAnswer(stamp, write(answer));
    },
  });
}

/**
 * One event's analytics from the read model (sales-sums.ts): the event, its ticket types with their
 * kept sums and today's sales, and with full_info its sales per local day — a few rows per type,
 * whatever the event has sold. "Today" and every day boundary are the event's own calendar days.
 * With the answer, its stamp, read in the same statement and so from the same snapshot.
 */
export async function eventAnalytics(
  db: Db,
  partnerId: number,
  eventId: number,
  fullInfo: boolean,
  now = new Date(),
): Promise<{ answer: EventAnalytics; stamp: string }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const today = sql`(${at} at time zone e.time_zone)::date`;
  // One statement: on loopback each round trip costs the API more CPU than these reads cost the database.
  const [row] = await preparedRows<{
    event: EventRow | null;
    types: TypeRow[];
    stamp: string | null;
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
    )
    select (select row_to_json(e) from e) as event,
      (select coalesce(json_agg(t order by t.id), '[]') from t) as types,
      ${answerStamp(partnerId, eventId, now)} as stamp,
      ${fullInfo ? salesByDay : sql`null`} as days`,
  );
  const { event, types, days, stamp } = row!;
  if (!event) throw notFound('Event');
  const salesDays: SalesDay[] | null = fullInfo
    ? days!.map((d) => ({ date: d.date, sold: d.sold, comps: d.comps, value: toDollars(d.cents) }))
    : null;

  const { card, totals } = eventCard(event, types);
  const salesToday = types.reduce((sum, t) => sum + t.sold_today, 0);
  const sinceFirstSale = Math.max(-1, ...types.map((t) => t.days_since_first_sale ?? -1));
  // Selling days: from the first sale's day to today, or to the event's day once it is past.
  const sellingDays = sinceFirstSale < 0 ? 0 : Math.max(sinceFirstSale + Math.min(event.days_to_start, 0), 0) + 1;
  // Days left to sell in: today through the event's day; none once that day has passed.
  const daysLeft = Math.max(event.days_to_start + 1, 0);

  const answer: EventAnalytics = {
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
  return { answer, stamp: stamp! };
}

/** Tickets in circulation per calendar day of their sale in the event's zone (event `e`), from the kept sums. */
const salesByDay = sql`(select coalesce(json_agg(json_build_object('date', to_char(x.day, 'YYYY-MM-DD'),
    'sold', x.sold, 'comps', x.comps, 'cents', x.cents) order by x.day), '[]')
  from (select day, sum(sold)::int as sold, sum(comps)::int as comps, sum(sold_cents)::float8 as cents
    from ticket_type_sales_days where ticket_type_id in (select id from ticket_types where event_id = (select id from e))
    group by day having sum(sold) + sum(comps) > 0) x)`;
