import { sql, type SQL } from 'drizzle-orm';
import { orderStatusOf } from '@portal/contract';
import { queryRows, type Database, type Db } from '../../db/client.ts';
import { newestFirst, ordersWhere, type OrderFilter } from './filter.ts';
import { isoUtc } from '../../lib/sql-time.ts';
import { youngGarbageEvery } from '../../lib/young-garbage.ts';
import { joinEventSeating, orderSeatText } from './seats.ts';
import { orderStatus } from './status.ts';

// PGlite's batches: small ones die young in the garbage collector, which keeps memory flat while it streams.
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
  'Seats',
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
  seats: string | null;
};

/** What a line of the CSV names beside its order: buyer, event, day, ticket type, promo code, seats. */
const bookingJoins = sql`join users u on u.id = o.buyer_id
    join events e on e.id = o.event_id
    join event_days d on d.id = o.event_day_id
    join ticket_types tt on tt.id = o.ticket_type_id
    left join promocodes p on p.id = o.promocode_id
    ${joinEventSeating}`;

/** The CSV's rows of the orders matching `where`, newest first; `after` continues a keyset read. */
function bookingsQuery(where: SQL, after: { at: string; id: number } | null, limit: number | null) {
  return sql`select o.id, ${isoUtc(sql`o.created_at`)} as at, o.created_at::text as at_key, e.name as event,
                    ${isoUtc(sql`d.start_date`)} as start,
                    tt.name as ticket, o.quantity, o.unit_price_cents as unit, o.total_cents as total,
                    o.transaction_type as tx, u.full_name, u.email, p.code as promo, ${orderSeatText} as seats
    from (select * from orders o where ${where}
          ${after ? sql`and (o.created_at, o.id) < (${after.at}::timestamptz, ${after.id}::int)` : sql``}
          ${limit === null ? sql`` : sql`order by ${newestFirst} limit ${limit}`}) o
    ${bookingJoins}
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
    r.seats ?? '',
  ]
    .map(csvCell)
    .join(',');

/**
 * A text cell as `csvCell` makes it, for the database's own CSV writer (which quotes what needs it):
 * a leading = + - @ neutralised, and an empty text sent as NULL, which COPY writes as an empty cell.
 */
const safeText = (text: SQL) =>
  sql`nullif(case when ${text} ~ '^[-=+@\t\r]' then '''' || ${text} else ${text} end, '')`;
const sqlMoney = (cents: SQL) => sql`to_char(${cents} / 100.0, 'FM999999999990.00')`;

/** The CSV's cells, in `bookingsHeader`'s order, for `COPY … TO STDOUT (FORMAT csv)`. */
function bookingsCells(where: SQL) {
  return sql`select o.id, ${isoUtc(sql`o.created_at`)}, ${safeText(sql`e.name`)}, ${isoUtc(sql`d.start_date`)},
      ${safeText(sql`tt.name`)}, o.quantity, ${sqlMoney(sql`o.unit_price_cents`)}, ${sqlMoney(sql`o.total_cents`)},
      ${orderStatus},
      ${safeText(sql`u.full_name`)}, ${safeText(sql`u.email`)}, ${safeText(sql`p.code`)}, ${safeText(orderSeatText)}
    from orders o
    ${bookingJoins}
    where ${where}
    order by ${newestFirst}`;
}

/**
 * COPY ends its lines with LF alone; the file keeps the CRLF that RFC 4180 (and `csvLine`) use. A line
 * break typed inside a name comes out as CRLF too, still inside its quoted cell.
 */
function toCrlf(chunk: Buffer): Buffer {
  let breaks = 0;
  for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) breaks++;
  const out = Buffer.allocUnsafe(chunk.length + breaks);
  let written = 0;
  let start = 0;
  for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) {
    written += chunk.copy(out, written, start, i);
    out[written++] = 13;
    out[written++] = 10;
    start = i + 1;
  }
  chunk.copy(out, written, start);
  return out;
}

/**
 * The Bookings CSV, streamed: on PostgreSQL the database writes the CSV and its bytes pass through
 * (a million rows never become a million objects); on PGlite, keyset batches of orders formatted here.
 * The server never holds more than a batch either way, nor, on PostgreSQL, the bytes already sent.
 */
export async function* bookingsCsv(database: Database, partnerId: number, filter: OrderFilter, now = new Date()) {
  const where = await ordersWhere(database.db, partnerId, filter, now);
  yield `${bookingsHeader.join(',')}\r\n`;
  if (database.copyCsv) {
    const passed = youngGarbageEvery(4 * 1024 * 1024);
    for await (const chunk of await database.copyCsv(bookingsCells(where))) {
      const bytes = chunk as Buffer;
      yield toCrlf(bytes);
      passed(bytes.length);
    }
    return;
  }
  for await (const page of keysetBatches(database.db, where)) yield `${page.map(csvLine).join('\r\n')}\r\n`;
}
