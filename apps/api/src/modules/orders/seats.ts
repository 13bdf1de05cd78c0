import { sql, type SQL } from 'drizzle-orm';

/** Joined beside an order (alias o): whether its event sells seats (alias es), for `orderSeatText`. */
export const joinEventSeating = sql`left join event_seating es on es.event_id = o.event_id`;

/**
 * The seats of an order's tickets (alias o), in ticket order: the tickets it sold or refunded, or the
 * one a resale order bought. Only a seated event's orders look, so a list or a Bookings CSV without
 * seats reads no ticket more; null for the others.
 */
function orderSeats(seated: SQL, aggregate: SQL) {
  return sql`case when ${seated} then (select ${aggregate} from (
      select t.id, t.seat_id from tickets t where t.order_id = o.id
      union all
      select t.id, t.seat_id from resales r join tickets t on t.id = r.ticket_id where r.order_id = o.id
    ) t join seats s on s.id = t.seat_id join seat_sections ss on ss.id = s.section_id) end`;
}

/**
 * The order's seats as a JSON array of `{ section, row, label }`; null or empty when it has none. With
 * `joinEventSeating`: the planner hashes a few seated events once, or looks many up by their key. A
 * lookup per order in a subquery scanned the small table afresh for each order instead, and each scan
 * asks the kernel for the table's size: on a machine where that call is dear, about half of a page's
 * 0.33 ms in PostgreSQL (pgbench on a million orders, docs/benchmarks.md).
 */
export const orderSeatPlaces = orderSeats(
  sql`es.event_id is not null`,
  sql`json_agg(json_build_object('section', ss.name, 'row', s.row_label, 'label', s.label) order by t.id)`,
);

/**
 * The order's seats in words as `seatInWords` says each (the database writes the CSV on PostgreSQL),
 * "Stalls, row A, seat 5; Stalls, row A, seat 6"; null when it has none. With `joinEventSeating`: a
 * million rows look their events' seating up in one hash.
 */
export const orderSeatText = orderSeats(
  sql`es.event_id is not null`,
  sql`string_agg(ss.name || ', row ' || s.row_label || ', seat ' || s.label, '; ' order by t.id)`,
);
