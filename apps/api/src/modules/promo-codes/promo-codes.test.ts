import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { eq } from 'drizzle-orm';
import { addMember, bearer, createEvent, createPartnerWithAdmin, createUser, signIn } from '../../../test/seeders.ts';
import { eventDays } from '../../db/schema/index.ts';
import { recordSale } from '../checkout/index.ts';

describe('promo codes', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let org: Awaited<ReturnType<typeof createPartnerWithAdmin>>;
  let token: string;
  let types: { id: number }[];
  let eventId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    org = await createPartnerWithAdmin(t.db);
    token = await signIn(t.app, org.admin.email, org.partner.id);
    let event;
    ({ types, event } = await createEvent(t.db, org.partner.id, {
      name: 'Gala',
      days: [{ start: '2027-02-01T19:00:00Z', end: '2027-02-01T22:00:00Z' }],
      types: [
        { name: 'GA', priceCents: 4000, amount: 100 },
        { name: 'VIP', priceCents: 9000, amount: 20 },
      ],
    }));
    eventId = event.id;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as = token) =>
    t.app.inject({
      method,
      url,
      headers: bearer(as),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const promo = (code: string, extra: object = {}) => ({
    code,
    discount: 0,
    percentage: 0.15,
    coupon_type: 'percentage',
    start_date: '2026-12-01T12:00:00.000Z',
    end_date: '2026-12-03T12:00:00.000Z',
    draft: true,
    active: true,
    partner_id: org.partner.id,
    ...extra,
  });

  it('creates a draft, attaches ticket types with quantities, and publishes it', async () => {
    const created = await call('POST', '/api/promocodes', promo('SPRING15'));
    expect(created.statusCode).toBe(200);
    const { ID } = created.json().data;
    expect(created.json().data).toMatchObject({
      code: 'SPRING15',
      percentage: 0.15,
      coupon_type: 'percentage',
      draft: true,
      TicketTypes: [],
    });

    const attached = await call('POST', `/api/promocodes/${ID}/attach`, [
      { id: types[0]!.id, quantity: 50 },
      { id: types[1]!.id, quantity: -1 },
    ]);
    expect(attached.json().data.TicketTypes).toEqual([
      expect.objectContaining({ ID: types[0]!.id, name: 'GA', event_name: 'Gala', quantity: 50, used: 0 }),
      expect.objectContaining({ ID: types[1]!.id, name: 'VIP', quantity: -1 }),
    ]);
    const again = await call('POST', `/api/promocodes/${ID}/attach`, [{ id: types[0]!.id, quantity: 60 }]);
    expect(again.json().data.TicketTypes[0].quantity).toBe(60);

    const published = await call('PUT', `/api/promocodes/${ID}`, { ...promo('SPRING15'), draft: false });
    expect(published.json().data.draft).toBe(false);

    const detached = await call('DELETE', `/api/promocodes/detach/${ID}/${types[1]!.id}`);
    expect(detached.json().data.TicketTypes.map((x: { ID: number }) => x.ID)).toEqual([types[0]!.id]);
    expect((await call('DELETE', `/api/promocodes/detach/${ID}/${types[1]!.id}`)).statusCode).toBe(404);
  });

  it('never sets an attached quantity below what is already used', async () => {
    const { ID } = (await call('POST', '/api/promocodes', promo('USED', { draft: false }))).json().data;
    await call('POST', `/api/promocodes/${ID}/attach`, [{ id: types[0]!.id, quantity: 10 }]);
    const buyer = await createUser(t.db);
    const [day] = await t.db.select().from(eventDays).where(eq(eventDays.eventId, eventId));
    await t.db.transaction((tx) =>
      recordSale(tx, {
        partnerId: org.partner.id,
        eventId,
        eventDayId: day!.id,
        ticketTypeId: types[0]!.id,
        buyerId: buyer.id,
        quantity: 4,
        unitPriceCents: 3400,
        promocodeId: ID,
      }),
    );
    const lower = await call('POST', `/api/promocodes/${ID}/attach`, [{ id: types[0]!.id, quantity: 3 }]);
    expect(lower.statusCode).toBe(409);
    expect(lower.json().error.fields).toEqual({ quantity: 'at least 4' });
    expect((await call('POST', `/api/promocodes/${ID}/attach`, [{ id: types[0]!.id, quantity: 4 }])).statusCode).toBe(
      200,
    );
  });

  it('disables and activates with `active` alone, leaving the rest as it was', async () => {
    const { ID } = (
      await call('POST', '/api/promocodes', promo('TOGGLE', { coupon_type: 'flat', discount: 7.5, percentage: 0 }))
    ).json().data;
    const off = await call('PUT', `/api/promocodes/${ID}`, { active: false });
    expect(off.json().data).toMatchObject({ active: false, discount: 7.5, coupon_type: 'flat', draft: true });
    expect((await call('PUT', `/api/promocodes/${ID}`, { active: true })).json().data.active).toBe(true);
  });

  it('refuses a code already used by this partner, whatever its case, with the spec message', async () => {
    await call('POST', '/api/promocodes', promo('EARLY'));
    const dup = await call('POST', '/api/promocodes', promo('early'));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatchObject({
      message: 'Promocode name already used',
      fields: { code: 'Promocode name already used' },
    });
    const { ID } = (await call('POST', '/api/promocodes', promo('LATE'))).json().data;
    expect((await call('PUT', `/api/promocodes/${ID}`, { code: 'Early' })).statusCode).toBe(409);

    const other = await createPartnerWithAdmin(t.db);
    const theirs = await signIn(t.app, other.admin.email, other.partner.id);
    const elsewhere = await call('POST', '/api/promocodes', promo('EARLY', { partner_id: other.partner.id }), theirs);
    expect(elsewhere.statusCode).toBe(200);
  });

  it('keeps an unlimited promo (ending 1 January 1970) and refuses one that ends before it starts', async () => {
    const unlimited = await call('POST', '/api/promocodes', promo('FOREVER', { end_date: '1970-01-01T00:00:00.000Z' }));
    expect(unlimited.json().data.end_date).toBe('1970-01-01T00:00:00.000Z');
    const backwards = await call(
      'POST',
      '/api/promocodes',
      promo('BACKWARDS', { end_date: '2026-11-30T12:00:00.000Z' }),
    );
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().error.fields.end_date).toBe('the promo must end after it starts');
    expect((await call('POST', '/api/promocodes', promo('TOOMUCH', { percentage: 1.5 }))).statusCode).toBe(422);
    expect((await call('POST', '/api/promocodes', promo(''))).json().error.fields.code).toBe('code name is required');
  });

  it("refuses to attach another partner's ticket type, or to touch another partner's promo", async () => {
    const other = await createPartnerWithAdmin(t.db);
    const theirs = await signIn(t.app, other.admin.email, other.partner.id);
    const { types: foreign } = await createEvent(t.db, other.partner.id, {
      name: 'Theirs',
      days: [{ start: '2027-02-01T19:00:00Z', end: '2027-02-01T22:00:00Z' }],
      types: [{ name: 'X', priceCents: 100, amount: 10 }],
    });
    const { ID } = (await call('POST', '/api/promocodes', promo('MINE'))).json().data;
    const res = await call('POST', `/api/promocodes/${ID}/attach`, [{ id: foreign[0]!.id, quantity: 5 }]);
    expect(res.statusCode).toBe(404);
    expect((await call('GET', `/api/promocodes/${ID}`)).json().data.TicketTypes).toEqual([]);

    for (const [method, url, body] of [
      ['GET', `/api/promocodes/${ID}`],
      ['PUT', `/api/promocodes/${ID}`, { active: false }],
      ['POST', `/api/promocodes/${ID}/attach`, [{ id: foreign[0]!.id, quantity: 5 }]],
      ['GET', `/api/promocodes?partner_id=${org.partner.id}`],
    ] as const) {
      const r = await call(method, url, body, theirs);
      expect(r.statusCode, `${method} ${url}`).toBe(404);
      expect(r.body).not.toContain('MINE');
    }
  });

  it('lets box office staff read promo codes but not change them', async () => {
    const staff = await createUser(t.db);
    await addMember(t.db, org.partner.id, staff.id, 'BoxOffice');
    const staffToken = await signIn(t.app, staff.email, org.partner.id);
    expect((await call('GET', `/api/promocodes?partner_id=${org.partner.id}`, undefined, staffToken)).statusCode).toBe(
      200,
    );
    expect((await call('POST', '/api/promocodes', promo('STAFF'), staffToken)).statusCode).toBe(403);
  });
});
