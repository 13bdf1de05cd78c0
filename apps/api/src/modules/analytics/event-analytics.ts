import { sql } from 'drizzle-orm';
import type { EventAnalytics, SalesDay } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { notFound } from '../../lib/http-error.ts';
import { toDollars } from '../../lib/money.ts';
import {
  eventCard,
  type EventHead,
  inCirculation,
  round2,
  sellingNow,
  ticketFigures,
  type TypeTotals,
} from './figures.ts';
import { isoUtc } from '../../lib/sql-time.ts';

type EventRow = EventHead & {
  days_to_start: number;
};

type TypeRow = TypeTotals & {
  id: number;
  name: string;
  selling: boolean;
  checked_in: number;
  sold_today: number;
  days_since_first_sale: number | null;
};

/**
 * One event's analytics: three aggregate queries on the analytics index (the event, its ticket types
 * with their tickets counted, and with full_info its sales per local day). "Today" and every day
 * boundary are the event's own calendar days.
 */
export async function eventAnalytics(
  db: Db,
  partnerId: number,
  eventId: number,
  fullInfo: boolean,
  now = new Date(),
): Promise<EventAnalytics> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [event] = await queryRows<EventRow>(
    db,
    sql`select e.id, e.name, e.time_zone, ${isoUtc(sql`coalesce(d.first_start, e.created_at)`)} as start, e.active_on_widget as on_widget,
      coalesce(d.last_end <= ${at}, false) as ended,
      ((coalesce(d.first_start, e.created_at) at time zone e.time_zone)::date - (${at} at time zone e.time_zone)::date)::int as days_to_start
    from events e
    left join lateral (select min(start_date) as first_start, max(end_date) as last_end from event_days where event_id = e.id) d on true
    where e.id = ${eventId} and e.partner_id = ${partnerId}`,
  );
  if (!event) throw notFound('Event');

  const types = await queryRows<TypeRow>(
    db,
    sql`select tt.id, tt.name, tt.initial_price_cents as price_cents, tt.amount, tt.holds_amount as holds,
      ${sellingNow(now)} as selling,
      coalesce(t.sold, 0) as sold, coalesce(t.comps, 0) as comps, coalesce(t.sold_cents, 0) as sold_cents,
      coalesce(t.checked_in, 0) as checked_in, coalesce(t.sold_today, 0) as sold_today,
      ((${at} at time zone e.time_zone)::date - (t.first_sale at time zone e.time_zone)::date)::int as days_since_first_sale
    from ticket_types tt
    join events e on e.id = tt.event_id
    left join lateral (
      select ${ticketFigures.sold} as sold, ${ticketFigures.comps} as comps, ${ticketFigures.soldCents} as sold_cents,
        ${ticketFigures.checkedIn} as checked_in,
        count(*) filter (where price_paid_cents > 0
          and created_at >= ((${at} at time zone e.time_zone)::date::timestamp at time zone e.time_zone))::int as sold_today,
        min(created_at) filter (where price_paid_cents > 0) as first_sale
      from tickets
      where tickets.event_id = e.id and tickets.ticket_type_id = tt.id and ${inCirculation}
    ) t on true
    where tt.event_id = ${eventId}
    order by tt.id`,
  );

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
      ...(fullInfo ? { sales_by_day: await salesByDay(db, eventId, event.time_zone) } : {}),
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

/** Tickets in circulation per calendar day of their sale, in the event's zone. */
async function salesByDay(db: Db, eventId: number, timeZone: string): Promise<SalesDay[]> {
  const rows = await queryRows<{ date: string; sold: number; comps: number; cents: number }>(
    db,
    sql`select to_char(created_at at time zone ${timeZone}, 'YYYY-MM-DD') as date,
      ${ticketFigures.sold} as sold, ${ticketFigures.comps} as comps, ${ticketFigures.soldCents} as cents
    from tickets where event_id = ${eventId} and ${inCirculation}
    group by 1 order by 1`,
  );
  return rows.map((r) => ({ date: r.date, sold: r.sold, comps: r.comps, value: toDollars(r.cents) }));
}
