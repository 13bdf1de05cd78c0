import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { retryContended } from '../../lib/db-errors.ts';
import { HttpError } from '../../lib/http-error.ts';
import { queueChainChanges } from '../chain-sync/index.ts';
import type { RefundDeps } from './refund.ts';

/** Charges that were never taken through the payments port: nothing to give back there. */
const uncharged = new Set(['', 'free']);

/** The provider would not refund; `partly` when some charges of the refund were paid back already. */
export class RefundPaymentError extends HttpError {
  constructor(
    message: string,
    readonly partly: boolean,
  ) {
    super(502, 'refund_failed', message);
  }
}

/**
 * Pays a claimed refund back, charge by charge (tickets bought together share one). Each charge's
 * idempotency key names the claim and the charge, and a claim that paid anything back is never
 * released, so a retry of it never refunds a charge twice at the provider.
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
      throw new RefundPaymentError(`The payment provider did not make the refund: ${reason}`, refs.length > 0);
    }
  }
  return refs.length > 0 ? refs.join(' ') : 'none';
}

/**
 * Splits the refunded tickets off their orders: an order line of type refunded, or the whole order
 * marked, either way carrying what this refund paid back for them and when.
 */
async function splitOrders(tx: Tx, refundId: number, ticketIds: number[]) {
  const ids = sql.join(
    ticketIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const affected = await queryRows<{ order_id: number; k: number; quantity: number; cents: number }>(
    tx,
    sql`select t.order_id, count(*)::int as k, o.quantity, sum(rt.amount_cents)::int as cents
        from tickets t join orders o on o.id = t.order_id
        join refund_tickets rt on rt.ticket_id = t.id and rt.refund_id = ${refundId}
        where t.id in (${ids}) group by t.order_id, o.quantity`,
  );
  const refundedAt = sql`(select created_at from refunds where id = ${refundId})`;
  for (const o of affected) {
    if (o.k >= o.quantity) {
      await tx.execute(sql`update orders set transaction_type = 'refunded', refund_cents = ${o.cents},
          refunded_at = ${refundedAt}
        where id = ${o.order_id}`);
      continue;
    }
    await tx.execute(sql`with part as (
        insert into orders (partner_id, event_id, event_day_id, ticket_type_id, buyer_id, quantity, unit_price_cents,
          total_cents, promocode_id, transaction_type, payment_ref, created_at, refund_cents, refunded_at)
        select partner_id, event_id, event_day_id, ticket_type_id, buyer_id, ${o.k}, unit_price_cents,
          unit_price_cents * ${o.k}, promocode_id, 'refunded', payment_ref, created_at, ${o.cents}, ${refundedAt}
        from orders where id = ${o.order_id}
        returning id
      ), rest as (
        update orders set quantity = quantity - ${o.k}, total_cents = unit_price_cents * (quantity - ${o.k})
        where id = ${o.order_id}
      )
      update tickets set order_id = (select id from part) where id in (${ids}) and order_id = ${o.order_id}`);
  }
}

/**
 * Finishes a refund: the money goes back, then one transaction, which settles the refund once however
 * many requests reach it (the refund row is locked and checked), refunds the tickets, puts their seats
 * back on sale, splits their orders and returns the stock of exactly the tickets it refunded, and
 * queues their burns: the chain follows after the commit. A ticket not minted yet is burned too, so a
 * mint already on its way is refused by the chain.
 */
export async function settleRefund(deps: RefundDeps, partnerId: number, refundId: number) {
  const paymentRef = await payBack(deps, refundId);
  await retryContended(() =>
    deps.db.transaction(async (tx) => {
      const [claim] = await queryRows<{ payment_ref: string }>(
        tx,
        sql`select payment_ref from refunds where id = ${refundId} and partner_id = ${partnerId} for update`,
      );
      if (!claim || claim.payment_ref !== '') return;
      const voided = await queryRows<{ id: number }>(
        tx,
        sql`update tickets t set status = 'refunded' from refund_tickets rt
          where rt.refund_id = ${refundId} and t.id = rt.ticket_id and t.partner_id = ${partnerId} and t.status = 'valid'
          returning t.id`,
      );
      if (voided.length > 0) {
        const ids = sql.join(
          voided.map((t) => sql`${t.id}::int`),
          sql`, `,
        );
        // Their seats go back on sale: first, as a sale takes its seats before the stock rows, and
        // locked in ascending seat order as holds and sales take them, so none waits on another in a circle.
        await tx.execute(sql`delete from event_day_seats ds where (ds.event_day_id, ds.seat_id) in (
            select d.event_day_id, d.seat_id from event_day_seats d join tickets t
              on d.event_day_id = t.event_day_id and d.seat_id = t.seat_id and d.ticket_id = t.id
            where t.id in (${ids}) order by d.event_day_id, d.seat_id for update of d)`);
        // Types, then days, each by ascending id: the lock order every writer of stock keeps (record-sale.ts).
        // `no key update`, as an update takes: a sale's new rows hold key-share locks on both, which
        // `for update` would wait for, making a cycle with the sale's own guards.
        // The stock and the analytics sums (sales-sums.ts): the tickets leave circulation, and what
        // was not paid back of each is kept.
        await tx.execute(sql`with c as (
          select t.ticket_type_id, count(*)::int as n, count(*) filter (where t.price_paid_cents > 0)::int as paid,
            count(*) filter (where t.price_paid_cents = 0)::int as comps, sum(t.price_paid_cents)::bigint as cents,
            sum(t.price_paid_cents - rt.amount_cents)::bigint as kept,
            count(t.checked_in_at)::int as admitted
          from tickets t join refund_tickets rt on rt.ticket_id = t.id and rt.refund_id = ${refundId}
          where t.id in (${ids}) group by t.ticket_type_id
        ), locked as materialized (
          select id from ticket_types where id in (select ticket_type_id from c) order by id for no key update
        )
        update ticket_types tt set sold = tt.sold - c.n, tickets_sold = tt.tickets_sold - c.paid,
          tickets_comps = tt.tickets_comps - c.comps, sold_cents = tt.sold_cents - c.cents,
          retained_cents = tt.retained_cents + c.kept, tickets_checked_in = tt.tickets_checked_in - c.admitted
        from c
        where tt.id = c.ticket_type_id and (select count(*) from locked) > 0`);
        // Under the types' locks: the tickets leave the sales of the day they were bought on.
        await tx.execute(sql`with c as (
          select t.ticket_type_id, (t.created_at at time zone e.time_zone)::date as day,
            count(*) filter (where t.price_paid_cents > 0)::int as paid,
            count(*) filter (where t.price_paid_cents = 0)::int as comps, sum(t.price_paid_cents)::bigint as cents
          from tickets t join events e on e.id = t.event_id
          where t.id in (${ids}) group by 1, 2
        )
        update ticket_type_sales_days s set sold = s.sold - c.paid, comps = s.comps - c.comps,
          sold_cents = s.sold_cents - c.cents
        from c where s.ticket_type_id = c.ticket_type_id and s.day = c.day`);
        await tx.execute(sql`with c as (
          select event_day_id, count(*)::int as n from tickets where id in (${ids}) group by event_day_id
        ), locked as materialized (
          select id from event_days where id in (select event_day_id from c) order by id for no key update
        )
        update event_days d set sold = d.sold - c.n from c
        where d.id = c.event_day_id and (select count(*) from locked) > 0`);
        await splitOrders(
          tx,
          refundId,
          voided.map((t) => t.id),
        );
      }
      await queueChainChanges(
        tx,
        voided.map((t) => ({ kind: 'burn' as const, ticketId: t.id, refund: refundId })),
      );
      await tx.execute(sql`update refunds set payment_ref = ${paymentRef} where id = ${refundId}`);
    }),
  );
}
