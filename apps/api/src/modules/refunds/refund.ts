import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { RefundResult } from '@portal/contract';
import type { Payments } from '../../adapters/payments/index.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { refunds, refundTickets, resales, tickets } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, invalid, notFound } from '../../lib/http-error.ts';
import { toCents, toDollars } from '../../lib/money.ts';
import { RefundPaymentError, settleRefund } from './settle.ts';
import { splitRefund } from './split.ts';

export type RefundDeps = { db: Db; payments: Payments };
type Asker = { partnerId: number; memberId: number };
type Request = { ticket_ids: number[]; amount: number; description: string };

/** A refund claimed but not yet paid back carries no payment reference. */
const PENDING = '';
/** How long a claimed refund may wait for its payment before a repeat of the request takes it over. */
const STALE_MS = 60_000;

const inProgress = () => conflict('This refund is already being processed.');

async function resultOf(db: Db, refundId: number): Promise<RefundResult> {
  const [row] = await queryRows<{ id: number; total: number; created: Date; ids: number[] }>(
    db,
    sql`select r.id, r.amount_cents as total, r.created_at as created,
               array_agg(rt.ticket_id order by rt.ticket_id) as ids
        from refunds r join refund_tickets rt on rt.refund_id = r.id
        where r.id = ${refundId} group by r.id`,
  );
  return {
    refund_id: row!.id,
    ticket_ids: row!.ids.map(Number),
    amount: toDollars(Math.round(row!.total / row!.ids.length)),
    total: toDollars(row!.total),
    created_at: new Date(row!.created).toISOString(),
  };
}

/**
 * Claims the tickets for one refund: the rows are locked, checked and written together, and the
 * unique keys (the idempotency key, one refund per ticket) decide between concurrent requests.
 */
async function claim(db: Db, asker: Asker, req: Request, key: string) {
  return db.transaction(async (tx) => {
    const held = await tx
      .select({ id: tickets.id, price: tickets.pricePaidCents, status: tickets.status })
      .from(tickets)
      .where(and(eq(tickets.partnerId, asker.partnerId), inArray(tickets.id, req.ticket_ids)))
      .orderBy(tickets.id)
      .for('update');
    if (held.length !== req.ticket_ids.length) throw notFound('Ticket');
    const gone = held.find((t) => t.status !== 'valid');
    if (gone) throw conflict(`Ticket ${gone.id} was already refunded, cancelled or listed for resale.`);
    const [resold] = await tx
      .select({ id: resales.ticketId })
      .from(resales)
      .where(and(inArray(resales.ticketId, req.ticket_ids), eq(resales.status, 'sold')))
      .limit(1);
    // Its holder paid the seller, not the partner: the partner's charge is not theirs to get back.
    if (resold) throw conflict(`Ticket ${resold.id} was bought on resale and cannot be refunded by the partner.`);
    const paid = held.reduce((sum, t) => sum + t.price, 0);
    const perTicket = toCents(req.amount);
    if (perTicket * held.length > paid) {
      const average = (paid / held.length / 100).toFixed(2);
      throw invalid(`The refund per ticket cannot be more than the average price paid ($${average}).`, {
        amount: `at most ${average}`,
      });
    }
    const total = perTicket * held.length;
    const parts = splitRefund(
      held.map((t) => t.price),
      total,
    );
    const [refund] = await tx
      .insert(refunds)
      .values({
        partnerId: asker.partnerId,
        idempotencyKey: key,
        memberId: asker.memberId,
        amountCents: total,
        description: req.description,
        paymentRef: PENDING,
      })
      .returning({ id: refunds.id });
    await tx
      .insert(refundTickets)
      .values(held.map((t, i) => ({ refundId: refund!.id, ticketId: t.id, amountCents: parts[i]! })));
    return refund!.id;
  });
}

/**
 * Refunds tickets once per idempotency key (by default the set of tickets, which can only be refunded
 * once anyway): the claim is written first, then the money goes back through the payments port, then
 * the tickets are voided, the orders marked and the stock returned. A repeat of a finished refund
 * answers the same result. A payment that fails before any money went back releases the claim and says
 * why; one that fails part-way keeps it, and a repeat finishes it.
 */
export async function makeRefund(deps: RefundDeps, asker: Asker, req: Request, key?: string): Promise<RefundResult> {
  const { db } = deps;
  const idempotencyKey = key ?? `tickets:${[...req.ticket_ids].sort((a, b) => a - b).join(',')}`;
  const existing = async () => {
    const [row] = await db
      .select()
      .from(refunds)
      .where(and(eq(refunds.partnerId, asker.partnerId), eq(refunds.idempotencyKey, idempotencyKey)));
    return row;
  };

  let refundId: number;
  const seen = await existing();
  if (seen) {
    if (seen.paymentRef !== PENDING) return resultOf(db, seen.id);
    if (Date.now() - seen.createdAt.getTime() < STALE_MS) throw inProgress();
    refundId = seen.id;
  } else {
    try {
      refundId = await claim(db, asker, req, idempotencyKey);
    } catch (err) {
      if (isUniqueViolation(err, 'refunds_idempotency_key')) {
        const other = await existing();
        if (other && other.paymentRef !== PENDING) return resultOf(db, other.id);
        throw inProgress();
      }
      if (isUniqueViolation(err)) {
        await finishStaleClaim(deps, asker.partnerId, req.ticket_ids);
        throw conflict('One of these tickets is already being refunded.');
      }
      throw err;
    }
  }

  try {
    await settleRefund(deps, asker.partnerId, refundId);
  } catch (err) {
    // Nothing went back yet: the claim is released and the tickets can be refunded again. Once money
    // went back, the claim stays, and a repeat of the request finishes it.
    if (err instanceof RefundPaymentError && !err.partly) {
      await db.delete(refunds).where(and(eq(refunds.id, refundId), eq(refunds.paymentRef, PENDING)));
    }
    throw err;
  }
  return resultOf(db, refundId);
}

/**
 * A claim on these tickets whose request stopped (a crash between the claim and its settlement) would
 * hold them for good; a later request for any of them finishes it instead.
 */
async function finishStaleClaim(deps: RefundDeps, partnerId: number, ticketIds: number[]) {
  const [stale] = await deps.db
    .select({ id: refunds.id })
    .from(refunds)
    .innerJoin(refundTickets, eq(refundTickets.refundId, refunds.id))
    .where(
      and(
        eq(refunds.partnerId, partnerId),
        eq(refunds.paymentRef, PENDING),
        inArray(refundTickets.ticketId, ticketIds),
        lt(refunds.createdAt, new Date(Date.now() - STALE_MS)),
      ),
    )
    .limit(1);
  if (stale) await settleRefund(deps, partnerId, stale.id);
}
