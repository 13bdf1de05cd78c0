import { sql } from 'drizzle-orm';
import type { OrderRefund } from '@portal/contract';
import { toDollars } from '../../lib/money.ts';

/**
 * Joins each order line (alias `o`) to the refund that made it a refunded line, as `refund_cents` and
 * `refunded_at`. A settled refund moves its tickets onto a refunded line of their own (refunds/settle.ts), so
 * the line's tickets name the refund; other lines read nothing.
 */
export const joinOrderRefund = sql`left join lateral (
    select sum(rt.amount_cents)::int as refund_cents, max(r.created_at) as refunded_at
    from tickets rt_ticket
    join refund_tickets rt on rt.ticket_id = rt_ticket.id
    join refunds r on r.id = rt.refund_id
    where rt_ticket.order_id = o.id and o.transaction_type = 'refunded'
  ) order_refund on true`;

export type OrderRefundColumns = { refund_cents: number | null; refunded_at: Date | string | null };

/** The joined columns as the contract's refund, or null for a line no refund names. */
export const orderRefundOf = (row: OrderRefundColumns): OrderRefund | null =>
  row.refund_cents === null || row.refunded_at === null
    ? null
    : { amount: toDollars(row.refund_cents), date: new Date(row.refunded_at).toISOString() };
