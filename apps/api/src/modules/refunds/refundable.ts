import { sql } from 'drizzle-orm';
import type { RefundEvent, RefundTicket } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { toDollars } from '../../lib/money.ts';
import { ownedEvent } from '../events/index.ts';
import { partnerFan } from '../fans/index.ts';

/**
 * The fan's tickets of this partner that can be refunded: those the fan holds (not refunded, cancelled
 * or listed for resale) and bought from the partner, not on resale. `t` is the ticket.
 */
const refundableOf = (partnerId: number, fanId: number) =>
  sql`t.partner_id = ${partnerId} and t.owner_id = ${fanId} and t.status = 'valid'
      and not exists (select 1 from resales r where r.ticket_id = t.id and r.status = 'sold')`;

/** When and where a refundable ticket's day is, as both lists answer it. */
type Dated = { start: Date; zone: string; venue: string };
const whenAndWhere = (r: Dated) => ({
  DateEvent: new Date(r.start).toISOString(),
  TimeZone: r.zone,
  Venue: r.venue,
});

/** The events in which the fan holds refundable tickets of this partner, with the price range paid. */
export async function refundableEvents(db: Db, partnerId: number, fanId: number): Promise<RefundEvent[]> {
  await partnerFan(db, partnerId, fanId);
  const rows = await queryRows<Dated & { id: number; name: string; n: number; lo: number; hi: number }>(
    db,
    sql`select e.id, e.name, e.venue, e.time_zone as zone, min(d.start_date) as start, count(*)::int as n,
               min(t.price_paid_cents)::int as lo, max(t.price_paid_cents)::int as hi
        from tickets t
        join events e on e.id = t.event_id
        join event_days d on d.id = t.event_day_id
        where ${refundableOf(partnerId, fanId)}
        group by e.id, e.name, e.venue, e.time_zone
        order by min(d.start_date), e.id`,
  );
  return rows.map((r) => ({
    EventID: r.id,
    EventName: r.name,
    ...whenAndWhere(r),
    TicketsOwned: r.n,
    MinPrice: toDollars(r.lo),
    MaxPrice: toDollars(r.hi),
  }));
}

/** The fan's refundable tickets of one event. */
export async function refundableTickets(
  db: Db,
  partnerId: number,
  eventId: number,
  fanId: number,
): Promise<RefundTicket[]> {
  await ownedEvent(db, partnerId, eventId);
  await partnerFan(db, partnerId, fanId);
  const rows = await queryRows<Dated & { id: number; type: string; price: number; code: string }>(
    db,
    sql`select t.id, tt.name as type, d.start_date as start, e.time_zone as zone, e.venue, t.price_paid_cents as price, t.code
        from tickets t
        join events e on e.id = t.event_id
        join event_days d on d.id = t.event_day_id
        join ticket_types tt on tt.id = t.ticket_type_id
        where ${refundableOf(partnerId, fanId)} and t.event_id = ${eventId}
        order by d.start_date, tt.name, t.id`,
  );
  return rows.map((r) => ({
    TicketID: r.id,
    TicketType: r.type,
    ...whenAndWhere(r),
    Price: toDollars(r.price),
    Code: r.code,
  }));
}
