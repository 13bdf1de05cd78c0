import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import {
  addMember,
  bearer,
  buyTickets,
  createEventOnSale,
  createPartnerWithAdmin,
  createUser,
  holderSession,
  signIn,
} from '../../../test/seeders.ts';
import { chainLedger, events, orders, refunds, tickets, ticketTypes, users } from '../../db/schema/index.ts';
import { settleRefund } from './settle.ts';
import { splitRefund } from './split.ts';

describe('refunds', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let partnerId: number;
  let staff: string;
  let other: string;
  let fanId: number;
  let eventId: number;
  let stalls: number;
  let balcony: number;
  let refundCalls: { ref: string; cents: number; key: string }[];
  let realRefund: typeof t.app.payments.refund;

  const get = (url: string, token = staff) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const refund = (payload: object, token = staff, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/financial/refund',
      payload,
      headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    });
  const ticketsOf = async (typeId: number) =>
    (await t.db.select().from(tickets).where(eq(tickets.ticketTypeId, typeId))).sort((a, b) => a.id - b.id);

  beforeAll(async () => {
    t = await buildTestApp();
    const org = await createPartnerWithAdmin(t.db);
    partnerId = org.partner.id;
    staff = await signIn(t.app, org.admin.email, partnerId);
    const rival = await createPartnerWithAdmin(t.db);
    other = await signIn(t.app, rival.admin.email, rival.partner.id);
    const { event, days, types } = await createEventOnSale(t.db, partnerId, [
      { name: 'Stalls', priceCents: 4000, amount: 10 },
      { name: 'Balcony', priceCents: 1000, amount: 10 },
    ]);
    eventId = event.id;
    // Before any sale: the orders and the fan's history show the refund's moment in the event's zone.
    await t.db.update(events).set({ timeZone: 'Asia/Tokyo' }).where(eq(events.id, eventId));
    stalls = types[0]!.id;
    balcony = types[1]!.id;
    const sale = { partnerId, eventId, dayId: days[0]!.id };
    const buyer = { email: 'rita@fans.test', full_name: 'Rita Moreno' };
    expect((await buyTickets(t.app, sale, buyer, [{ ticket_type_id: stalls, quantity: 3 }])).statusCode).toBe(200);
    expect((await buyTickets(t.app, sale, buyer, [{ ticket_type_id: balcony, quantity: 1 }])).statusCode).toBe(200);
    fanId = (await t.db.select().from(users).where(eq(users.email, buyer.email)))[0]!.id;
    await t.app.mint();
    realRefund = t.app.payments.refund.bind(t.app.payments);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    refundCalls = [];
    t.app.payments.refund = async (ref, cents, key) => {
      refundCalls.push({ ref, cents, key });
      return realRefund(ref, cents, key);
    };
  });

  it('lists the events where the fan holds tickets, then that event’s tickets', async () => {
    const events = (await get(`/api/transactions/tickets_for_refund/${partnerId}/${fanId}`)).json().data;
    expect(events).toEqual([
      expect.objectContaining({ EventID: eventId, Venue: 'Main Hall', TicketsOwned: 4, MinPrice: 10, MaxPrice: 40 }),
    ]);
    const list = (await get(`/api/transactions/tickets_for_refund/ticket_type/${eventId}/${fanId}`)).json().data;
    expect(list.map((x: { TicketType: string; Price: number }) => [x.TicketType, x.Price])).toEqual([
      ['Balcony', 10],
      ['Stalls', 40],
      ['Stalls', 40],
      ['Stalls', 40],
    ]);
    expect((await get(`/api/transactions/tickets_for_refund/${partnerId}/${fanId}`, other)).statusCode).toBe(404);
    const across = await get(`/api/transactions/tickets_for_refund/ticket_type/${eventId}/${fanId}`, other);
    expect(across.statusCode).toBe(404);
  });

  it('refuses more than the average price paid, and changes nothing', async () => {
    const [s] = await ticketsOf(stalls);
    const [b] = await ticketsOf(balcony);
    const res = await refund({ ticket_ids: [s!.id, b!.id], amount: 25.01 });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('The refund per ticket cannot be more than the average price paid ($25.00).');
    expect(await t.db.select().from(refunds)).toHaveLength(0);
    expect((await ticketsOf(stalls)).every((x) => x.status === 'valid')).toBe(true);
    expect(refundCalls).toHaveLength(0);
  });

  it('refuses another partner’s tickets and members without the refund permission', async () => {
    const [s] = await ticketsOf(stalls);
    expect((await refund({ ticket_ids: [s!.id], amount: 1 }, other)).statusCode).toBe(404);
    const clerk = await createUser(t.db);
    await addMember(t.db, partnerId, clerk.id, 'BoxOffice');
    const boxOffice = await signIn(t.app, clerk.email, partnerId);
    expect((await refund({ ticket_ids: [s!.id], amount: 1 }, boxOffice)).statusCode).toBe(403);
    expect(await t.db.select().from(refunds)).toHaveLength(0);
  });

  it('releases the tickets when the payment provider fails, and says so', async () => {
    const [s] = await ticketsOf(stalls);
    t.app.payments.refund = async () => {
      throw new Error('card network unavailable');
    };
    const res = await refund({ ticket_ids: [s!.id], amount: 40 });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe('The payment provider did not make the refund: card network unavailable');
    expect(await t.db.select().from(refunds)).toHaveLength(0);
    expect((await ticketsOf(stalls))[0]!.status).toBe('valid');
  });

  it('refunds two tickets once, even when the same refund is sent twice at the same time', async () => {
    const [a, b, c] = await ticketsOf(stalls);
    const body = { ticket_ids: [b!.id, a!.id], amount: 40, description: 'Could not come' };
    const [one, two] = await Promise.all([refund(body), refund(body)]);
    const statuses = [one.statusCode, two.statusCode].sort();
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    const done = [one, two].find((r) => r.statusCode === 200)!.json().data;
    expect(done).toMatchObject({ ticket_ids: [a!.id, b!.id], amount: 40, total: 80 });
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0]!.cents).toBe(8000);
    expect(await t.db.select().from(refunds)).toHaveLength(1);

    // The order keeps its third ticket; the two refunded ones form an order line of their own.
    const [kept] = await t.db.select().from(orders).where(eq(orders.id, c!.orderId));
    expect(kept).toMatchObject({ quantity: 1, totalCents: 4000, transactionType: 'primary_sold' });
    const after = await ticketsOf(stalls);
    expect(after.map((x) => x.status)).toEqual(['refunded', 'refunded', 'valid']);
    const [split] = await t.db.select().from(orders).where(eq(orders.id, after[0]!.orderId));
    expect(split).toMatchObject({ quantity: 2, totalCents: 8000, transactionType: 'refunded' });
    const [type] = await t.db.select().from(ticketTypes).where(eq(ticketTypes.id, stalls));
    expect(type!.sold).toBe(1);
    // The burns follow the refund on the chain, in the background pass run here.
    await t.app.mint();
    const burns = await t.db.select().from(chainLedger).where(eq(chainLedger.kind, 'burn'));
    expect(burns.map((x) => x.tokenId).sort()).toEqual([`tkt-${a!.id}`, `tkt-${b!.id}`]);
    expect(await t.app.chain.verify()).toMatchObject({ ok: true });

    // The same request later answers the same refund and refunds nothing more.
    const again = await refund(body);
    expect(again.json().data.refund_id).toBe(done.refund_id);
    expect(refundCalls).toHaveLength(1);
    // A refunded ticket cannot be refunded under another key.
    const other = await refund({ ticket_ids: [a!.id], amount: 1 }, staff, 'another-key-123');
    expect(other.statusCode).toBe(409);
  });

  it('shows the refund in the fan’s history and in orders', async () => {
    const history = (await get(`/api/analytics/fandata/${partnerId}/${fanId}`)).json().data;
    const statuses = history.TicketHistory.Purchases.map(
      (p: { TicketType: string; Quantity: number; Status: string }) => [p.TicketType, p.Quantity, p.Status].join(' '),
    );
    expect(statuses.sort()).toEqual(['Balcony 1 completed', 'Stalls 1 completed', 'Stalls 2 refunded']);
    const list = (await get('/api/orders?search=rita')).json().data;
    expect(list.data.map((o: { status: string }) => o.status).sort()).toEqual(['completed', 'completed', 'refunded']);

    // A refunded line says what went back ($40 for each of its two tickets) and when, with the event's zone.
    const [made] = await t.db.select().from(refunds);
    const refund = { amount: 80, date: made!.createdAt.toISOString() };
    const purchases = history.TicketHistory.Purchases as { Status: string; Refund: unknown; TimeZone: string }[];
    expect(purchases.map((p) => [p.Status, p.Refund, p.TimeZone])).toEqual(
      expect.arrayContaining([
        ['refunded', refund, 'Asia/Tokyo'],
        ['completed', null, 'Asia/Tokyo'],
      ]),
    );
    expect(purchases.filter((p) => p.Refund !== null)).toHaveLength(1);
    const rows = list.data as { status: string; refund: unknown; time_zone: string }[];
    expect(rows.map((o) => [o.status, o.refund, o.time_zone]).sort()).toEqual([
      ['completed', null, 'Asia/Tokyo'],
      ['completed', null, 'Asia/Tokyo'],
      ['refunded', refund, 'Asia/Tokyo'],
    ]);
  });

  it('answers the same refund for the same idempotency key', async () => {
    const [b] = await ticketsOf(balcony);
    const first = await refund({ ticket_ids: [b!.id], amount: 0 }, staff, 'dialog-key-0001');
    expect(first.json().data).toMatchObject({ amount: 0, total: 0 });
    expect(refundCalls).toHaveLength(0);
    const second = await refund({ ticket_ids: [b!.id], amount: 0 }, staff, 'dialog-key-0001');
    expect(second.json().data.refund_id).toBe(first.json().data.refund_id);
    const voided = await t.db
      .select()
      .from(tickets)
      .where(inArray(tickets.id, [b!.id]));
    expect(voided[0]!.status).toBe('refunded');
  });
});

describe('splitRefund', () => {
  it('shares the total by price in whole cents, never more than a ticket cost', () => {
    expect(splitRefund([4000, 1000], 5000)).toEqual([4000, 1000]);
    expect(splitRefund([4000, 1000], 2500)).toEqual([2000, 500]);
    expect(splitRefund([333, 333, 334], 999)).toEqual([333, 333, 333]);
    expect(splitRefund([1, 1, 1], 2)).toEqual([1, 1, 0]);
    expect(splitRefund([0, 0], 0)).toEqual([0, 0]);
    const parts = splitRefund([1999, 2999, 4999], 7001);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(7001);
    parts.forEach((p, i) => expect(p).toBeLessThanOrEqual([1999, 2999, 4999][i]!));
  });
});

describe('refunds that stop half-way', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let partnerId: number;
  let staff: string;
  let typeId: number;
  const calls: { ref: string; key: string }[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    const org = await createPartnerWithAdmin(t.db);
    partnerId = org.partner.id;
    staff = await signIn(t.app, org.admin.email, partnerId);
    const { event, days, types } = await createEventOnSale(t.db, partnerId, [
      { name: 'GA', priceCents: 3000, amount: 20 },
    ]);
    typeId = types[0]!.id;
    const sale = { partnerId, eventId: event.id, dayId: days[0]!.id };
    const buyer = { email: 'split@fans.test', full_name: 'Split Payer' };
    // Two purchases: two charges to give back.
    await buyTickets(t.app, sale, buyer, [{ ticket_type_id: typeId, quantity: 1 }]);
    await buyTickets(t.app, sale, buyer, [{ ticket_type_id: typeId, quantity: 1 }]);
    await buyTickets(t.app, sale, { email: 'other@fans.test', full_name: 'Other' }, [
      { ticket_type_id: typeId, quantity: 3 },
    ]);
  });
  afterAll(() => t.close());

  const refund = (ticket_ids: number[], key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/financial/refund',
      payload: { ticket_ids, amount: 30 },
      headers: { ...bearer(staff), ...(key ? { 'idempotency-key': key } : {}) },
    });
  const sold = async () => (await t.db.select().from(ticketTypes).where(eq(ticketTypes.id, typeId)))[0]!.sold;

  it('keeps a claim that paid something back, and finishes it later without paying any charge twice', async () => {
    const mine = (await t.db.select().from(tickets).where(eq(tickets.ticketTypeId, typeId)))
      .sort((a, b) => a.id - b.id)
      .slice(0, 2);
    const real = t.app.payments.refund.bind(t.app.payments);
    let failSecond = true;
    t.app.payments.refund = async (ref, cents, key) => {
      calls.push({ ref, key });
      if (failSecond && calls.length === 2) throw new Error('timeout');
      return real(ref, cents, key);
    };
    const first = await refund(mine.map((x) => x.id));
    expect(first.statusCode).toBe(502);
    const [claim] = await t.db.select().from(refunds);
    expect(claim!.paymentRef).toBe('');
    expect(await sold()).toBe(5);

    // Another dialog's request for one of these tickets, after the claim went stale, finishes it.
    failSecond = false;
    await t.db.update(refunds).set({ createdAt: new Date(Date.now() - 120_000) });
    const other = await refund([mine[0]!.id], 'a-new-dialog-key');
    expect(other.statusCode).toBe(409);
    const [done] = await t.db.select().from(refunds);
    expect(done!.paymentRef).not.toBe('');
    expect(await sold()).toBe(3);
    // Each charge went to the provider under one key only, however many attempts there were.
    const keysByRef = new Map<string, Set<string>>();
    for (const c of calls) keysByRef.set(c.ref, (keysByRef.get(c.ref) ?? new Set()).add(c.key));
    expect([...keysByRef.values()].map((k) => k.size)).toEqual([1, 1]);
    t.app.payments.refund = real;
  });

  it('settles a refund once, returning the stock once, whoever else reaches it', async () => {
    const [x] = (await t.db.select().from(tickets).where(eq(tickets.status, 'valid'))).sort((a, b) => a.id - b.id);
    const before = await sold();
    const ok = await refund([x!.id]);
    expect(ok.statusCode).toBe(200);
    const deps = { db: t.db, payments: t.app.payments };
    await settleRefund(deps, partnerId, ok.json().data.refund_id);
    expect(await sold()).toBe(before - 1);
  });

  it('refuses a ticket its holder bought on resale', async () => {
    const [x] = (await t.db.select().from(tickets).where(eq(tickets.status, 'valid'))).sort((a, b) => a.id - b.id);
    const seller = await holderSession(t.app, t.db, 'other@fans.test');
    const listing = await t.app.inject({
      method: 'POST',
      url: `/api/holder/tickets/${x!.id}/resale`,
      payload: { price: 50 },
      headers: bearer(seller),
    });
    const bought = await t.app.inject({
      method: 'POST',
      url: `/api/public/partners/${partnerId}/resales/${listing.json().data.resale_id}/buy`,
      payload: { buyer: { email: 'second@fans.test', full_name: 'Second Hand' }, payment_method: '4242424242424242' },
    });
    expect(bought.statusCode).toBe(200);
    const res = await refund([x!.id]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      `Ticket ${x!.id} was bought on resale and cannot be refunded by the partner.`,
    );
  });
});
