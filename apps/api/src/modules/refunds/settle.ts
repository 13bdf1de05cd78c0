import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { refunds } from '../../db/schema/index.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { RefundDeps } from './refund.ts';

/** Charges that were never taken through the payments port: nothing to give back there. */
const uncharged = new Set(['', 'free']);

/**
 * Pays a claimed refund back, charge by charge (tickets bought together share one), each with its own
 * idempotency key so that a retry never refunds a charge twice at the provider.
 */
async function payBack(deps: RefundDeps, refundId: number): Promise<string> {
  const charges = await queryRows<{ ref: string; cents: number }>(
    deps.db,
    sql`select o.payment_ref as ref, sum(rt.amount_cents)::int as cents
        from refund_tickets rt join tickets t on t.id = rt.ticket_id join orders o on o.id = t.order_id
        where rt.refund_id = ${refundId} group by o.payment_ref order by o.payment_ref`,
  );
  const refs: string[] = [];
  for (const c of charges) {
    if (c.cents === 0 || uncharged.has(c.ref)) continue;
    try {
      refs.push((await deps.payments.refund(c.ref, c.cents, `refund-${refundId}-${c.ref}`)).ref);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      throw new HttpError(502, 'refund_failed', `The payment provider did not make the refund: ${reason}`);
    }
  }
  return refs.length > 0 ? refs.join(' ') : 'none';
}

/**
 * Finishes a refund in one transaction: the tickets are refunded, each order loses the refunded
 * tickets (split off into an order line of type refunded, or marked refunded when all of them go),
 * and the ticket type's and day's stock is for sale again. Then the tokens are burned on the chain.
 */
export async function settleRefund(deps: RefundDeps, partnerId: number, refundId: number) {
  const paymentRef = await payBack(deps, refundId);
  const burned = await deps.db.transaction(async (tx) => {
    const voided = await queryRows<{ id: number; token_id: string | null; minted: boolean }>(
      tx,
      sql`update tickets t set status = 'refunded' from refund_tickets rt
          where rt.refund_id = ${refundId} and t.id = rt.ticket_id and t.partner_id = ${partnerId} and t.status = 'valid'
          returning t.id, t.token_id, t.minted_at is not null as minted`,
    );
    await tx.execute(sql`update ticket_types tt set sold = tt.sold - c.n
      from (select ticket_type_id, count(*)::int as n from tickets t join refund_tickets rt on rt.ticket_id = t.id
            where rt.refund_id = ${refundId} group by ticket_type_id) c
      where tt.id = c.ticket_type_id`);
    await tx.execute(sql`update event_days d set sold = d.sold - c.n
      from (select event_day_id, count(*)::int as n from tickets t join refund_tickets rt on rt.ticket_id = t.id
            where rt.refund_id = ${refundId} group by event_day_id) c
      where d.id = c.event_day_id`);
    const orders = await queryRows<{ order_id: number; k: number; quantity: number }>(
      tx,
      sql`select t.order_id, count(*)::int as k, o.quantity
          from tickets t join refund_tickets rt on rt.ticket_id = t.id join orders o on o.id = t.order_id
          where rt.refund_id = ${refundId} group by t.order_id, o.quantity`,
    );
    for (const o of orders) {
      if (o.k >= o.quantity) {
        await tx.execute(sql`update orders set transaction_type = 'refunded' where id = ${o.order_id}`);
        continue;
      }
      await tx.execute(sql`with part as (
          insert into orders (partner_id, event_id, event_day_id, ticket_type_id, buyer_id, quantity, unit_price_cents,
            total_cents, promocode_id, transaction_type, payment_ref, created_at)
          select partner_id, event_id, event_day_id, ticket_type_id, buyer_id, ${o.k}, unit_price_cents,
            unit_price_cents * ${o.k}, promocode_id, 'refunded', payment_ref, created_at
          from orders where id = ${o.order_id}
          returning id
        ), rest as (
          update orders set quantity = quantity - ${o.k}, total_cents = unit_price_cents * (quantity - ${o.k})
          where id = ${o.order_id}
        )
        update tickets t set order_id = (select id from part) from refund_tickets rt
        where rt.refund_id = ${refundId} and t.id = rt.ticket_id and t.order_id = ${o.order_id}`);
    }
    await tx.update(refunds).set({ paymentRef }).where(eq(refunds.id, refundId));
    return voided.filter((t) => t.minted);
  });
  for (const t of burned) {
    await deps.chain
      .record({ kind: 'burn', tokenId: t.token_id ?? `tkt-${t.id}`, payload: { refund: refundId } })
      .catch((err: unknown) => deps.log(`burn of ticket ${t.id} failed: ${String(err)}`));
  }
}
