import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { addMember, bearer, createPartnerWithAdmin, createUser, signIn } from '../../../test/seeders.ts';
import { partners, permissions, rolePermissions, roles } from '../../db/schema/index.ts';
import { periodOf } from '../../lib/periods.ts';
import { seedKnownSales } from '../../../test/fixtures/known-sales.ts';

const DAY = 86_400_000;

describe('analytics and billing on a hand-made data set', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let partnerId: number;
  let token: string;
  let known: Awaited<ReturnType<typeof seedKnownSales>>;

  beforeAll(async () => {
    t = await buildTestApp();
    const org = await createPartnerWithAdmin(t.db, { platformFee: 0.1 });
    partnerId = org.partner.id;
    known = await seedKnownSales(t.db, partnerId);
    token = await signIn(t.app, org.admin.email, partnerId);
  });
  afterAll(() => t.close());

  const get = (url: string, as = token) => t.app.inject({ method: 'GET', url, headers: bearer(as) });
  /** The local calendar day k days from today, in the event's zone. */
  const day = (k: number) => new Date(known.M + k * DAY).toISOString().slice(0, 10);

  it('computes every figure of one event, in its own time zone', async () => {
    const res = await get(`/api/events/${known.a.id}/analytics?full_info=true`);
    expect(res.statusCode).toBe(200);
    const { ga, vip, guest } = known.types;
    expect(res.json().data).toEqual({
      ID: known.a.id,
      name: 'Analytics Night',
      time_zone: 'Pacific/Honolulu',
      start_date: new Date(known.M + 10 * DAY + 20 * 3_600_000).toISOString(),
      onSale: true,
      tickets_sold: 7, // GA 2 + 2 + 1, VIP 2: refunded, cancelled and comps left out, the resale not counted twice
      ticket_sold_value: 480, // 2 × 50 + 2 × 45 + 50 + 2 × 120
      tickets_open: 106, // GA 100 − 6 − 10, VIP 20 − 2 − 2, Guest list 10 − 4
      tickets_open_value: 6120, // 84 × 50 + 16 × 120
      total_gross_potential: 6600,
      tickets_comps: 5,
      tickets_value: 540, // 6 GA and 2 VIP at face value
      sales: {
        total_face_value: 7400,
        sold: 7,
        opens: 106,
        sales_today: 1, // the 23:59 sale belongs to yesterday
        average_sold_per_day: 1.17, // 7 over the 6 days since the first sale, today included
        required_per_day_for_sellout: 9.64, // 106 over the 11 days left, today included
        days_left: 11,
        sales_by_day: [
          { date: day(-5), sold: 2, comps: 0, value: 100 },
          { date: day(-3), sold: 0, comps: 5, value: 0 },
          { date: day(-2), sold: 2, comps: 0, value: 240 },
          { date: day(-1), sold: 2, comps: 0, value: 90 },
          { date: day(0), sold: 1, comps: 0, value: 50 },
        ],
      },
      inventory: {
        sold: 7,
        comps: 5,
        holds: 12,
        opens: 106,
        tickets_distributed: 12,
        by_ticket_type: [
          { ID: ga.id, name: 'GA', price: 50, amount: 100, sold: 5, comps: 1, holds: 10, opens: 84, checked_in: 2 },
          { ID: vip.id, name: 'VIP', price: 120, amount: 20, sold: 2, comps: 0, holds: 2, opens: 16, checked_in: 1 },
          {
            ID: guest.id,
            name: 'Guest list',
            price: 0,
            amount: 10,
            sold: 0,
            comps: 4,
            holds: 0,
            opens: 6,
            checked_in: 1,
          },
        ],
      },
      attendance: {
        total_attendance: 4, // the refunded ticket's check-in is not counted
        attendance_by_ticket_type: [
          { ID: ga.id, name: 'GA', checked_in: 2, distributed: 6 },
          { ID: vip.id, name: 'VIP', checked_in: 1, distributed: 2 },
          { ID: guest.id, name: 'Guest list', checked_in: 1, distributed: 4 },
        ],
      },
    });
  });

  it('leaves the day-by-day detail to full_info, and closes the sale of a past event', async () => {
    const short = (await get(`/api/events/${known.a.id}/analytics`)).json().data;
    expect(short.sales.sales_by_day).toBeUndefined();
    expect(short.inventory.by_ticket_type).toBeUndefined();
    expect(short.tickets_sold).toBe(7);

    const past = (await get(`/api/events/${known.b.id}/analytics`)).json().data;
    expect(past).toMatchObject({ onSale: false, tickets_sold: 3, ticket_sold_value: 90, tickets_open: 47 });
    // Sales ran from day −45 to the event's day −40: 6 days; none are left.
    expect(past.sales).toMatchObject({ average_sold_per_day: 0.5, required_per_day_for_sellout: 0, days_left: 0 });
    expect(past.attendance.total_attendance).toBe(2);
  });

  it('sums the partner, orders its events by sales and groups the cards by the event list periods', async () => {
    const res = await get(`/api/events/analytics/${partnerId}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      gross_tickets_sold: 10,
      gross_revenue: 602.5, // 480 + 90 of tickets, 25 kept of a half refund, 7.50 of resale royalty
      secondary_royalties: 7.5,
      total_events: 3,
    });
    expect(data.ordered_by_sells.map((e: { name: string }) => e.name)).toEqual([
      'Analytics Night',
      'Past Gala',
      'Empty Matinee',
    ]);
    const cards = data.event_analytics.flatMap((g: { events: { name: string }[] }) => g.events);
    expect(cards.map((c: { name: string }) => c.name)).toEqual(['Past Gala', 'Analytics Night', 'Empty Matinee']);
    for (const group of data.event_analytics)
      for (const card of group.events) expect(group.period).toBe(periodOf(card.start_date, card.time_zone));
    const single = (await get(`/api/events/${known.a.id}/analytics`)).json().data;
    const { sales: _s, inventory: _i, attendance: _a, ...summary } = single;
    expect(cards[1]).toEqual(summary);
    expect(cards[2]).toMatchObject({ tickets_sold: 0, tickets_open: 0, total_gross_potential: 0 });
  });

  it('answers the billing history from the partner platform fee, newest event first', async () => {
    const res = await get(`/api/analytics/billing/${partnerId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        ID: known.a.id,
        event_name: 'Analytics Night',
        partner_percentage: 0.9,
        provider_percentage: 0.1,
        gross_revenue: 512.5,
        partner_amount: 461.25,
        provider_amount: 51.25,
        date: new Date(known.M + 10 * DAY + 20 * 3_600_000).toISOString(),
        time_zone: 'Pacific/Honolulu',
      },
      expect.objectContaining({ ID: known.b.id, gross_revenue: 90, partner_amount: 81, provider_amount: 9 }),
    ]);
    await t.db.update(partners).set({ platformFee: 0.05 }).where(eq(partners.id, partnerId));
    const [row] = (await get(`/api/analytics/billing/${partnerId}`)).json().data;
    expect(row).toMatchObject({ partner_percentage: 0.95, provider_percentage: 0.05, provider_amount: 25.63 });
    await t.db.update(partners).set({ platformFee: 0.1 }).where(eq(partners.id, partnerId));
  });

  it('keeps another partner out, asks for a token and for the view_analytics permission', async () => {
    const other = await createPartnerWithAdmin(t.db);
    const otherToken = await signIn(t.app, other.admin.email, other.partner.id);
    expect((await get(`/api/events/${known.a.id}/analytics`, otherToken)).statusCode).toBe(404);
    expect((await get(`/api/events/analytics/${partnerId}`, otherToken)).statusCode).toBe(404);
    expect((await get(`/api/analytics/billing/${partnerId}`, otherToken)).statusCode).toBe(404);
    expect((await get(`/api/events/999999/analytics`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/events/analytics/${partnerId}` })).statusCode).toBe(401);

    const [gate] = await t.db.insert(roles).values({ name: 'gate', value: 'GateOnly' }).returning();
    const [checkIn] = await t.db.select().from(permissions).where(eq(permissions.value, 'check_in'));
    await t.db.insert(rolePermissions).values({ roleId: gate!.id, permissionId: checkIn!.id });
    const gatekeeper = await createUser(t.db);
    await addMember(t.db, partnerId, gatekeeper.id, 'GateOnly');
    const gateToken = await signIn(t.app, gatekeeper.email, partnerId);
    expect((await get(`/api/events/analytics/${partnerId}`, gateToken)).statusCode).toBe(403);
    expect((await get(`/api/events/${known.a.id}/analytics`, gateToken)).statusCode).toBe(403);
  });

  it('still answers the event detail at /events/:id beside /events/analytics/:partnerId', async () => {
    const res = await get(`/api/events/${known.a.id}`);
    expect(res.json().data.name).toBe('Analytics Night');
    expect((await get('/api/events/analytics/abc')).statusCode).toBe(422);
  });

  it('counts sold and comps on the event summary’s ticket types as its analytics do', async () => {
    const summary = (await get(`/api/events/${known.a.id}`)).json().data.ticket_types;
    const analytics = (await get(`/api/events/${known.a.id}/analytics?full_info=true`)).json().data;
    const counts = (types: { name: string; sold: number; comps: number }[]) =>
      types.map(({ name, sold, comps }) => ({ name, sold, comps }));
    // GA's $0 promo ticket is a comp in both; the stock counter (6 taken) is not what either calls sold.
    expect(counts(summary)).toEqual([
      { name: 'GA', sold: 5, comps: 1 },
      { name: 'VIP', sold: 2, comps: 0 },
      { name: 'Guest list', sold: 0, comps: 4 },
    ]);
    expect(counts(summary)).toEqual(counts(analytics.inventory.by_ticket_type));
    const sum = (key: 'sold' | 'comps') =>
      summary.reduce((n: number, x: { sold: number; comps: number }) => n + x[key], 0);
    expect([sum('sold'), sum('comps')]).toEqual([analytics.tickets_sold, analytics.tickets_comps]);
  });
});
