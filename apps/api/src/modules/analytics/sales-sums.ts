import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

/**
 * The per-ticket-type sums the analytics and billing read (`ticket_types.tickets_sold`,
 * `tickets_comps`, `sold_cents`, `retained_cents`, `royalty_cents`, `tickets_checked_in`, and the
 * type's sales per day in `ticket_type_sales_days`; docs/analytics.md). Each writer changes them in
 * the transaction that changes the tickets, on the ticket type's row it locks anyway or under that
 * lock: the sale's stock guard (in `record_sale`, migrations 0017 and 0020), a refund's settlement
 * (`settleRefund`), a resale (`buyResale`, its royalty), a check-in (`admitTicket`, online or synced
 * by a gate that was offline) and its undo (`undoCheckIn`), and a change of the event's time zone,
 * which moves sales to other local days (`recountSalesDays`). Transfers and listings leave them as
 * they are.
 */

/**
 * Sets a partner's sums from its rows, by the definitions analytics counted with before the sums
 * existed (the migration that added them backfilled the same way). For writers that put rows in
 * by hand or in bulk rather than through the services: the demo seed and the benchmark generator.
 */
export async function recountSalesSums(db: Db | Tx, partnerId: number) {
  const events = sql`(select id from events where partner_id = ${partnerId})`;
  await db.execute(sql`
    update ticket_types tt set
      tickets_sold = coalesce(c.sold, 0), tickets_comps = coalesce(c.comps, 0), sold_cents = coalesce(c.cents, 0),
      retained_cents = coalesce(k.cents, 0), royalty_cents = coalesce(r.cents, 0)
    from ticket_types x
    left join (
      select ticket_type_id, count(*) filter (where price_paid_cents > 0) as sold,
        count(*) filter (where price_paid_cents = 0) as comps, sum(price_paid_cents) as cents
      from tickets where event_id in ${events} and status in ('valid', 'listed') group by ticket_type_id
    ) c on c.ticket_type_id = x.id
    left join (
      select t.ticket_type_id, sum(t.price_paid_cents - rt.amount_cents) as cents
      from refund_tickets rt join tickets t on t.id = rt.ticket_id
      where t.event_id in ${events} and t.status = 'refunded' group by t.ticket_type_id
    ) k on k.ticket_type_id = x.id
    left join (
      select t.ticket_type_id, sum(r.royalty_cents) as cents
      from resales r join tickets t on t.id = r.ticket_id
      where t.event_id in ${events} and r.status = 'sold' group by t.ticket_type_id
    ) r on r.ticket_type_id = x.id
    where tt.id = x.id and x.event_id in ${events}`);
  await recountSalesDays(db, events);
}

/**
 * Rebuilds the sales per local day and the admitted counts of the given events' ticket types from
 * their tickets. The caller holds the types' rows locked (or writes alone, as a seed does), so no
 * sale adds to a day being rebuilt.
 */
export async function recountSalesDays(db: Db | Tx, eventIds: SQL) {
  const types = sql`(select id from ticket_types where event_id in ${eventIds})`;
  await db.execute(sql`delete from ticket_type_sales_days where ticket_type_id in ${types}`);
  await db.execute(sql`
    insert into ticket_type_sales_days (ticket_type_id, day, sold, comps, sold_cents)
    select t.ticket_type_id, (t.created_at at time zone e.time_zone)::date,
      count(*) filter (where t.price_paid_cents > 0), count(*) filter (where t.price_paid_cents = 0),
      sum(t.price_paid_cents)
    from tickets t join events e on e.id = t.event_id
    where t.event_id in ${eventIds} and t.status in ('valid', 'listed')
    group by 1, 2`);
  await db.execute(sql`
    update ticket_types tt set tickets_checked_in = coalesce(c.n, 0)
    from ticket_types x
    left join (
      select ticket_type_id, count(*)::int as n from tickets
      where event_id in ${eventIds} and checked_in_at is not null and status in ('valid', 'listed')
      group by ticket_type_id
    ) c on c.ticket_type_id = x.id
    where tt.id = x.id and x.event_id in ${eventIds}`);
}
