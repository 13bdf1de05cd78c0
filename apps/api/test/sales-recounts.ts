import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows, type Db } from '../src/db/client.ts';

/*
 * The analytics sums kept on ticket_types and per day (ticket_type_sales_days), and the same sums
 * counted again from the rows they summarise: the tickets with their refunds and resales, and the orders.
 */

type Sums = {
  id: number;
  sold: number;
  comps: number;
  sold_cents: number;
  retained_cents: number;
  royalty_cents: number;
  checked_in: number;
};

type DaySums = { ticket_type_id: number; day: string; sold: number; comps: number; sold_cents: number };

export const kept = (db: Db) =>
  queryRows<Sums>(
    db,
    sql`select id, tickets_sold as sold, tickets_comps as comps, sold_cents::float8 as sold_cents,
      retained_cents::float8 as retained_cents, royalty_cents::float8 as royalty_cents, tickets_checked_in as checked_in
    from ticket_types order by id`,
  );

/** The kept sales per local day, without the days every ticket of which has left circulation. */
export const keptDays = (db: Db) =>
  queryRows<DaySums>(
    db,
    sql`select ticket_type_id, to_char(day, 'YYYY-MM-DD') as day, sold, comps, sold_cents::float8 as sold_cents
    from ticket_type_sales_days where sold + comps > 0 order by 1, 2`,
  );

/** The tickets in circulation per type and calendar day of their sale in their event's zone. */
const daysFromTickets = (db: Db) =>
  queryRows<DaySums>(
    db,
    sql`select t.ticket_type_id, to_char(t.created_at at time zone e.time_zone, 'YYYY-MM-DD') as day,
      count(*) filter (where t.price_paid_cents > 0)::int as sold, count(*) filter (where t.price_paid_cents = 0)::int as comps,
      sum(t.price_paid_cents)::float8 as sold_cents
    from tickets t join events e on e.id = t.event_id where t.status in ('valid', 'listed')
    group by 1, 2 order by 1, 2`,
  );

/** The sums counted from the tickets, what refunds paid back and the resales: analytics' old queries. */
const fromTickets = (db: Db) =>
  queryRows<Sums>(
    db,
    sql`select tt.id,
      (select count(*) from tickets where ticket_type_id = tt.id and status in ('valid', 'listed') and price_paid_cents > 0)::int as sold,
      (select count(*) from tickets where ticket_type_id = tt.id and status in ('valid', 'listed') and price_paid_cents = 0)::int as comps,
      (select coalesce(sum(price_paid_cents), 0) from tickets where ticket_type_id = tt.id and status in ('valid', 'listed'))::float8 as sold_cents,
      (select coalesce(sum(t.price_paid_cents - rt.amount_cents), 0) from refund_tickets rt join tickets t on t.id = rt.ticket_id
        where t.ticket_type_id = tt.id and t.status = 'refunded')::float8 as retained_cents,
      (select coalesce(sum(r.royalty_cents), 0) from resales r join tickets t on t.id = r.ticket_id
        where t.ticket_type_id = tt.id and r.status = 'sold')::float8 as royalty_cents,
      (select count(*) from tickets where ticket_type_id = tt.id and status in ('valid', 'listed') and checked_in_at is not null)::int as checked_in
    from ticket_types tt order by tt.id`,
  );

/** Sold, comps and paid counted from the orders: a refund splits the refunded tickets off into an order of their own. */
const fromOrders = (db: Db) =>
  queryRows<Pick<Sums, 'id' | 'sold' | 'comps' | 'sold_cents'>>(
    db,
    sql`select tt.id,
      coalesce(sum(o.quantity) filter (where o.unit_price_cents > 0), 0)::int as sold,
      coalesce(sum(o.quantity) filter (where o.unit_price_cents = 0), 0)::int as comps,
      coalesce(sum(o.total_cents), 0)::float8 as sold_cents
    from ticket_types tt left join orders o on o.ticket_type_id = tt.id and o.transaction_type = 'primary_sold'
    group by tt.id order by tt.id`,
  );

/** The sums on every ticket type of the database against both recounts. */
export async function expectSumsAgree(db: Db, step: string) {
  const sums = await kept(db);
  expect(sums, `after ${step}: the sums against the tickets`).toEqual(await fromTickets(db));
  expect(await keptDays(db), `after ${step}: the sales per day against the tickets`).toEqual(await daysFromTickets(db));
  expect(
    sums.map(({ id, sold, comps, sold_cents }) => ({ id, sold, comps, sold_cents })),
    `after ${step}: the sums against the orders`,
  ).toEqual(await fromOrders(db));
}
