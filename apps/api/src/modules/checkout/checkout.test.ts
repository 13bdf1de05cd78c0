import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEvent, createPromo } from '../../../test/seeders.ts';
import { suiteApp, suiteOrganisation } from '../../../test/suite.ts';
import { queryRows } from '../../db/client.ts';
import { events, orders, type promocodes, promocodeTicketTypes, tickets, ticketTypes } from '../../db/schema/index.ts';

const PAID = '4242 4242 4242 4242';
const DECLINED = '4000000000000002';

describe('checkout', () => {
  const t = suiteApp();
  const org = suiteOrganisation(t);

  async function onSale(amount: number, priceCents = 5000) {
    const { event, days, types } = await createEvent(t.db, org.partnerId, {
      days: [{ start: '2027-06-01T19:00:00Z', end: '2027-06-01T22:00:00Z' }],
      types: [{ name: 'GA', priceCents, amount }],
    });
    await t.db.update(events).set({ activeOnWidget: true }).where(eq(events.id, event.id));
    return { eventId: event.id, dayId: days[0]!.id, typeId: types[0]!.id };
  }
  const buy = (s: { eventId: number; dayId: number; typeId: number }, extra: Record<string, unknown> = {}, n = 0) =>
    t.app.inject({
      method: 'POST',
      url: '/api/public/checkout',
      payload: {
        partner_id: org.partnerId,
        event_id: s.eventId,
        event_day_id: s.dayId,
        items: [{ ticket_type_id: s.typeId, quantity: 1 }],
        buyer: { email: `buyer${n}@fans.test`, full_name: `Buyer ${n}` },
        payment_method: PAID,
        ...extra,
      },
    });
  const promo = (code: string, typeId: number, values: Partial<typeof promocodes.$inferInsert>, quantity = -1) =>
    createPromo(t.db, org.partnerId, typeId, { code, ...values }, quantity);

  it('sells at the database price, with a flat or a percentage promo, never below zero', async () => {
    const s = await onSale(100, 4500);
    await promo('FIVEOFF', s.typeId, { couponType: 'flat', discountCents: 500 });
    await promo('TENPC', s.typeId, { couponType: 'percentage', percentage: 0.1 });
    await promo('FREEBIE', s.typeId, { couponType: 'flat', discountCents: 9999 });
    const plain = await buy(s, { items: [{ ticket_type_id: s.typeId, quantity: 2 }] });
    expect(plain.json().data).toMatchObject({ total: 90, tickets: [{ price: 45 }, { price: 45 }] });
    expect((await buy(s, { promo_code: 'fiveoff' })).json().data.total).toBe(40);
    expect((await buy(s, { promo_code: 'TENPC' })).json().data.total).toBe(40.5);
    expect((await buy(s, { promo_code: 'FREEBIE', payment_method: DECLINED })).json().data.total).toBe(0);

    const [type] = await t.db.select().from(ticketTypes).where(eq(ticketTypes.id, s.typeId));
    expect(type!.sold).toBe(5);
    await t.app.mint();
    const written = await t.db.select().from(tickets).where(eq(tickets.ticketTypeId, s.typeId));
    expect(written).toHaveLength(5);
    expect(written.every((x) => x.tokenId && x.mintedAt)).toBe(true);
    expect(await t.app.chain.verify()).toMatchObject({ ok: true });
  });

  it('refuses a promo used up for its type, and still sells the type to the next buyer without it', async () => {
    const s = await onSale(10);
    await promo('ONCEONLY', s.typeId, { couponType: 'flat', discountCents: 500 }, 1);
    expect((await buy(s, { promo_code: 'ONCEONLY' }, 1)).statusCode).toBe(200);
    const refused = await buy(s, { promo_code: 'ONCEONLY' }, 2);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('This promo code has been used up for this ticket type.');
    // The refusal was the promo's, not the stock's: nobody else is told the type is sold out.
    expect((await buy(s, {}, 3)).statusCode).toBe(200);
  });

  it('writes nothing when the card is declined', async () => {
    const s = await onSale(10);
    const res = await buy(s, { payment_method: DECLINED });
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({ code: 'payment_declined', message: 'Your card was declined.' });
    expect(await t.db.select().from(orders).where(eq(orders.eventId, s.eventId))).toHaveLength(0);
    const [type] = await t.db.select().from(ticketTypes).where(eq(ticketTypes.id, s.typeId));
    expect(type!.sold).toBe(0);
  });

  it('refuses a promo that is disabled, a draft, not yet open, ended or not for these tickets', async () => {
    const s = await onSale(10);
    const other = await onSale(10);
    await promo('OFF1', s.typeId, { active: false });
    await promo('OFF2', s.typeId, { draft: true });
    await promo('OFF3', s.typeId, { startDate: new Date(Date.now() + 86_400_000) });
    await promo('OFF4', s.typeId, {
      endDate: new Date(Date.now() - 1000),
      startDate: new Date(Date.now() - 86_400_000),
    });
    await promo('ELSEWHERE', other.typeId, { discountCents: 100 });
    for (const code of ['OFF1', 'OFF2', 'OFF3', 'OFF4', 'NOPE', 'ELSEWHERE']) {
      const res = await buy(s, { promo_code: code });
      expect(res.statusCode, code).toBe(422);
      expect(res.json().error.fields).toHaveProperty('promo_code');
    }
    expect(await t.db.select().from(orders).where(eq(orders.eventId, s.eventId))).toHaveLength(0);
  });

  it('never oversells: 200 concurrent buyers for 50 tickets buy exactly 50', async () => {
    const s = await onSale(50);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => buy(s, {}, 1000 + i)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(50);
    expect(codes.filter((c) => c !== 200).every((c) => c === 409)).toBe(true);
    const [counts] = await queryRows<{ sold: number; tickets: number; orders: number }>(
      t.db,
      sql`select (select sold from ticket_types where id = ${s.typeId}) as sold,
        (select count(*)::int from tickets where ticket_type_id = ${s.typeId}) as tickets,
        (select count(*)::int from orders where ticket_type_id = ${s.typeId}) as orders`,
    );
    expect(counts).toEqual({ sold: 50, tickets: 50, orders: 50 });
  });

  it('holds a promo quantity under concurrency', async () => {
    const s = await onSale(100);
    await promo('LIMITED', s.typeId, { couponType: 'percentage', percentage: 0.5 }, 5);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => buy(s, { promo_code: 'LIMITED' }, 2000 + i)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
    const [usage] = await t.db
      .select()
      .from(promocodeTicketTypes)
      .where(eq(promocodeTicketTypes.ticketTypeId, s.typeId));
    expect(usage!.used).toBe(5);
  });

  it('lists only events on the widget, with what is left', async () => {
    const s = await onSale(20);
    await buy(s, { items: [{ ticket_type_id: s.typeId, quantity: 3 }] });
    const hidden = await createEvent(t.db, org.partnerId, {
      name: 'Not on the widget',
      days: [{ start: '2027-06-01T19:00:00Z', end: '2027-06-01T22:00:00Z' }],
      types: [{ name: 'GA', priceCents: 100, amount: 5 }],
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/public/partners/${org.partnerId}/events` });
    const listed = res.json().data as { ID: number; ticket_types: { ID: number; left: number }[] }[];
    expect(listed.map((e) => e.ID)).toContain(s.eventId);
    expect(listed.map((e) => e.ID)).not.toContain(hidden.event.id);
    expect(listed.find((e) => e.ID === s.eventId)!.ticket_types[0]).toMatchObject({ ID: s.typeId, left: 17 });
  });
});
