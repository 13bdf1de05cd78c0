import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

/**
 * The per-ticket-type sums the overall analytics and billing read (`ticket_types.tickets_sold`,
 * `tickets_comps`, `sold_cents`, `retained_cents`, `royalty_cents`; docs/analytics.md). Each writer
 * changes them in the transaction that changes the tickets: the sale's stock guard (in `record_sale`,
 * migration 0017, which applies `addToSalesSums`'s rule in SQL)
 * and a refund's settlement (`settleRefund`) on the ticket type's row they already lock, a resale
 * (`buyResale`, its royalty) on that row last before its commit. Transfers, listings and check-ins
 * leave them as they are.
 */

/**
 * What `quantity` tickets at one price add to their type's sums, as a `set` list for `ticket_types`
 * (a negative quantity takes them out): a sale line is all one price, so one row per type is enough.
 */
export function addToSalesSums(quantity: number, unitPriceCents: number) {
  const paid = unitPriceCents > 0 ? quantity : 0;
  const comps = unitPriceCents > 0 ? 0 : quantity;
  return sql`tickets_sold = tickets_sold + ${paid}::int, tickets_comps = tickets_comps + ${comps}::int,
    sold_cents = sold_cents + ${quantity * unitPriceCents}::bigint`;
}

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
}
