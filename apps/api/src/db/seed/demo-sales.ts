import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { orders, fanNotes, refunds, refundTickets, resales, tickets, transfers } from '../schema/index.ts';
import { recordSale } from '../../modules/checkout/index.ts';
import { recountSalesSums } from '../../modules/analytics/index.ts';
import { rememberFan } from '../../modules/fans/index.ts';
import type { SeededEvent } from './demo-events.ts';
import { seededRandom } from './random.ts';
import { releaseStock } from './stock.ts';

const DAY = 86_400_000;

type Ctx = { db: Db; partnerId: number; fans: number[]; now: Date };

/** Sells through the same guarded write path the checkout uses. */
async function sell(
  ctx: Ctx,
  event: SeededEvent,
  opts: {
    dayIndex?: number;
    typeIndex?: number;
    buyer: number;
    quantity: number;
    daysAgo: number;
    promo?: { id: number; price: (cents: number) => number };
  },
) {
  const day = event.days[opts.dayIndex ?? 0]!;
  const type = event.types[opts.typeIndex ?? 0]!;
  const unit = opts.promo ? opts.promo.price(type.priceCents) : type.priceCents;
  return ctx.db.transaction((tx) =>
    recordSale(tx, {
      partnerId: ctx.partnerId,
      eventId: event.id,
      eventDayId: day.id,
      ticketTypeId: type.id,
      buyerId: opts.buyer,
      quantity: opts.quantity,
      unitPriceCents: unit,
      promocodeId: opts.promo?.id ?? null,
      paymentRef: `demo_${event.id}_${opts.buyer}_${opts.daysAgo}`,
      createdAt: new Date(ctx.now.getTime() - opts.daysAgo * DAY - opts.buyer * 97_000),
    }),
  );
}

/** Takes orders back: their tickets leave circulation and their stock is for sale again. */
async function withdrawOrders(tx: Tx, orderIds: number[], outcome: 'refunded' | 'sale_canceled') {
  const withdrawn = await tx.select().from(tickets).where(inArray(tickets.orderId, orderIds));
  await tx
    .update(tickets)
    .set({ status: outcome === 'refunded' ? 'refunded' : 'void' })
    .where(inArray(tickets.orderId, orderIds));
  await tx.update(orders).set({ transactionType: outcome }).where(inArray(orders.id, orderIds));
  await releaseStock(tx, withdrawn);
  return withdrawn;
}

/** Refunds whole orders the way the refund service will, with the refund recorded per ticket. */
async function refundOrders(ctx: Ctx, memberId: number, orderIds: number[], daysAgo: number) {
  await ctx.db.transaction(async (tx) => {
    const refunded = await withdrawOrders(tx, orderIds, 'refunded');
    const refundedAt = new Date(ctx.now.getTime() - daysAgo * DAY);
    const total = refunded.reduce((sum, t) => sum + t.pricePaidCents, 0);
    const [refund] = await tx
      .insert(refunds)
      .values({
        partnerId: ctx.partnerId,
        idempotencyKey: `demo-refund-${orderIds.join('-')}`,
        memberId,
        amountCents: total,
        description: 'Customer could not attend',
        paymentRef: `demo_refund_${orderIds[0]}`,
        createdAt: refundedAt,
      })
      .returning({ id: refunds.id });
    await tx
      .insert(refundTickets)
      .values(refunded.map((t) => ({ refundId: refund!.id, ticketId: t.id, amountCents: t.pricePaidCents })));
    // Each refunded line carries its refund, as a settlement writes it (refunds/settle.ts).
    await tx.execute(sql`update orders o set refund_cents = x.cents, refunded_at = ${refundedAt.toISOString()}::timestamptz
      from (select t.order_id, sum(rt.amount_cents)::int as cents from refund_tickets rt
            join tickets t on t.id = rt.ticket_id where rt.refund_id = ${refund!.id} group by t.order_id) x
      where o.id = x.order_id`);
  });
}

/** Harbour Lights Live's sales, refunds, transfer, resale and fan notes, written for `partnerId`. */
export async function seedSales(
  db: Db,
  now: Date,
  partnerId: number,
  fans: number[],
  memberId: number,
  ev: {
    pastTalk: SeededEvent;
    concert: SeededEvent;
    festival: SeededEvent;
    tours: SeededEvent;
    openMics: SeededEvent[];
    promos: { earlybird: number; harbour5: number };
  },
) {
  const ctx: Ctx = { db, partnerId, fans, now };
  const rnd = seededRandom(42);
  const fan = (i: number) => fans[i % fans.length]!;
  const earlybird = { id: ev.promos.earlybird, price: (c: number) => Math.round(c * 0.9) };
  const harbour5 = { id: ev.promos.harbour5, price: (c: number) => Math.max(0, c - 500) };

  // A past talk, with comps and check-ins: attendance has something to show.
  for (let i = 0; i < 30; i++)
    await sell(ctx, ev.pastTalk, { buyer: fan(i), quantity: rnd.int(1, 3), daysAgo: rnd.int(21, 50) });
  for (let i = 30; i < 35; i++) await sell(ctx, ev.pastTalk, { buyer: fan(i), quantity: 1, typeIndex: 1, daysAgo: 25 });
  const talkStart = ev.pastTalk.days[0]!.start;
  const talkTickets = await db.select({ id: tickets.id }).from(tickets).where(eq(tickets.eventId, ev.pastTalk.id));
  for (const t of talkTickets) {
    if (rnd.next() < 0.82)
      await db
        .update(tickets)
        .set({ checkedInAt: new Date(talkStart.getTime() - rnd.int(0, 40) * 60_000), checkedInBy: memberId })
        .where(eq(tickets.id, t.id));
  }

  const concertOrders: number[] = [];
  for (let i = 0; i < 60; i++) {
    const promo = i % 6 === 0 ? earlybird : i % 11 === 0 ? harbour5 : undefined;
    const sale = await sell(ctx, ev.concert, {
      buyer: fan(i + 3),
      quantity: rnd.int(1, 4),
      daysAgo: rnd.int(0, 45),
      ...(promo ? { promo } : {}),
    });
    concertOrders.push(sale.orderId);
  }
  for (let i = 0; i < 15; i++)
    await sell(ctx, ev.concert, { buyer: fan(i + 20), quantity: rnd.int(1, 2), typeIndex: 1, daysAgo: rnd.int(0, 30) });
  for (let i = 0; i < 40; i++) {
    await sell(ctx, ev.festival, {
      buyer: fan(i + 5),
      quantity: rnd.int(1, 4),
      typeIndex: i % 3 === 0 ? 1 : 0,
      dayIndex: i % 3,
      daysAgo: rnd.int(0, 60),
      ...(i % 8 === 0 && i % 3 !== 0 ? { promo: earlybird } : {}),
    });
  }
  for (let i = 0; i < 24; i++)
    await sell(ctx, ev.tours, {
      buyer: fan(i + 11),
      quantity: rnd.int(1, 3),
      dayIndex: i % 4,
      typeIndex: i % 5 === 0 ? 1 : 0,
      daysAgo: rnd.int(0, 20),
    });
  for (const [n, mic] of ev.openMics.slice(0, 3).entries()) {
    for (let i = 0; i < 8 - n * 2; i++)
      await sell(ctx, mic, { buyer: fan(i * 3 + n), quantity: rnd.int(1, 2), daysAgo: rnd.int(0, 10) });
  }

  await refundOrders(ctx, memberId, concertOrders.slice(1, 3), 2);
  await refundOrders(ctx, memberId, concertOrders.slice(10, 11), 5);
  await db.transaction((tx) => withdrawOrders(tx, [concertOrders[20]!], 'sale_canceled'));

  // A transfer and a resale, so the fan history has every tab filled.
  const [given] = await db.select().from(tickets).where(eq(tickets.orderId, concertOrders[30]!)).limit(1);
  if (given) {
    const to = fan(47);
    await db.insert(transfers).values({
      ticketId: given.id,
      fromUserId: given.ownerId,
      toUserId: to,
      createdAt: new Date(now.getTime() - DAY),
    });
    await db.update(tickets).set({ ownerId: to }).where(eq(tickets.id, given.id));
    await rememberFan(db, partnerId, to);
  }
  const [resold] = await db.select().from(tickets).where(eq(tickets.eventId, ev.festival.id)).limit(1);
  if (resold) {
    const buyer = fan(46);
    const price = 17500;
    const [order] = await db
      .insert(orders)
      .values({
        partnerId,
        eventId: resold.eventId,
        eventDayId: resold.eventDayId,
        ticketTypeId: resold.ticketTypeId,
        buyerId: buyer,
        quantity: 1,
        unitPriceCents: price,
        totalCents: price,
        transactionType: 'secondary_sold',
        paymentRef: 'demo_resale',
        createdAt: new Date(now.getTime() - 3 * DAY),
      })
      .returning({ id: orders.id });
    await db.insert(resales).values({
      ticketId: resold.id,
      sellerId: resold.ownerId,
      buyerId: buyer,
      priceCents: price,
      royaltyCents: Math.round(price * 0.05),
      status: 'sold',
      orderId: order!.id,
      listedAt: new Date(now.getTime() - 6 * DAY),
      soldAt: new Date(now.getTime() - 3 * DAY),
    });
    await db.update(tickets).set({ ownerId: buyer }).where(eq(tickets.id, resold.id));
    await rememberFan(db, partnerId, buyer);
  }

  // The refunds, cancellation and resale above were written by hand, not through the services that
  // keep the analytics sums: count them from the rows.
  await recountSalesSums(db, partnerId);

  // Notes from this week and earlier, so a fan's page shows both.
  await db.insert(fanNotes).values([
    { partnerId, userId: fan(3), memberId, note: 'Asked for step-free access at the Harbour stage.', createdAt: now },
    {
      partnerId,
      userId: fan(3),
      memberId,
      note: 'Lost a ticket e-mail; resent the sign-in link.',
      createdAt: new Date(now.getTime() - 20 * DAY),
    },
  ]);
}

/** Northfield's gala sold to some of the same fans. */
export async function seedNorthSales(db: Db, now: Date, northId: number, fans: number[], gala: SeededEvent) {
  const ctx: Ctx = { db, partnerId: northId, fans, now };
  const rnd = seededRandom(43);
  for (let i = 0; i < 10; i++)
    await sell(ctx, gala, { buyer: fans[(i + 30) % fans.length]!, quantity: rnd.int(1, 2), daysAgo: rnd.int(0, 25) });
}
