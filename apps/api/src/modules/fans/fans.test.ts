import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { events, fanNotes, identityPins, outbox, users } from '../../db/schema/index.ts';

describe('fans', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let partnerId: number;
  let staff: string;
  let adminEmail: string;
  let memberId: number;
  let other: string;
  let otherPartnerId: number;
  let sale: { partnerId: number; eventId: number; dayId: number; typeId: number };
  const fanIds: Record<string, number> = {};

  const get = (url: string, token = staff) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, payload: object, token = staff) =>
    t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });

  beforeAll(async () => {
    t = await buildTestApp();
    const org = await createPartnerWithAdmin(t.db);
    partnerId = org.partner.id;
    adminEmail = org.admin.email;
    memberId = org.member.id;
    staff = await signIn(t.app, org.admin.email, partnerId);
    const rival = await createPartnerWithAdmin(t.db);
    otherPartnerId = rival.partner.id;
    other = await signIn(t.app, rival.admin.email, otherPartnerId);

    const { event, days, types } = await createEventOnSale(t.db, partnerId, [
      { name: 'GA', priceCents: 4000, amount: 100 },
    ]);
    sale = { partnerId, eventId: event.id, dayId: days[0]!.id, typeId: types[0]!.id };
    const buyers = [
      ['ada@fans.test', 'Ada Lovelace'],
      ['grace@fans.test', 'Grace Hopper'],
      ['alan@fans.test', 'Alan Turing'],
      ['linus@fans.test', 'LINUS Torvalds'],
    ] as const;
    for (const [email, full_name] of buyers) {
      const res = await buyTickets(t.app, sale, { email, full_name }, [{ ticket_type_id: sale.typeId, quantity: 2 }]);
      expect(res.statusCode).toBe(200);
    }
    for (const u of await t.db.select().from(users)) fanIds[u.email] = u.id;
    // A fan of the rival only.
    const rivalSale = await createEventOnSale(t.db, otherPartnerId, [{ name: 'VIP', priceCents: 9000, amount: 5 }]);
    await buyTickets(
      t.app,
      { partnerId: otherPartnerId, eventId: rivalSale.event.id, dayId: rivalSale.days[0]!.id },
      { email: 'rival-fan@fans.test', full_name: 'Ada Rival' },
      [{ ticket_type_id: rivalSale.types[0]!.id, quantity: 1 }],
    );
    fanIds['rival-fan@fans.test'] = (
      await t.db.select().from(users).where(eq(users.email, 'rival-fan@fans.test'))
    )[0]!.id;
  });
  afterAll(() => t.close());

  it('lists the partner’s buyers in name order, filtered by part of the full name in any case', async () => {
    const all = (await get(`/api/partners/${partnerId}/fans`)).json().data;
    expect(all.total).toBe(4);
    expect(all.data.map((f: { full_name: string }) => f.full_name)).toEqual([
      'Ada Lovelace',
      'Alan Turing',
      'Grace Hopper',
      'LINUS Torvalds',
    ]);
    const filtered = (await get(`/api/partners/${partnerId}/fans?search=${encodeURIComponent('linus t')}`)).json();
    expect(filtered.data).toEqual({
      data: [
        { ID: fanIds['linus@fans.test'], full_name: 'LINUS Torvalds', email: 'linus@fans.test', phone_number: '' },
      ],
      total: 1,
      total_capped: false,
    });
    const paged = (await get(`/api/partners/${partnerId}/fans?search=a&per_page=2&page=1`)).json().data;
    expect(paged.total).toBe(4);
    expect(paged.data.map((f: { email: string }) => f.email)).toEqual(['grace@fans.test', 'linus@fans.test']);
    // A % or _ in the filter is a character, not a wildcard.
    expect((await get(`/api/partners/${partnerId}/fans?search=%25`)).json().data.total).toBe(0);
  });

  it('keeps every partner’s fans to itself', async () => {
    expect((await get(`/api/partners/${partnerId}/fans`, other)).statusCode).toBe(404);
    const rivals = (await get(`/api/partners/${otherPartnerId}/fans`, other)).json().data;
    expect(rivals.data.map((f: { email: string }) => f.email)).toEqual(['rival-fan@fans.test']);
    const ada = fanIds['ada@fans.test'];
    expect((await get(`/api/analytics/fandata/${otherPartnerId}/${ada}`, other)).statusCode).toBe(404);
    expect((await get(`/api/analytics/fandata/${partnerId}/${fanIds['rival-fan@fans.test']}`)).statusCode).toBe(404);
    expect((await get(`/api/fan_notes/partners/${partnerId}/${ada}`, other)).statusCode).toBe(404);
    expect((await get(`/api/users/confirm_identity/${ada}/${otherPartnerId}?channel=email`, other)).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/partners/${partnerId}/fans` })).statusCode).toBe(401);
  });

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
      url: `/api/public/partners/${partnerId}/resales/${listing.resale_id}/buy`,
      payload: { buyer: { email: 'grace@fans.test', full_name: 'Grace Hopper' }, payment_method: '4242424242424242' },
    });
    expect(bought.statusCode).toBe(200);
    const graceTickets = (await get('/api/holder/tickets', await holderSession(t.app, t.db, 'grace@fans.test'))).json()
      .data as { ID: number; code: string }[];
    const resold = graceTickets.find((x) => x.ID === sold!.ID)!;
    expect(
      (await post(`/api/events/${sale.eventId}/check-in`, { code: resold.code, event_day_id: sale.dayId })).statusCode,
    ).toBe(200);

    const adaData = (await get(`/api/analytics/fandata/${partnerId}/${fanIds['ada@fans.test']}`)).json().data;
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

    const grace = (await get(`/api/analytics/fandata/${partnerId}/${fanIds['grace@fans.test']}`)).json().data;
    expect(grace.TicketHistory.Purchases.map((p: { PrimaryOrSecondary: string }) => p.PrimaryOrSecondary)).toEqual([
      'Secondary',
      'Primary',
    ]);
    expect(grace.TicketHistory.Attendance).toEqual([
      expect.objectContaining({ TicketType: 'GA', PrimaryOrSecondary: 'Secondary' }),
    ]);
    // The friend who was given a ticket is a fan now too.
    const friends = (await get(`/api/partners/${partnerId}/fans?search=friend`)).json().data;
    expect(friends.total).toBe(1);
  });

  it('adds notes in the member’s own name and lists them newest first', async () => {
    const fan = fanIds['alan@fans.test']!;
    const empty = await post('/api/fan_notes', { user_id: fan, partner_id: partnerId, note: '   ' });
    expect(empty.statusCode).toBe(422);
    // A colleague's member id is refused; one that names no member of this organisation is not found.
    const colleague = await addMember(t.db, partnerId, (await createUser(t.db)).id, 'Manager');
    const asColleague = { user_id: fan, partner_id: partnerId, member_id: colleague.id, note: 'x' };
    expect((await post('/api/fan_notes', asColleague)).statusCode).toBe(403);
    const asNobody = { user_id: fan, partner_id: partnerId, member_id: memberId + 1000, note: 'x' };
    expect((await post('/api/fan_notes', asNobody)).statusCode).toBe(404);
    expect((await post('/api/fan_notes', { user_id: fan, partner_id: otherPartnerId, note: 'x' })).statusCode).toBe(
      404,
    );
    const first = await post('/api/fan_notes', {
      user_id: fan,
      partner_id: partnerId,
      member_id: memberId,
      note: 'Called about parking',
    });
    expect(first.statusCode).toBe(200);
    await post('/api/fan_notes', { user_id: fan, partner_id: partnerId, note: '<b>Wants</b> a receipt' });
    const notes = (await get(`/api/fan_notes/partners/${partnerId}/${fan}`)).json().data;
    expect(notes).toEqual([
      expect.objectContaining({ note: '<b>Wants</b> a receipt', member_email: adminEmail }),
      expect.objectContaining({ note: 'Called about parking', member_email: adminEmail }),
    ]);
    expect(await t.db.select().from(fanNotes).where(eq(fanNotes.userId, fan))).toHaveLength(2);
  });

  it('confirms a fan’s identity with the PIN the fan received, and limits PIN requests', async () => {
    const fan = fanIds['grace@fans.test']!;
    const noPhone = await get(`/api/users/confirm_identity/${fan}/${partnerId}?channel=sms`);
    expect(noPhone.statusCode).toBe(422);
    const sent = await get(`/api/users/confirm_identity/${fan}/${partnerId}?channel=email`);
    expect(sent.json().data).toMatchObject({ channel: 'email', sent_to: 'g•••@fans.test' });
    expect(JSON.stringify(sent.json())).not.toMatch(/\d{6}/);
    const [mail] = await t.db
      .select()
      .from(outbox)
      // The PIN's mail, whatever else the fan was sent meanwhile (a purchase's confirmation goes later).
      .where(and(eq(outbox.to, 'grace@fans.test'), like(outbox.text, '%PIN is%')))
      .orderBy(desc(outbox.id))
      .limit(1);
    const pin = /PIN is (\d{6})/.exec(mail!.text)![1]!;
    const wrong = String((Number(pin) + 1) % 1_000_000).padStart(6, '0');
    const refused = await post(`/api/users/confirm_identity/${fan}/${partnerId}`, { pin: wrong });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('That PIN does not match. Ask the fan to read it again.');
    expect((await post(`/api/users/confirm_identity/${fan}/${otherPartnerId}`, { pin }, other)).statusCode).toBe(404);
    const confirmed = await post(`/api/users/confirm_identity/${fan}/${partnerId}`, { pin });
    expect(confirmed.json().data).toMatchObject({ confirmed: true });
    // A used PIN does not confirm twice.
    expect((await post(`/api/users/confirm_identity/${fan}/${partnerId}`, { pin })).statusCode).toBe(409);

    await t.db.update(users).set({ phoneNumber: '+1 555 0100 4321' }).where(eq(users.id, fan));
    const text = await get(`/api/users/confirm_identity/${fan}/${partnerId}?channel=sms`);
    expect(text.json().data.sent_to).toBe('••• 4321');
    const [sms] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'sms'), eq(outbox.to, '+1 555 0100 4321')));
    expect(sms!.text).toMatch(/PIN is \d{6}/);
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await get(`/api/users/confirm_identity/${fan}/${partnerId}?channel=email`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const pins = await t.db.select().from(identityPins).where(eq(identityPins.fanId, fan));
    expect(pins).toHaveLength(5);
  });

  it('mails the fan a password reset link', async () => {
    const res = await post(`/api/partners/${partnerId}/fans/${fanIds['alan@fans.test']}/reset-password`, {});
    expect(res.json().data).toEqual({ sent: true });
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, 'alan@fans.test'), like(outbox.subject, 'Reset your%')))
      .orderBy(desc(outbox.id));
    expect(mail!.subject).toBe('Reset your Partner Portal password');
    expect(
      (await post(`/api/partners/${otherPartnerId}/fans/${fanIds['alan@fans.test']}/reset-password`, {}, other))
        .statusCode,
    ).toBe(404);
  });

  it('shows a transfer in the recipient’s history as in the giver’s, and makes the recipient a fan', async () => {
    const show = await createEventOnSale(t.db, partnerId, [{ name: 'Balcony', priceCents: 3000, amount: 10 }], {
      name: 'Harbour Show',
    });
    await t.db.update(events).set({ timeZone: 'America/Los_Angeles' }).where(eq(events.id, show.event.id));
    const linusSale = { partnerId, eventId: show.event.id, dayId: show.days[0]!.id };
    const linusBuyer = { email: 'linus@fans.test', full_name: 'LINUS Torvalds' };
    const typeId = show.types[0]!.id;
    expect((await buyTickets(t.app, linusSale, linusBuyer, [{ ticket_type_id: typeId, quantity: 1 }])).statusCode).toBe(
      200,
    );
    const linus = await holderSession(t.app, t.db, 'linus@fans.test');
    const held = (await get('/api/holder/tickets', linus)).json().data as { ID: number; event_id: number }[];
    const ticket = held.find((x) => x.event_id === show.event.id)!;
    const give = (from: string, email: string, full_name: string) =>
      post(`/api/holder/tickets/${ticket.ID}/transfer`, { email, full_name }, from);
    expect((await give(linus, 'nora@fans.test', 'Nora Ephron')).statusCode).toBe(200);
    const nora = await holderSession(t.app, t.db, 'nora@fans.test');
    expect((await give(nora, 'alan@fans.test', 'Alan Turing')).statusCode).toBe(200);

    // Nora bought nothing here: the transfer alone made her a fan of the partner, and of it only.
    const found = (await get(`/api/partners/${partnerId}/fans?search=nora`)).json().data;
    expect(found.data).toEqual([expect.objectContaining({ email: 'nora@fans.test', full_name: 'Nora Ephron' })]);
    const noraId = found.data[0].ID as number;
    expect((await get(`/api/analytics/fandata/${otherPartnerId}/${noraId}`, other)).statusCode).toBe(404);

    const history = async (fanId: number) =>
      (await get(`/api/analytics/fandata/${partnerId}/${fanId}`)).json().data.TicketHistory;
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
