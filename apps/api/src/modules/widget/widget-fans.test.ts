import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SITE, suiteWidget } from '../../../test/fixtures/widget.ts';
import {
  bearer,
  createEvent,
  createEventOnSale,
  holderSession,
  newestMail,
  purchaseTickets,
} from '../../../test/seeders.ts';
import { events } from '../../db/schema/index.ts';

describe('the ticket widget', () => {
  const { t, org, rival, call } = suiteWidget();

  beforeAll(async () => {
    // The organisation's widget lives on SITE: its fans buy and sign in from there.
    const url = `/api/partners/${org.partnerId}/widget`;
    expect((await call('PATCH', url, { website_url: `${SITE}/tickets` }, bearer(org.token))).statusCode).toBe(200);
  });

  it('signs a fan in by an e-mailed link that returns to the partner page with a holder-only session', async () => {
    const { event, days, types } = await createEvent(t.db, org.partnerId, {
      days: [{ start: '2027-06-01T19:00:00Z', end: '2027-06-01T22:00:00Z' }],
      types: [{ name: 'GA', priceCents: 2000, amount: 10 }],
    });
    await t.db.update(events).set({ activeOnWidget: true, transferingAllowed: true }).where(eq(events.id, event.id));
    const bought = await call(
      'POST',
      '/api/public/checkout',
      {
        partner_id: org.partnerId,
        event_id: event.id,
        event_day_id: days[0]!.id,
        items: [{ ticket_type_id: types[0]!.id, quantity: 1 }],
        buyer: { email: 'ana@fans.test', full_name: 'Ana' },
        payment_method: '4242424242424242',
      },
      { origin: SITE },
    );
    expect(bought.statusCode).toBe(200);

    const link = `/api/public/partners/${org.partnerId}/widget/sign-in-link`;
    const elsewhere = await call('POST', link, { email: 'ana@fans.test', return_url: 'http://evil.example.test/x' });
    expect(elsewhere.statusCode).toBe(422);
    const sent = await call(
      'POST',
      link,
      { email: 'ana@fans.test', return_url: `${SITE}/tickets?x=1` },
      { origin: SITE },
    );
    expect(sent.json().data).toEqual({ sent: true });
    expect((await call('POST', link, { email: 'nobody@fans.test', return_url: `${SITE}/` })).json().data).toEqual({
      sent: true,
    });

    const mail = await newestMail(t.db, 'ana@fans.test', '%/widget/sign-in%');
    expect(mail!.subject).toBe('Your Harbour tickets');
    const mailed = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]);
    expect(mailed.pathname).toBe('/widget/sign-in');
    const code = mailed.searchParams.get('code')!;

    const landing = await call('GET', `/widget/sign-in?code=${code}`);
    expect(landing.headers['referrer-policy']).toBe('no-referrer');
    expect(landing.body).toContain('Continue');
    const form = (c: string) =>
      t.app.inject({
        method: 'POST',
        url: '/widget/sign-in',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `code=${encodeURIComponent(c)}`,
      });
    const done = await form(code);
    expect(done.statusCode).toBe(303);
    const back = new URL(done.headers.location!);
    expect(`${back.origin}${back.pathname}${back.search}`).toBe(`${SITE}/tickets?x=1`);
    const token = decodeURIComponent(/^#ppw_token=(.+)$/.exec(back.hash)![1]!);
    expect((await form(code)).statusCode).toBe(410);

    const mine = await call('GET', `/api/holder/partners/${org.partnerId}/tickets`, undefined, bearer(token));
    expect(mine.json().data).toEqual([expect.objectContaining({ event_id: event.id, transferable: true })]);
    const ticketId = mine.json().data[0].ID as number;
    // The session lives in a partner's page: it acts on that partner's tickets and nothing else.
    for (const [method, url, body] of [
      ['GET', `/api/holder/partners/${rival.partnerId}/tickets`],
      ['GET', '/api/holder/tickets'],
      ['POST', `/api/holder/tickets/${ticketId}/transfer`, { email: 'eve@fans.test' }],
      ['GET', '/api/partner/v1/auth/me'],
      ['POST', '/api/login/partner', { partner_id: org.partnerId }],
    ] as const) {
      expect((await call(method, url, body, bearer(token))).statusCode, url).toBe(403);
    }
    const transfer = (id: number) =>
      call(
        'POST',
        `/api/holder/partners/${org.partnerId}/tickets/${id}/transfer`,
        { email: 'ben@fans.test' },
        bearer(token),
      );
    expect((await transfer(ticketId + 1000)).statusCode).toBe(404);
    expect((await transfer(ticketId)).json().data).toEqual({ transferred: true });
    expect(
      (await call('GET', `/api/holder/partners/${org.partnerId}/tickets`, undefined, bearer(token))).json().data,
    ).toEqual([]);
  });
  it('lists the events on the widget soonest first, whatever order they were made in', async () => {
    const later = await createEventOnSale(t.db, org.partnerId, [{ name: 'GA', priceCents: 1000, amount: 5 }], {
      start: '2027-09-01T19:00:00Z',
    });
    const sooner = await createEventOnSale(t.db, org.partnerId, [{ name: 'GA', priceCents: 1000, amount: 5 }], {
      start: '2027-07-01T19:00:00Z',
    });
    const listed = (await call('GET', `/api/public/partners/${org.partnerId}/events`)).json().data as {
      ID: number;
      days: { start_date: string }[];
    }[];
    const ours = listed.filter((e) => [later.event.id, sooner.event.id].includes(e.ID));
    expect(ours.map((e) => e.ID)).toEqual([sooner.event.id, later.event.id]);
    const starts = listed.map((e) => e.days[0]!.start_date);
    expect(starts).toEqual([...starts].sort());
  });

  it('shows a refunded ticket to its holder as refunded, offered neither for transfer nor for sale', async () => {
    const sale = await createEventOnSale(t.db, org.partnerId, [{ name: 'GA', priceCents: 2000, amount: 10 }]);
    const bought = await purchaseTickets(t.app, sale, { email: 'rita@fans.test', full_name: 'Rita' }, 2);
    const [refunded, kept] = bought.map((x) => x.ID);
    const refund = await call(
      'POST',
      '/api/financial/refund',
      { ticket_ids: [refunded], amount: 20 },
      bearer(org.token),
    );
    expect(refund.statusCode).toBe(200);

    const rita = await holderSession(t.app, t.db, 'rita@fans.test');
    const mine = (await call('GET', `/api/holder/partners/${org.partnerId}/tickets`, undefined, bearer(rita))).json()
      .data;
    expect(mine).toEqual([
      expect.objectContaining({ ID: refunded, status: 'refunded', transferable: false, resellable: false }),
      expect.objectContaining({ ID: kept, status: 'valid', transferable: true, resellable: true }),
    ]);
    const moved = await call(
      'POST',
      `/api/holder/partners/${org.partnerId}/tickets/${refunded}/transfer`,
      { email: 'sam@fans.test' },
      bearer(rita),
    );
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.message).toBe('This ticket was refunded or cancelled.');
  });
});
