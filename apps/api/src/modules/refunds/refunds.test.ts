import { eq, inArray } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addMember, bearer, createUser, purchaseTickets, signIn } from '../../../test/seeders.ts';
import { suiteApp, suiteEventOnSale, suiteOrganisation } from '../../../test/suite.ts';
import { chainLedger, events, orders, refunds, tickets, ticketTypes, users } from '../../db/schema/index.ts';
import { splitRefund } from './split.ts';

describe('refunds', () => {
  const t = suiteApp();
  const org = suiteOrganisation(t);
  const rival = suiteOrganisation(t);
  const show = suiteEventOnSale(t, org, [
    { name: 'Stalls', priceCents: 4000, amount: 10 },
    { name: 'Balcony', priceCents: 1000, amount: 10 },
  ]);
  let fanId: number;
  let stalls: number;
  let balcony: number;
  let refundCalls: { ref: string; cents: number; key: string }[];
  let realRefund: typeof t.app.payments.refund;

  const get = (url: string, token = org.token) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const refund = (payload: object, token = org.token, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/financial/refund',
      payload,
      headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    });
  const ticketsOf = async (typeId: number) =>
    (await t.db.select().from(tickets).where(eq(tickets.ticketTypeId, typeId))).sort((a, b) => a.id - b.id);

  beforeAll(async () => {
    // Before any sale: the orders and the fan's history show the refund's moment in the event's zone.
    await t.db.update(events).set({ timeZone: 'Asia/Tokyo' }).where(eq(events.id, show.event.id));
    [stalls, balcony] = show.types.map((x) => x.id) as [number, number];
    const buyer = { email: 'rita@fans.test', full_name: 'Rita Moreno' };
    await purchaseTickets(t.app, show, buyer, 3);
    await purchaseTickets(t.app, { ...show, typeId: balcony }, buyer);
    fanId = (await t.db.select().from(users).where(eq(users.email, buyer.email)))[0]!.id;
    await t.app.mint();
    realRefund = t.app.payments.refund.bind(t.app.payments);
  });
  beforeEach(() => {
    refundCalls = [];
    t.app.payments.refund = async (ref, cents, key) => {
      refundCalls.push({ ref, cents, key });
      return realRefund(ref, cents, key);
    };
  });

  it('lists the events where the fan holds tickets, then that event’s tickets', async () => {
    const events = (await get(`/api/transactions/tickets_for_refund/${org.partnerId}/${fanId}`)).json().data;
    expect(events).toEqual([
      expect.objectContaining({
        EventID: show.event.id,
        Venue: 'Main Hall',
        TicketsOwned: 4,
        MinPrice: 10,
        MaxPrice: 40,
      }),
    ]);
    const list = (await get(`/api/transactions/tickets_for_refund/ticket_type/${show.event.id}/${fanId}`)).json().data;
    expect(list.map((x: { TicketType: string; Price: number }) => [x.TicketType, x.Price])).toEqual([
      ['Balcony', 10],
      ['Stalls', 40],
      ['Stalls', 40],
      ['Stalls', 40],
    ]);
    expect((await get(`/api/transactions/tickets_for_refund/${org.partnerId}/${fanId}`, rival.token)).statusCode).toBe(
      404,
    );
    const across = await get(`/api/transactions/tickets_for_refund/ticket_type/${show.event.id}/${fanId}`, rival.token);
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
    expect((await refund({ ticket_ids: [s!.id], amount: 1 }, rival.token)).statusCode).toBe(404);
    const clerk = await createUser(t.db);
    await addMember(t.db, org.partnerId, clerk.id, 'BoxOffice');
    const boxOffice = await signIn(t.app, clerk.email, org.partnerId);
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
    const other = await refund({ ticket_ids: [a!.id], amount: 1 }, org.token, 'another-key-123');
    expect(other.statusCode).toBe(409);
  });

  it('shows the refund in the fan’s history and in orders', async () => {
    const history = (await get(`/api/analytics/fandata/${org.partnerId}/${fanId}`)).json().data;
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
    const first = await refund({ ticket_ids: [b!.id], amount: 0 }, org.token, 'dialog-key-0001');
    expect(first.json().data).toMatchObject({ amount: 0, total: 0 });
    expect(refundCalls).toHaveLength(0);
    const second = await refund({ ticket_ids: [b!.id], amount: 0 }, org.token, 'dialog-key-0001');
    expect(second.json().data.refund_id).toBe(first.json().data.refund_id);
    const voided = await t.db
      .select()
      .from(tickets)
      .where(inArray(tickets.id, [b!.id]));
    expect(voided[0]!.status).toBe('refunded');
    // Its whole line was refunded: the line carries the refund, as a page of orders reads it.
    const [line] = await t.db.select().from(orders).where(eq(orders.id, voided[0]!.orderId));
    const [made] = await t.db.select().from(refunds).where(eq(refunds.id, first.json().data.refund_id));
    expect(line).toMatchObject({ transactionType: 'refunded', refundCents: 0, refundedAt: made!.createdAt });
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
