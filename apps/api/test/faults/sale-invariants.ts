import { sql } from 'drizzle-orm';
import { createChain } from '../../src/adapters/chain/index.ts';
import { queryRows, type Db } from '../../src/db/client.ts';
import type { OnSale, Purchase } from './buyers.ts';

type OrderRow = { id: number; email: string; quantity: number; tickets: { ID: number; code: string }[] };

/**
 * Everything wrong with what the checkout wrote for one event on sale, as sentences (none when all is
 * well): a purchase is an order per line of the basket, each order's tickets, the ticket types' and
 * the day's sold counters and the types' analytics sums, the promo's uses and the buyer's place
 * among the partner's fans, all or nothing. Every purchase answered 200 must be there exactly as
 * answered, and nobody who was refused may have bought.
 */
export async function saleProblems(db: Db, sale: OnSale, purchases: Purchase[]): Promise<string[]> {
  const problems: string[] = [];
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(db, query);

  const orders = await rows<OrderRow>(sql`
    select o.id, u.email, o.quantity,
      coalesce(json_agg(json_build_object('ID', t.id, 'code', t.code) order by t.id) filter (where t.id is not null), '[]') as tickets
    from orders o join users u on u.id = o.buyer_id left join tickets t on t.order_id = o.id
    where o.event_id = ${sale.eventId}
    group by o.id, u.email`);
  for (const o of orders) {
    if (o.tickets.length !== o.quantity)
      problems.push(`order ${o.id} is for ${o.quantity} tickets but has ${o.tickets.length}`);
  }

  const strays = await rows<{ id: number }>(sql`
    select t.id from tickets t left join orders o on o.id = t.order_id
    where t.event_id = ${sale.eventId} and (o.id is null or t.ticket_type_id <> o.ticket_type_id
      or t.event_day_id <> o.event_day_id or t.owner_id <> o.buyer_id or t.price_paid_cents <> o.unit_price_cents)`);
  for (const t of strays) problems.push(`ticket ${t.id} has no order, or not the order it belongs to`);

  for (const typeId of sale.typeIds) {
    const [c] = await rows<{
      sold: number;
      ordered: number;
      tickets: number;
      promo_used: number;
      promo_ordered: number;
      sums: string;
      counted: string;
    }>(sql`
      select
        (select sold from ticket_types where id = ${typeId}) as sold,
        (select concat_ws(' ', tickets_sold, tickets_comps, sold_cents) from ticket_types where id = ${typeId}) as sums,
        (select concat_ws(' ', count(*) filter (where price_paid_cents > 0), count(*) filter (where price_paid_cents = 0),
          coalesce(sum(price_paid_cents), 0)) from tickets where ticket_type_id = ${typeId}) as counted,
        (select coalesce(sum(quantity), 0)::int from orders where ticket_type_id = ${typeId}) as ordered,
        (select count(*)::int from tickets where ticket_type_id = ${typeId}) as tickets,
        (select coalesce(sum(used), 0)::int from promocode_ticket_types where ticket_type_id = ${typeId}) as promo_used,
        (select coalesce(sum(quantity), 0)::int from orders where ticket_type_id = ${typeId} and promocode_id is not null) as promo_ordered`);
    const name = `ticket type ${typeId}`;
    if (c!.sold !== c!.ordered) problems.push(`${name} counts ${c!.sold} sold, its orders ${c!.ordered}`);
    if (c!.tickets !== c!.ordered) problems.push(`${name} has ${c!.tickets} tickets for ${c!.ordered} ordered`);
    if (c!.sums !== c!.counted)
      problems.push(`${name}'s analytics sums (sold, comps, cents) are ${c!.sums}, its tickets ${c!.counted}`);
    if (c!.promo_used !== c!.promo_ordered)
      problems.push(`${name} counts ${c!.promo_used} promo uses, its orders ${c!.promo_ordered}`);
  }
  const [day] = await rows<{ sold: number; ordered: number }>(sql`
    select (select sold from event_days where id = ${sale.dayId}) as sold,
      (select coalesce(sum(quantity), 0)::int from orders where event_day_id = ${sale.dayId}) as ordered`);
  if (day!.sold !== day!.ordered) problems.push(`the day counts ${day!.sold} sold, its orders ${day!.ordered}`);

  const notFans = await rows<{ id: number }>(sql`
    select o.id from orders o where o.event_id = ${sale.eventId}
      and not exists (select 1 from partner_fans f where f.partner_id = o.partner_id and f.user_id = o.buyer_id)`);
  for (const o of notFans) problems.push(`the buyer of order ${o.id} is not among the partner's fans`);

  const byEmail = new Map<string, OrderRow[]>();
  for (const o of orders) byEmail.set(o.email, [...(byEmail.get(o.email) ?? []), o]);
  for (const p of purchases) {
    const written = byEmail.get(p.email) ?? [];
    if (written.length > 0 && written.length !== p.lines)
      problems.push(`${p.email} asked for ${p.lines} orders at once but has ${written.length}`);
    if (p.status === 200 && p.body?.success) {
      const answer = p.body.data;
      const byId = (a: { ID: number }, b: { ID: number }) => a.ID - b.ID;
      const kept = {
        orders: written.map((o) => o.id).sort((a, b) => a - b),
        tickets: written.flatMap((o) => o.tickets).sort(byId),
      };
      const told = {
        orders: [...answer.order_ids].sort((a, b) => a - b),
        tickets: answer.tickets.map((t) => ({ ID: t.ID, code: t.code })).sort(byId),
      };
      if (JSON.stringify(kept) !== JSON.stringify(told))
        problems.push(`${p.email} was sold ${JSON.stringify(told)} but the database holds ${JSON.stringify(kept)}`);
    } else if (p.status !== 'lost' && written.length > 0) {
      problems.push(`${p.email} was answered ${p.status} but has an order`);
    }
  }
  const buyers = new Set(purchases.map((p) => p.email));
  for (const o of orders) if (!buyers.has(o.email)) problems.push(`order ${o.id} belongs to nobody who bought`);
  return problems;
}

/**
 * What is wrong with the sale's tickets on the chain: the ledger must verify end to end, and every
 * ticket must be minted, with its mint on the ledger.
 */
export async function chainProblems(db: Db, sale: OnSale): Promise<string[]> {
  const problems: string[] = [];
  const verified = await createChain(db).verify();
  if (!verified.ok) problems.push(`the ledger breaks at record ${verified.brokenAt}`);
  const unrecorded = await queryRows<{ id: number; token_id: string | null }>(
    db,
    sql`select t.id, t.token_id from tickets t where t.event_id = ${sale.eventId} and not exists
      (select 1 from chain_ledger c where c.kind = 'mint' and c.token_id = t.token_id)`,
  );
  for (const t of unrecorded)
    problems.push(
      t.token_id ? `ticket ${t.id} is marked minted but not on the ledger` : `ticket ${t.id} is not minted`,
    );
  return problems;
}
