import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, holderSession as signInHolder, purchaseTickets } from '../../../test/seeders.ts';
import { suiteApp, suiteEventOnSale, suiteOrganisation } from '../../../test/suite.ts';
import { events, orders, resales, tickets } from '../../db/schema/index.ts';

describe('a ticket after the sale', () => {
  const t = suiteApp();
  const org = suiteOrganisation(t);
  const sale = suiteEventOnSale(t, org, [{ name: 'GA', priceCents: 4000, amount: 100 }]);

  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });

  async function buyOne(email: string) {
    const [ticket] = await purchaseTickets(t.app, sale, { email, full_name: email.split('@')[0]! });
    // The background pass that follows a sale, run now: the ledger then holds every ticket bought.
    await t.app.mint();
    return ticket!;
  }

  const holderSession = (email: string) => signInHolder(t.app, t.db, email);
  const checkIn = (code: string) =>
    post(`/api/events/${sale.eventId}/check-in`, { code, event_day_id: sale.dayId }, org.token);

  it('lets a holder see and transfer a ticket; the old code then fails at the gate with its reason', async () => {
    const bought = await buyOne('ana@fans.test');
    const ana = await holderSession('ana@fans.test');
    const mine = (await t.app.inject({ method: 'GET', url: '/api/holder/tickets', headers: bearer(ana) })).json().data;
    expect(mine).toEqual([
      expect.objectContaining({ ID: bought.ID, code: bought.code, transferable: true, resellable: true }),
    ]);

    const given = await post(
      `/api/holder/tickets/${bought.ID}/transfer`,
      { email: 'ben@fans.test', full_name: 'Ben' },
      ana,
    );
    expect(given.statusCode).toBe(200);
    const ben = await holderSession('ben@fans.test');
    const [bens] = (await t.app.inject({ method: 'GET', url: '/api/holder/tickets', headers: bearer(ben) })).json()
      .data;
    expect(bens.ID).toBe(bought.ID);
    expect(bens.code).not.toBe(bought.code);

    const old = await checkIn(bought.code);
    expect(old.statusCode).toBe(409);
    expect(old.json().error.message).toBe('This ticket was transferred to someone else; their ticket has a new code.');
    const admitted = await checkIn(bens.code.toLowerCase());
    expect(admitted.json().data).toMatchObject({ ticket_id: bought.ID, holder: 'Ben', ticket_type: 'GA' });
    const twice = await checkIn(bens.code);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toMatch(/^This ticket was already admitted at \d{1,2}:\d{2} [AP]M\.$/);
    expect(
      (await post(`/api/holder/tickets/${bought.ID}/transfer`, { email: 'cy@fans.test' }, ben)).json().error.message,
    ).toBe('This ticket has already been used at the gate.');
    expect((await post(`/api/holder/tickets/${bought.ID}/transfer`, { email: 'cy@fans.test' }, ana)).statusCode).toBe(
      404,
    );
  });

  it('sells a listed ticket once, records the royalty, and refuses a listed or refunded code at the gate', async () => {
    const bought = await buyOne('dee@fans.test');
    const dee = await holderSession('dee@fans.test');
    const listed = await post(`/api/holder/tickets/${bought.ID}/resale`, { price: 60 }, dee);
    expect(listed.statusCode).toBe(200);
    expect((await checkIn(bought.code)).json().error.message).toBe(
      'This ticket is listed for resale and cannot be used until it is taken off sale.',
    );
    const offers = (await t.app.inject({ method: 'GET', url: `/api/public/partners/${org.partnerId}/resales` })).json()
      .data;
    const offer = offers.find((o: { ticket_id: number }) => o.ticket_id === bought.ID);
    expect(offer).toMatchObject({ price: 60, ticket_type: 'GA' });

    const buyUrl = `/api/public/partners/${org.partnerId}/resales/${offer.ID}/buy`;
    const own = await post(buyUrl, {
      buyer: { email: 'dee@fans.test', full_name: 'Dee' },
      payment_method: '4242424242424242',
    });
    expect(own.statusCode).toBe(409);
    const declined = await post(buyUrl, {
      buyer: { email: 'eve@fans.test', full_name: 'Eve' },
      payment_method: '4000000000000002',
    });
    expect(declined.statusCode).toBe(402);
    const bought2 = await post(buyUrl, {
      buyer: { email: 'eve@fans.test', full_name: 'Eve' },
      payment_method: '4242424242424242',
    });
    expect(bought2.json().data).toMatchObject({ price: 60 });
    expect(
      (await post(buyUrl, { buyer: { email: 'fay@fans.test', full_name: 'Fay' }, payment_method: '4242424242424242' }))
        .statusCode,
    ).toBe(404);

    const [order] = await t.db.select().from(orders).where(eq(orders.id, bought2.json().data.order_id));
    expect(order).toMatchObject({ transactionType: 'secondary_sold', totalCents: 6000 });
    const [resale] = await t.db.select().from(resales).where(eq(resales.id, offer.ID));
    expect(resale).toMatchObject({ status: 'sold', royaltyCents: 300 });

    const eve = await holderSession('eve@fans.test');
    const [eves] = (await t.app.inject({ method: 'GET', url: '/api/holder/tickets', headers: bearer(eve) })).json()
      .data;
    await t.db
      .update(tickets)
      .set({ status: 'refunded' })
      .where(and(eq(tickets.id, eves.ID)));
    expect((await checkIn(eves.code)).json().error.message).toBe('This ticket was refunded.');
    expect((await checkIn('NOSUCHCODE00')).statusCode).toBe(404);
  });

  it('refuses a transfer when the event does not allow it, and keeps the ledger chained', async () => {
    const bought = await buyOne('gus@fans.test');
    const gus = await holderSession('gus@fans.test');
    await t.db.update(events).set({ transferingAllowed: false }).where(eq(events.id, sale.eventId));
    const res = await post(`/api/holder/tickets/${bought.ID}/transfer`, { email: 'hal@fans.test' }, gus);
    expect(res.json().error.message).toBe('Transfers are not allowed for this event.');
    await t.db.update(events).set({ transferingAllowed: true }).where(eq(events.id, sale.eventId));
    const verified = await t.app.chain.verify();
    expect(verified.ok).toBe(true);
    expect(verified.records).toBeGreaterThanOrEqual(5);
  });
});
