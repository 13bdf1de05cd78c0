import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { suiteWithFans } from '../../../test/fixtures/fans.ts';
import { bearer, createEventOnSale, holderSession, purchaseTickets } from '../../../test/seeders.ts';
import { events } from '../../db/schema/index.ts';

describe('fans', () => {
  const { t, org, rival, show, fanIds } = suiteWithFans();

  const get = (url: string, token = org.token) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, payload: object, token = org.token) =>
    t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });

  it('shows purchases, attendance, transfers and resales in the fan’s history', async () => {
    const ada = await holderSession(t.app, t.db, 'ada@fans.test');
    const held = (await get('/api/holder/tickets', ada)).json().data as { ID: number; code: string }[];
    expect(held).toHaveLength(2);
    const [given, sold] = held;
    expect(
      (await post(`/api/holder/tickets/${given!.ID}/transfer`, { email: 'friend@fans.test', full_name: 'Friend' }, ada))
        .statusCode,
    ).toBe(200);
    const listing = (await post(`/api/holder/tickets/${sold!.ID}/resale`, { price: 55 }, ada)).json().data;
    const bought = await t.app.inject({
      method: 'POST',
      url: `/api/public/partners/${org.partnerId}/resales/${listing.resale_id}/buy`,
      payload: { buyer: { email: 'grace@fans.test', full_name: 'Grace Hopper' }, payment_method: '4242424242424242' },
    });
    expect(bought.statusCode).toBe(200);
    const graceTickets = (await get('/api/holder/tickets', await holderSession(t.app, t.db, 'grace@fans.test'))).json()
      .data as { ID: number; code: string }[];
    const resold = graceTickets.find((x) => x.ID === sold!.ID)!;
    expect(
      (await post(`/api/events/${show.eventId}/check-in`, { code: resold.code, event_day_id: show.dayId })).statusCode,
    ).toBe(200);

    const adaData = (await get(`/api/analytics/fandata/${org.partnerId}/${fanIds['ada@fans.test']}`)).json().data;
    expect(adaData.PersonalInformation).toMatchObject({ full_name: 'Ada Lovelace', email: 'ada@fans.test' });
    expect(adaData.TicketHistory.Purchases).toEqual([
      expect.objectContaining({
        TicketType: 'GA',
        PrimaryOrSecondary: 'Primary',
        Quantity: 2,
        Price: 40,
        Status: 'completed',
        IsSlot: false,
      }),
    ]);
    expect(adaData.TicketHistory.Transfers).toEqual([
      expect.objectContaining({ TransferedFrom: 'ada@fans.test', TransferedTo: 'friend@fans.test', TicketType: 'GA' }),
    ]);
    expect(adaData.TicketHistory.TicketsSolds).toEqual([
      expect.objectContaining({ Price: 55, PrimaryOrSecondary: 'Primary', TicketType: 'GA' }),
    ]);

    const grace = (await get(`/api/analytics/fandata/${org.partnerId}/${fanIds['grace@fans.test']}`)).json().data;
    expect(grace.TicketHistory.Purchases.map((p: { PrimaryOrSecondary: string }) => p.PrimaryOrSecondary)).toEqual([
      'Secondary',
      'Primary',
    ]);
    expect(grace.TicketHistory.Attendance).toEqual([
      expect.objectContaining({ TicketType: 'GA', PrimaryOrSecondary: 'Secondary' }),
    ]);
    // The friend who was given a ticket is a fan now too.
    const friends = (await get(`/api/partners/${org.partnerId}/fans?search=friend`)).json().data;
    expect(friends.total).toBe(1);
  });

  it('shows a transfer in the recipient’s history as in the giver’s, and makes the recipient a fan', async () => {
    const harbour = await createEventOnSale(t.db, org.partnerId, [{ name: 'Balcony', priceCents: 3000, amount: 10 }], {
      name: 'Harbour Show',
    });
    await t.db.update(events).set({ timeZone: 'America/Los_Angeles' }).where(eq(events.id, harbour.event.id));
    await purchaseTickets(t.app, harbour, { email: 'linus@fans.test', full_name: 'LINUS Torvalds' });
    const linus = await holderSession(t.app, t.db, 'linus@fans.test');
    const held = (await get('/api/holder/tickets', linus)).json().data as { ID: number; event_id: number }[];
    const ticket = held.find((x) => x.event_id === harbour.event.id)!;
    const give = (from: string, email: string, full_name: string) =>
      post(`/api/holder/tickets/${ticket.ID}/transfer`, { email, full_name }, from);
    expect((await give(linus, 'nora@fans.test', 'Nora Ephron')).statusCode).toBe(200);
    const nora = await holderSession(t.app, t.db, 'nora@fans.test');
    expect((await give(nora, 'alan@fans.test', 'Alan Turing')).statusCode).toBe(200);

    // Nora bought nothing here: the transfer alone made her a fan of the partner, and of it only.
    const found = (await get(`/api/partners/${org.partnerId}/fans?search=nora`)).json().data;
    expect(found.data).toEqual([expect.objectContaining({ email: 'nora@fans.test', full_name: 'Nora Ephron' })]);
    const noraId = found.data[0].ID as number;
    expect((await get(`/api/analytics/fandata/${rival.partnerId}/${noraId}`, rival.token)).statusCode).toBe(404);

    const history = async (fanId: number) =>
      (await get(`/api/analytics/fandata/${org.partnerId}/${fanId}`)).json().data.TicketHistory;
    const shown = {
      Event: 'Harbour Show',
      EventDate: '2027-06-01T19:00:00.000Z',
      TimeZone: 'America/Los_Angeles',
      TicketType: 'Balcony',
    };
    const noraHistory = await history(noraId);
    expect(noraHistory.Purchases).toEqual([]);
    expect(noraHistory.Transfers).toEqual([
      expect.objectContaining({ ...shown, TransferedFrom: 'nora@fans.test', TransferedTo: 'alan@fans.test' }),
      expect.objectContaining({ ...shown, TransferedFrom: 'linus@fans.test', TransferedTo: 'nora@fans.test' }),
    ]);
    const [received] = noraHistory.Transfers.slice(1);
    const [purchase] = (await history(fanIds['linus@fans.test']!)).Purchases.filter(
      (p: { Event: string }) => p.Event === 'Harbour Show',
    );
    expect(received.DateOfPurchase).toBe(purchase.TransactionDate);
    const byShow = (rows: { Event: string }[]) => rows.filter((r) => r.Event === 'Harbour Show');
    expect(byShow((await history(fanIds['alan@fans.test']!)).Transfers)).toEqual([
      expect.objectContaining({ ...shown, TransferedFrom: 'nora@fans.test', TransferedTo: 'alan@fans.test' }),
    ]);
    expect(byShow((await history(fanIds['linus@fans.test']!)).Transfers)).toEqual([
      expect.objectContaining({ ...shown, TransferedFrom: 'linus@fans.test', TransferedTo: 'nora@fans.test' }),
    ]);
  });
});
