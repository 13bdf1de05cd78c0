import { sql } from 'drizzle-orm';
import { orderStatusOf, type FanData } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { toDollars } from '../../lib/money.ts';
import { orderRefundOf, type OrderRefundColumns } from '../orders/index.ts';
import { partnerFan } from './list.ts';

const iso = (d: Date | string) => new Date(d).toISOString();
const side = (secondary: boolean) => (secondary ? ('Secondary' as const) : ('Primary' as const));

/** A fan's personal information and ticket history with this partner, every tab from real rows. */
export async function fanData(db: Db, partnerId: number, fanId: number): Promise<FanData> {
  const fan = await partnerFan(db, partnerId, fanId);
  const [purchases, attendance, transfers, sold] = await Promise.all([
    queryRows<
      OrderRefundColumns & {
        id: number;
        event: string;
        zone: string;
        start: Date;
        finish: Date;
        slot: boolean;
        type: string;
        tx: string;
        quantity: number;
        unit: number;
        at: Date;
      }
    >(
      db,
      sql`select o.id, e.name as event, e.time_zone as zone, d.start_date as start, d.end_date as finish, e.time_slots as slot, tt.name as type,
                 o.transaction_type as tx, o.quantity, o.unit_price_cents as unit, o.created_at as at,
                 o.refund_cents, o.refunded_at
          from orders o
          join events e on e.id = o.event_id
          join event_days d on d.id = o.event_day_id
          join ticket_types tt on tt.id = o.ticket_type_id
          where o.partner_id = ${partnerId} and o.buyer_id = ${fanId}
          order by o.created_at desc, o.id desc`,
    ),
    queryRows<{ id: number; event: string; zone: string; start: Date; type: string; secondary: boolean; at: Date }>(
      db,
      sql`select t.id, e.name as event, e.time_zone as zone, d.start_date as start, tt.name as type, t.checked_in_at as at,
                 exists (select 1 from resales r where r.ticket_id = t.id and r.status = 'sold' and r.buyer_id = t.owner_id) as secondary
          from tickets t
          join events e on e.id = t.event_id
          join event_days d on d.id = t.event_day_id
          join ticket_types tt on tt.id = t.ticket_type_id
          where t.partner_id = ${partnerId} and t.owner_id = ${fanId} and t.checked_in_at is not null
          order by t.checked_in_at desc`,
    ),
    queryRows<{
      id: number;
      event: string;
      zone: string;
      start: Date;
      giver: string;
      recipient: string;
      at: Date;
      type: string;
      bought: Date;
    }>(
      db,
      // Both sides: a recipient's history shows what they were given, as the giver's shows what they gave.
      sql`select tr.id, e.name as event, e.time_zone as zone, d.start_date as start, giver.email as giver,
                 recipient.email as recipient, tr.created_at as at, tt.name as type, o.created_at as bought
          from transfers tr
          join tickets t on t.id = tr.ticket_id
          join users giver on giver.id = tr.from_user_id
          join users recipient on recipient.id = tr.to_user_id
          join events e on e.id = t.event_id
          join event_days d on d.id = t.event_day_id
          join ticket_types tt on tt.id = t.ticket_type_id
          join orders o on o.id = t.order_id
          where t.partner_id = ${partnerId} and (tr.from_user_id = ${fanId} or tr.to_user_id = ${fanId})
          order by tr.created_at desc, tr.id desc`,
    ),
    queryRows<{
      id: number;
      event: string;
      zone: string;
      start: Date;
      type: string;
      secondary: boolean;
      price: number;
      at: Date;
    }>(
      db,
      sql`select r.id, e.name as event, e.time_zone as zone, d.start_date as start, tt.name as type, r.price_cents as price, r.sold_at as at,
                 exists (select 1 from resales b where b.ticket_id = r.ticket_id and b.status = 'sold'
                         and b.buyer_id = r.seller_id and b.sold_at < r.sold_at) as secondary
          from resales r
          join tickets t on t.id = r.ticket_id
          join events e on e.id = t.event_id
          join event_days d on d.id = t.event_day_id
          join ticket_types tt on tt.id = t.ticket_type_id
          where t.partner_id = ${partnerId} and r.seller_id = ${fanId} and r.status = 'sold'
          order by r.sold_at desc`,
    ),
  ]);
  return {
    PersonalInformation: {
      ID: fan.id,
      full_name: fan.full_name,
      email: fan.email,
      phone_number: fan.phone_number,
      street_address: fan.street_address,
      city: fan.city,
      postal_code: fan.postal_code,
      country: fan.country,
    },
    TicketHistory: {
      Purchases: purchases.map((p) => ({
        ID: p.id,
        Event: p.event,
        EventDate: iso(p.start),
        TimeZone: p.zone,
        EndDate: iso(p.finish),
        IsSlot: p.slot,
        TicketType: p.type,
        PrimaryOrSecondary: side(p.tx === 'secondary_sold'),
        Quantity: p.quantity,
        Price: toDollars(p.unit),
        TransactionDate: iso(p.at),
        Status: orderStatusOf(p.tx),
        Refund: orderRefundOf(p),
      })),
      Attendance: attendance.map((a) => ({
        ID: a.id,
        Event: a.event,
        EventDate: iso(a.start),
        TimeZone: a.zone,
        TicketType: a.type,
        PrimaryOrSecondary: side(a.secondary),
        CheckedInAt: iso(a.at),
      })),
      Transfers: transfers.map((t) => ({
        ID: t.id,
        Event: t.event,
        EventDate: iso(t.start),
        TimeZone: t.zone,
        TransferedFrom: t.giver,
        TransferedTo: t.recipient,
        DateOfTransfer: iso(t.at),
        TicketType: t.type,
        DateOfPurchase: iso(t.bought),
      })),
      TicketsSolds: sold.map((s) => ({
        ID: s.id,
        Event: s.event,
        EventDate: iso(s.start),
        TimeZone: s.zone,
        TicketType: s.type,
        PrimaryOrSecondary: side(s.secondary),
        Price: toDollars(s.price),
        TransactionDate: iso(s.at),
      })),
    },
  };
}
