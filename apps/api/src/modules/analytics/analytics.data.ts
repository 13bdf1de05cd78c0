import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  eventDays,
  events,
  orders,
  refunds,
  refundTickets,
  resales,
  tickets,
  ticketTypes,
} from '../../db/schema/index.ts';
import { createEvent, createUser } from '../../../test/seeders.ts';
import { recordSale } from '../checkout/index.ts';
import { recountSalesSums } from './sales-sums.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/**
 * Honolulu keeps UTC−10 all year, so its local midnight is 10:00 UTC and, for most of the day, the
 * local date differs from the UTC date: a sale at 23:59 local is already "tomorrow" in UTC.
 */
export const ZONE = 'Pacific/Honolulu';
export function localMidnight(now = new Date()): number {
  const local = new Date(now.getTime() - 10 * HOUR);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), 10);
}

/**
 * Takes tickets back the way a refund or a cancelled sale does: out of circulation and stock freed.
 * The analytics sums are recounted from the rows once the data set is written.
 */
async function withdraw(db: Db, ticketIds: number[], status: 'refunded' | 'void') {
  const gone = await db.select().from(tickets).where(inArray(tickets.id, ticketIds));
  await db.update(tickets).set({ status }).where(inArray(tickets.id, ticketIds));
  for (const t of gone) {
    await db
      .update(ticketTypes)
      .set({ sold: sql`${ticketTypes.sold} - 1` })
      .where(eq(ticketTypes.id, t.ticketTypeId));
    await db
      .update(eventDays)
      .set({ sold: sql`${eventDays.sold} - 1` })
      .where(eq(eventDays.id, t.eventDayId));
  }
}

/**
 * The hand-made data set of the analytics tests; docs/analytics.md works the same answers out.
 * Event A (Honolulu, in 10 days): GA $50 ×100 (10 held), VIP $120 ×20 (2 held), Guest list $0 ×10.
 * Event B (Paris, 40 days ago): Standard $30 ×50. Event C: no tickets at all.
 */
export async function seedKnownSales(db: Db, partnerId: number) {
  const M = localMidnight();
  const a = await createEvent(db, partnerId, {
    name: 'Analytics Night',
    timeZone: ZONE,
    days: [
      {
        start: new Date(M + 10 * DAY + 20 * HOUR).toISOString(),
        end: new Date(M + 10 * DAY + 23 * HOUR).toISOString(),
      },
    ],
    types: [
      { name: 'GA', priceCents: 5000, amount: 100 },
      { name: 'VIP', priceCents: 12000, amount: 20 },
      { name: 'Guest list', priceCents: 0, amount: 10 },
    ],
  });
  const [ga, vip, guest] = a.types as [(typeof a.types)[0], (typeof a.types)[0], (typeof a.types)[0]];
  await db.update(ticketTypes).set({ holdsAmount: 10 }).where(eq(ticketTypes.id, ga.id));
  await db.update(ticketTypes).set({ holdsAmount: 2 }).where(eq(ticketTypes.id, vip.id));
  await db
    .update(events)
    .set({ activeOnWidget: true, sellingTime: new Date(M - 30 * DAY) })
    .where(eq(events.id, a.event.id));

  const fan = await createUser(db);
  const reseller = await createUser(db);
  const sell = (typeId: number, quantity: number, unitPriceCents: number, at: number, buyerId = fan.id) =>
    db.transaction((tx) =>
      recordSale(tx, {
        partnerId,
        eventId: a.event.id,
        eventDayId: a.days[0]!.id,
        ticketTypeId: typeId,
        buyerId,
        quantity,
        unitPriceCents,
        createdAt: new Date(at),
      }),
    );

  const o1 = await sell(ga.id, 3, 5000, M - 5 * DAY + 12 * HOUR); // the first sale
  const o2 = await sell(ga.id, 2, 4500, M - MIN); // 23:59 yesterday, local: not today's
  await sell(ga.id, 1, 5000, M + 1000); // today
  const o4 = await sell(vip.id, 2, 12000, M - 2 * DAY + 3 * HOUR, reseller.id);
  const o5 = await sell(guest.id, 4, 0, M - 3 * DAY); // comps
  await sell(ga.id, 1, 0, M - 3 * DAY); // a 100 % promo: a comp in a paid type
  const o7 = await sell(vip.id, 1, 12000, M - DAY + 5 * HOUR);
  const o8 = await sell(ga.id, 1, 5000, M - 4 * DAY);

  // Check-ins, one of them on a ticket refunded afterwards: it no longer counts.
  const checkIn = (id: number) =>
    db
      .update(tickets)
      .set({ checkedInAt: new Date(M) })
      .where(eq(tickets.id, id));
  for (const id of [o1.tickets[0]!.id, o1.tickets[1]!.id, o4.tickets[0]!.id, o5.tickets[0]!.id, o7.tickets[0]!.id])
    await checkIn(id);

  await withdraw(db, [o7.tickets[0]!.id], 'refunded');
  await db.update(orders).set({ transactionType: 'refunded' }).where(eq(orders.id, o7.orderId));
  await withdraw(db, [o1.tickets[2]!.id], 'refunded'); // one ticket of a three-ticket order, half its price
  // The VIP refunded in full; half of the GA ticket's $50 refunded, so $25 of it stays earned.
  const [refund] = await db
    .insert(refunds)
    .values({ partnerId, idempotencyKey: 'analytics-refund', amountCents: 14500 })
    .returning();
  await db.insert(refundTickets).values([
    { refundId: refund!.id, ticketId: o7.tickets[0]!.id, amountCents: 12000 },
    { refundId: refund!.id, ticketId: o1.tickets[2]!.id, amountCents: 2500 },
  ]);
  await withdraw(db, [o8.tickets[0]!.id], 'void');
  await db.update(orders).set({ transactionType: 'sale_canceled' }).where(eq(orders.id, o8.orderId));

  // A VIP ticket resold for $150 (royalty 5 %: $7.50), and a GA ticket listed for resale.
  const resold = o4.tickets[1]!;
  const [resaleOrder] = await db
    .insert(orders)
    .values({
      partnerId,
      eventId: a.event.id,
      eventDayId: a.days[0]!.id,
      ticketTypeId: vip.id,
      buyerId: fan.id,
      quantity: 1,
      unitPriceCents: 15000,
      totalCents: 15000,
      transactionType: 'secondary_sold',
      createdAt: new Date(M + 2000),
    })
    .returning();
  await db.insert(resales).values({
    ticketId: resold.id,
    sellerId: reseller.id,
    buyerId: fan.id,
    priceCents: 15000,
    royaltyCents: 750,
    status: 'sold',
    orderId: resaleOrder!.id,
    soldAt: new Date(M + 2000),
  });
  await db.update(tickets).set({ ownerId: fan.id }).where(eq(tickets.id, resold.id));
  await db.insert(resales).values({ ticketId: o2.tickets[0]!.id, sellerId: fan.id, priceCents: 6000 });
  await db.update(tickets).set({ status: 'listed' }).where(eq(tickets.id, o2.tickets[0]!.id));

  const b = await createEvent(db, partnerId, {
    name: 'Past Gala',
    timeZone: 'Europe/Paris',
    days: [{ start: new Date(M - 40 * DAY).toISOString(), end: new Date(M - 40 * DAY + 4 * HOUR).toISOString() }],
    types: [{ name: 'Standard', priceCents: 3000, amount: 50 }],
  });
  const gala = await db.transaction((tx) =>
    recordSale(tx, {
      partnerId,
      eventId: b.event.id,
      eventDayId: b.days[0]!.id,
      ticketTypeId: b.types[0]!.id,
      buyerId: fan.id,
      quantity: 3,
      unitPriceCents: 3000,
      createdAt: new Date(M - 45 * DAY),
    }),
  );
  for (const t of gala.tickets.slice(0, 2)) await checkIn(t.id);

  const c = await createEvent(db, partnerId, {
    name: 'Empty Matinee',
    days: [{ start: new Date(M + 100 * DAY).toISOString(), end: new Date(M + 100 * DAY + HOUR).toISOString() }],
  });
  await recountSalesSums(db, partnerId);
  return { a: a.event, b: b.event, c: c.event, types: { ga, vip, guest }, M };
}
