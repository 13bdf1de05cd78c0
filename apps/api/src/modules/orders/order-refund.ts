import type { OrderRefund } from '@portal/contract';
import { toDollars } from '../../lib/money.ts';

/** A refunded order line's refund as its settlement wrote it on the line (`orders.refund_cents`, `refunded_at`). */
export type OrderRefundColumns = { refund_cents: number | null; refunded_at: Date | string | null };

/** The line's refund as the contract's, or null for a line no refund names. */
export const orderRefundOf = (row: OrderRefundColumns): OrderRefund | null =>
  row.refund_cents === null || row.refunded_at === null
    ? null
    : { amount: toDollars(row.refund_cents), date: new Date(row.refunded_at).toISOString() };
