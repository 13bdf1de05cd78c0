import { sql, type SQL } from 'drizzle-orm';
import { orderStatusOf, type OrderList, type SeatPlace } from '@portal/contract';
import { preparedRows, queryRows, statementShapes, type Db } from '../../db/client.ts';
import { toDollars } from '../../lib/money.ts';
import { countKnownAs } from '../../lib/count.ts';
import { isoUtc } from '../../lib/sql-time.ts';
import { newestFirst, ordersClauses, type OrderFilter } from './filter.ts';
import { orderRefundOf, type OrderRefundColumns } from './order-refund.ts';
import { joinEventSeating, orderSeatPlaces } from './seats.ts';

type Row = OrderRefundColumns & {
  id: number;
  buyer_id: number;
  full_name: string;
  email: string;
  ticket: string;
  event: string;
  quantity: number;
  total: number;
  at: string;
  tx: string;
  zone: string;
  seats: SeatPlace[] | null;
};

/** The page's columns of the orders `page` names (its column `id`), newest first. */
const rowsOf = (page: SQL) =>
  sql`select o.id, o.buyer_id, u.full_name, u.email, tt.name as ticket, e.name as event, o.quantity,
               o.total_cents as total, ${isoUtc(sql`o.created_at`)} as at, o.transaction_type as tx,
               e.time_zone as zone, o.refund_cents, o.refunded_at,
               ${orderSeatPlaces} as seats
        from ${page}
        join orders o on o.id = page.id
        join users u on u.id = o.buyer_id
        join ticket_types tt on tt.id = o.ticket_type_id
        join events e on e.id = o.event_id
        ${joinEventSeating}
        order by ${newestFirst}`;

/** The first page's statements, one per filter's shape and page size. */
const firstPages = statementShapes('orders-page');

/**
 * One page of the partner's orders, newest first, and how many match. Planning the page's statement
 * cost PostgreSQL ~1 – 4 ms against ~0.3 ms to run it, so no form of the page plans it on every call.
 * The first page (where the portal opens, and where a search lands) is one prepared statement whose
 * plan each connection makes once: its values are hidden from the planner (`ordersClauses`) and its
 * size and start are written into the text, since a generic plan guesses an unknown LIMIT or OFFSET
 * at a tenth of the orders (a parallel scan of 95 ms in place of 0.3 ms). The text so takes a bounded
 * number of forms (per page 1 – 100, a few filters), each written once. Later pages, and a search
 * naming few buyers, need the planner to see their values to find the page's ids: those ids are found
 * by a small statement planned per call, and their rows read by one prepared statement whatever the filter.
 */
export async function searchOrders(
  db: Db,
  partnerId: number,
  q: OrderFilter & { page: number; per_page: number },
): Promise<OrderList> {
  const { where, planOnce, key } = await ordersClauses(db, partnerId, q);
  const perPage = Math.trunc(q.per_page);
  // The page's ids come from the orders index alone; only those rows are read in full.
  const ids = (clause: SQL) =>
    sql`select o.id from orders o where ${clause}
        order by ${newestFirst} limit ${sql.raw(String(perPage))}
        offset ${sql.raw(String(Math.trunc(q.page * perPage)))}`;
  const readRows = async () => {
    if (q.page === 0 && planOnce) {
      const { clause, shape, values } = planOnce;
      return firstPages<Row>(db, `${shape}/${perPage}`, () => rowsOf(sql`(${ids(clause)}) page`), values);
    }
    const found = (await queryRows<{ id: number }>(db, ids(where()))).map((r) => r.id);
    if (found.length === 0) return [];
    return preparedRows<Row>(db, 'orders-rows', rowsOf(sql`unnest(${sql.param(found)}::int[]) as page(id)`));
  };
  const [rows, count] = await Promise.all([
    readRows(),
    countKnownAs(db, `orders\u0000${key}`, () => sql`select 1 from orders o where ${where()}`),
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
      date_time: r.at,
      transaction_type: r.tx,
      status: orderStatusOf(r.tx),
      refund: orderRefundOf(r),
      time_zone: r.zone,
      seats: r.seats ?? [],
    })),
    ...count,
  };
}
