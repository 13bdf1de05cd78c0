import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { expectSumsAgree, kept, keptDays } from '../../../test/sales-recounts.ts';
import { bearer, buyTickets, createPromo, holderSession } from '../../../test/seeders.ts';
import { suiteOnSale } from '../../../test/suite.ts';
import { queryRows } from '../../db/client.ts';
import { seedBulk } from '../../db/seed/bulk.ts';
import { seedDemoIfEmpty } from '../../db/seed/demo.ts';
import { promocodeTicketTypes, tickets } from '../../db/schema/index.ts';
import { recordSale } from '../checkout/index.ts';

/**
 * The analytics sums on ticket_types are kept by every writer in its own transaction. After a mixed
 * run through the real routes (baskets of several types, promos down to 0, comps, a refused sale,
 * full and partial refunds, resales, a cancelled listing, transfers, check-ins), they must equal what
 * the rows say, counted two ways: from the tickets (with refund_tickets and resales) and from the
 * orders.
 */
describe('the per-ticket-type sales sums', () => {
  const { t, org, sale } = suiteOnSale([
    { name: 'GA', priceCents: 4000, amount: 50 },
    { name: 'VIP', priceCents: 10000, amount: 20 },
    { name: 'Guest list', priceCents: 0, amount: 20 },
  ]);
  let ga: number, vip: number, free: number;
  beforeAll(() => {
    [ga, vip, free] = sale.types.map((x) => x.id) as [number, number, number];
  });

  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
  const buyer = (name: string) => ({ email: `${name}@sums.test`, full_name: name });
  async function buy(name: string, items: { ticket_type_id: number; quantity: number }[], promo?: string) {
    const res = await buyTickets(t.app, sale, buyer(name), items, promo ? { promo_code: promo } : {});
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.tickets as { ID: number; code: string; ticket_type: string; price: number }[];
  }
  const refund = async (ticketIds: number[], amount: number) => {
    const res = await post('/api/financial/refund', { ticket_ids: ticketIds, amount, description: 'sums' }, org.token);
    expect(res.statusCode, res.body).toBe(200);
  };
  /** The event's sales by day as its analytics answer them (kept between calls), against its tickets. */
  async function expectSalesByDay(step: string) {
    const answered = (
      await t.app.inject({
        method: 'GET',
        url: `/api/events/${sale.eventId}/analytics?full_info=true`,
        headers: bearer(org.token),
      })
    ).json().data.sales.sales_by_day;
    const counted = await queryRows<{ date: string; sold: number; comps: number; value: number }>(
      t.db,
      sql`select to_char(t.created_at at time zone e.time_zone, 'YYYY-MM-DD') as date,
        count(*) filter (where t.price_paid_cents > 0)::int as sold, count(*) filter (where t.price_paid_cents = 0)::int as comps,
        sum(t.price_paid_cents)::float8 / 100 as value
      from tickets t join events e on e.id = t.event_id
      where t.event_id = ${sale.eventId} and t.status in ('valid', 'listed') group by 1 order by 1`,
    );
    expect(answered, `after ${step}: the analytics' sales by day`).toEqual(counted);
  }
  const checkIn = async (code: string) =>
    expect(
      (await post(`/api/events/${sale.eventId}/check-in`, { code, event_day_id: sale.dayId }, org.token)).statusCode,
    ).toBe(200);

  it('agree with the orders and tickets through sales, refunds, resales, transfers and check-ins', async () => {
    await expectSumsAgree(t.db, 'nothing sold');

    // Baskets of one to three types; a promo down to 0 on a paid type (a comp), 10 % off on another.
    const free100 = await createPromo(t.db, org.partnerId, ga, { code: 'ONTHEHOUSE', discountCents: 99_999 });
    await createPromo(t.db, org.partnerId, vip, { code: 'TENPC', couponType: 'percentage', percentage: 0.1 });
    await t.db.insert(promocodeTicketTypes).values({ promocodeId: free100.id, ticketTypeId: free, quantity: -1 });
    const ana = await buy('ana', [
      { ticket_type_id: ga, quantity: 3 },
      { ticket_type_id: vip, quantity: 2 },
    ]);
    const ben = await buy('ben', [
      { ticket_type_id: vip, quantity: 1 },
      { ticket_type_id: ga, quantity: 2 },
      { ticket_type_id: free, quantity: 2 },
    ]);
    const cy = await buy('cy', [{ ticket_type_id: ga, quantity: 2 }], 'ONTHEHOUSE');
    const dee = await buy('dee', [{ ticket_type_id: vip, quantity: 2 }], 'TENPC');
    const eve = await buy('eve', [
      { ticket_type_id: free, quantity: 3 },
      { ticket_type_id: ga, quantity: 1 },
    ]);
    expect(cy.map((x) => x.price)).toEqual([0, 0]);
    expect(dee.map((x) => x.price)).toEqual([90, 90]);
    await expectSumsAgree(t.db, 'sales');
    await expectSalesByDay('sales');

    // A sale refused by its stock guard leaves nothing behind.
    const [anaUser] = await queryRows<{ id: number }>(t.db, sql`select id from users where email = 'ana@sums.test'`);
    const refused = { partnerId: org.partnerId, eventId: sale.eventId, eventDayId: sale.dayId, buyerId: anaUser!.id };
    await expect(
      t.db.transaction((tx) => recordSale(tx, { ...refused, ticketTypeId: vip, quantity: 50, unitPriceCents: 10000 })),
    ).rejects.toThrow('Not enough tickets');
    await expectSumsAgree(t.db, 'a refused sale');

    // A sale three days ago at 02:00 UTC: the evening before, on the US west coast.
    const morning = new Date(
      Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() - 3, 2),
    );
    await t.db.transaction((tx) =>
      recordSale(tx, { ...refused, ticketTypeId: ga, quantity: 2, unitPriceCents: 4000, createdAt: morning }),
    );
    await expectSumsAgree(t.db, 'a sale days ago');
    await expectSalesByDay('a sale days ago');

    // Refunds: in full, in part (what is not paid back is kept), of a comp, across two types at once.
    await refund([ana[0]!.ID], 40);
    await refund([dee[0]!.ID], 30);
    await refund([cy[0]!.ID], 0);
    await refund([ben[0]!.ID, ben[1]!.ID, ben[3]!.ID], 10);
    await expectSumsAgree(t.db, 'refunds');
    await expectSalesByDay('refunds');

    // Check-ins, a transfer, a listing taken off sale, and two resales (one bought at a profit).
    await checkIn(ana[1]!.code);
    await checkIn(eve[0]!.code);
    const anaHolder = await holderSession(t.app, t.db, 'ana@sums.test');
    const eveHolder = await holderSession(t.app, t.db, 'eve@sums.test');
    expect((await post(`/api/holder/tickets/${eve[1]!.ID}/transfer`, buyer('fay'), eveHolder)).statusCode).toBe(200);
    expect((await post(`/api/holder/tickets/${ana[2]!.ID}/resale`, { price: 55 }, anaHolder)).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/holder/tickets/${ana[2]!.ID}/resale`,
          headers: bearer(anaHolder),
        })
      ).statusCode,
    ).toBe(200);
    await expectSumsAgree(t.db, 'check-ins, a transfer and a listing taken off sale');
    await expectSalesByDay('check-ins, a transfer and a listing taken off sale');

    const resell = async (ticketId: number, price: number, token: string, to: string) => {
      expect((await post(`/api/holder/tickets/${ticketId}/resale`, { price }, token)).statusCode).toBe(200);
      const offers = (
        await t.app.inject({ method: 'GET', url: `/api/public/partners/${org.partnerId}/resales` })
      ).json().data as { ID: number; ticket_id: number }[];
      const offer = offers.find((o) => o.ticket_id === ticketId)!;
      const bought = await post(`/api/public/partners/${org.partnerId}/resales/${offer.ID}/buy`, {
        buyer: buyer(to),
        payment_method: '4242424242424242',
      });
      expect(bought.statusCode, bought.body).toBe(200);
    };
    await resell(ana[3]!.ID, 150, anaHolder, 'gus');
    await resell(ana[2]!.ID, 37.5, anaHolder, 'hal');
    // One left listed: still in circulation, no royalty yet.
    expect((await post(`/api/holder/tickets/${eve[2]!.ID}/resale`, { price: 5 }, eveHolder)).statusCode).toBe(200);
    await expectSumsAgree(t.db, 'resales');
    await expectSalesByDay('resales');

    // A refund after all that, of a checked-in ticket and a transferred one.
    await refund([ana[1]!.ID, eve[1]!.ID], 15);
    await expectSumsAgree(t.db, 'the last refund');
    await expectSalesByDay('the last refund');

    // A new time zone moves the sales to the event's new calendar days.
    const utcDay = morning.toISOString().slice(0, 10);
    expect((await keptDays(t.db)).some((d) => d.ticket_type_id === ga && d.day === utcDay)).toBe(true);
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${sale.eventId}`,
      payload: { time_zone: 'America/Los_Angeles' },
      headers: bearer(org.token),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await expectSumsAgree(t.db, 'a new time zone');
    await expectSalesByDay('a new time zone');
    const eveBefore = new Date(morning.getTime() - 86_400_000).toISOString().slice(0, 10);
    expect((await keptDays(t.db)).filter((d) => d.ticket_type_id === ga).map((d) => d.day)).toContain(eveBefore);

    const [still] = await t.db.select().from(tickets).where(eq(tickets.id, eve[2]!.ID));
    expect(still!.status).toBe('listed');
    const sums = await kept(t.db);
    // Royalties (5 % of $150 and of $37.50) and what refunds kept, so the run tested something.
    expect(sums.reduce((s, x) => s + x.royalty_cents, 0)).toBe(750 + 188);
    expect(sums.reduce((s, x) => s + x.retained_cents, 0)).toBeGreaterThan(0);
    expect(sums.find((x) => x.id === ga)!.comps).toBeGreaterThan(0);

    // And the partner's pages read them.
    const overall = (
      await t.app.inject({ method: 'GET', url: `/api/events/analytics/${org.partnerId}`, headers: bearer(org.token) })
    ).json().data;
    const cents = sums.reduce((s, x) => s + x.sold_cents + x.retained_cents + x.royalty_cents, 0);
    expect(overall.gross_tickets_sold).toBe(sums.reduce((s, x) => s + x.sold, 0));
    expect(overall.gross_revenue).toBe(cents / 100);
    const billing = (
      await t.app.inject({ method: 'GET', url: `/api/analytics/billing/${org.partnerId}`, headers: bearer(org.token) })
    ).json().data;
    expect(billing).toEqual([expect.objectContaining({ ID: sale.eventId, gross_revenue: cents / 100 })]);
  });
});

describe('the sales sums after the seeds, which write rows by hand and in bulk', () => {
  it('agree with the rows after the demo data and the benchmark generator', async () => {
    const t = await buildTestApp();
    try {
      expect(await seedDemoIfEmpty(t.db, t.app.storage)).toBe(true);
      await expectSumsAgree(t.db, 'the demo data');
      const sums = await kept(t.db);
      expect(sums.reduce((s, x) => s + x.royalty_cents, 0)).toBeGreaterThan(0);
      await seedBulk(t.db, { orders: 3_000, fans: 200, events: 10 });
      await expectSumsAgree(t.db, 'the benchmark generator');
    } finally {
      await t.close();
    }
  });
});
