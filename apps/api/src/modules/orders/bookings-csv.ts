import { sql, type SQL } from 'drizzle-orm';
import { orderStatusOf } from '@portal/contract';
import { queryRows, type Database, type Db } from '../../db/client.ts';
import { newestFirst, ordersWhere, type OrderFilter } from './filter.ts';
import { isoUtc } from '../../lib/sql-time.ts';

// Small batches die young in the garbage collector, which keeps the server's memory flat while it streams.
const BATCH = 1_000;

export const bookingsHeader = [
  'Order ID',
  'Purchased at',
  'Event',
  'Event date',
  'Ticket type',
  'Quantity',
  'Unit price',
  'Total',
  'Status',
  'Buyer name',
  'Buyer email',
  'Promo code',
];

/**
 * A CSV cell: quoted when it holds a separator, and a leading = + - @ neutralised so a spreadsheet
 * never runs a buyer's name as a formula.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const money = (cents: number) => (cents / 100).toFixed(2);

type Row = {
  id: number;
  at: string;
  /** The exact timestamp, microseconds included, for the next batch's keyset. */
  at_key: string;
  event: string;
  start: string;
  ticket: string;
  quantity: number;
  unit: number;
  total: number;
  tx: string;
  full_name: string;
  email: string;
  promo: string | null;
};

/** The CSV's rows of the orders matching `where`, newest first; `after` continues a keyset read. */
function bookingsQuery(where: SQL, after: { at: string; id: number } | null, limit: number | null) {
  return sql`select o.id, ${isoUtc(sql`o.created_at`)} as at, o.created_at::text as at_key, e.name as event,
                    ${isoUtc(sql`d.start_date`)} as start,
                    tt.name as ticket, o.quantity, o.unit_price_cents as unit, o.total_cents as total,
                    o.transaction_type as tx, u.full_name, u.email, p.code as promo
    from (select * from orders o where ${where}
          ${after ? sql`and (o.created_at, o.id) < (${after.at}::timestamptz, ${after.id}::int)` : sql``}
          ${limit === null ? sql`` : sql`order by ${newestFirst} limit ${limit}`}) o
    join users u on u.id = o.buyer_id
    join events e on e.id = o.event_id
    join event_days d on d.id = o.event_day_id
    join ticket_types tt on tt.id = o.ticket_type_id
    left join promocodes p on p.id = o.promocode_id
    order by ${newestFirst}`;
}

/** PGlite's way: batches that each start where the last one ended, on the orders index. */
async function* keysetBatches(db: Db, where: SQL): AsyncGenerator<Row[]> {
  let after: { at: string; id: number } | null = null;
  for (;;) {
    const page: Row[] = await queryRows<Row>(db, bookingsQuery(where, after, BATCH));
    if (page.length > 0) yield page;
    if (page.length < BATCH) return;
    const last = page[page.length - 1]!;
    after = { at: last.at_key, id: last.id };
  }
}

const csvLine = (r: Row) =>
  [
    r.id,
    r.at,
    r.event,
    r.start,
    r.ticket,
    r.quantity,
    money(r.unit),
    money(r.total),
    orderStatusOf(r.tx),
    r.full_name,
    r.email,
    r.promo ?? '',
  ]
    .map(csvCell)
    .join(',');

/**
 * The Bookings CSV, one batch of orders at a time, so a partner with a million orders gets the file
 * without the server ever holding more than one batch: one cursor on PostgreSQL, keyset batches on
 * PGlite.
 */
export async function* bookingsCsv(database: Database, partnerId: number, filter: OrderFilter, now = new Date()) {
  const where = await ordersWhere(database.db, partnerId, filter, now);
  yield `${bookingsHeader.join(',')}\r\n`;
  const batches = database.cursor
    ? database.cursor<Row>(bookingsQuery(where, null, null), BATCH)
    : keysetBatches(database.db, where);
  for await (const page of batches) yield `${page.map(csvLine).join('\r\n')}\r\n`;
}
