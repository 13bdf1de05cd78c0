import { sql } from 'drizzle-orm';
import { orderStatusOf, type OrderList, type SeatPlace } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { toDollars } from '../../lib/money.ts';
import { countUpTo } from '../../lib/count.ts';
import { newestFirst, ordersWhere, type OrderFilter } from './filter.ts';
import { joinOrderRefund, orderRefundOf, type OrderRefundColumns } from './order-refund.ts';
import { joinEventSeating, orderSeatPlaces } from './seats.ts';

/** One page of the partner's orders, newest first, and how many match. */
export async function searchOrders(
  db: Db,
  partnerId: number,
  q: OrderFilter & { page: number; per_page: number },
): Promise<OrderList> {
  const where = await ordersWhere(db, partnerId, q);
  const [rows, count] = await Promise.all([
    queryRows<
      OrderRefundColumns & {
        id: number;
        buyer_id: number;
        full_name: string;
        email: string;
        ticket: string;
        event: string;
        quantity: number;
        total: number;
        at: Date;
        tx: string;
        zone: string;
        seats: SeatPlace[] | null;
      }
    >(
      db,
      // The page's ids come from the orders index alone; only those twenty rows are read in full.
      sql`select o.id, o.buyer_id, u.full_name, u.email, tt.name as ticket, e.name as event, o.quantity,
                 o.total_cents as total, o.created_at as at, o.transaction_type as tx,
                 e.time_zone as zone, order_refund.refund_cents, order_refund.refunded_at,
                 ${orderSeatPlaces} as seats
          from (select o.id from orders o where ${where}
                order by ${newestFirst} limit ${q.per_page} offset ${q.page * q.per_page}) page
          join orders o on o.id = page.id
          join users u on u.id = o.buyer_id
          join ticket_types tt on tt.id = o.ticket_type_id
          join events e on e.id = o.event_id
          ${joinOrderRefund}
          ${joinEventSeating}
          order by ${newestFirst}`,
    ),
    countUpTo(db, sql`select 1 from orders o where ${where}`),
  ]);
  return {
    data: rows.map((r) => ({
      ID: r.id,
      User: { full_name: r.full_name, email: r.email },
      user_id: r.buyer_id,
      tickets_name: r.ticket,
      events_name: r.event,
      quantity: r.quantity,
      price: toDollars(r.total),
      date_time: new Date(r.at).toISOString(),
      transaction_type: r.tx,
      status: orderStatusOf(r.tx),
      refund: orderRefundOf(r),
      time_zone: r.zone,
      seats: r.seats ?? [],
    })),
    ...count,
  };
}
