import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { bearer, signIn } from '../../../test/seeders.ts';
import { queryRows } from '../client.ts';
import { demoLogin, seedDemoIfEmpty } from './demo.ts';

describe('demo data', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let seeded: boolean;

  beforeAll(async () => {
    t = await buildTestApp();
    seeded = await seedDemoIfEmpty(t.db, t.app.storage);
  }, 120_000);
  afterAll(() => t.close());

  const rows = <T>(query: SQL) => queryRows<T>(t.db, query);

  it('is written once, into an empty database only', async () => {
    expect(seeded).toBe(true);
    expect(await seedDemoIfEmpty(t.db, t.app.storage)).toBe(false);
  });

  it('keeps every sold counter equal to the tickets in circulation', async () => {
    const types = await rows<{ id: number; sold: number; live: number; holds: number; amount: number }>(sql`
      select tt.id, tt.sold, tt.holds_amount as holds, tt.amount,
        (select count(*)::int from tickets t where t.ticket_type_id = tt.id and t.status in ('valid', 'listed')) as live
      from ticket_types tt`);
    expect(types.length).toBeGreaterThan(5);
    for (const type of types) {
      expect(type.sold).toBe(type.live);
      expect(type.sold + type.holds).toBeLessThanOrEqual(type.amount);
    }
    const days = await rows<{ sold: number; live: number; quantity: number }>(sql`
      select d.sold, d.quantity,
        (select count(*)::int from tickets t where t.event_day_id = d.id and t.status in ('valid', 'listed')) as live
      from event_days d`);
    for (const day of days) {
      expect(day.sold).toBe(day.live);
      if (day.quantity > 0) expect(day.sold).toBeLessThanOrEqual(day.quantity);
    }
  });

  it('has events of each kind, and orders of each outcome', async () => {
    const [kinds] = await rows<{ single: number; multi: number; slots: number; series: number }>(sql`
      select
        count(*) filter (where not e.time_slots and e.recurrence_id is null and d.n = 1)::int as single,
        count(*) filter (where not e.time_slots and d.n > 1)::int as multi,
        count(*) filter (where e.time_slots and d.n > 1)::int as slots,
        count(distinct e.recurrence_id)::int as series
      from events e join (select event_id, count(*) as n from event_days group by event_id) d on d.event_id = e.id`);
    expect(kinds).toMatchObject({ single: expect.any(Number), multi: 1, slots: 1, series: 1 });
    expect(kinds!.single).toBeGreaterThan(0);

    const outcomes = await rows<{ transaction_type: string }>(sql`select distinct transaction_type from orders`);
    expect(outcomes.map((o) => o.transaction_type).sort()).toEqual([
      'primary_sold',
      'refunded',
      'sale_canceled',
      'secondary_sold',
    ]);
    const [refunds] = await rows<{ refunded: number; per_ticket: number }>(sql`
      select (select sum(amount_cents) from refunds)::int as refunded,
             (select sum(amount_cents) from refund_tickets)::int as per_ticket`);
    expect(refunds!.refunded).toBe(refunds!.per_ticket);
    expect(refunds!.refunded).toBeGreaterThan(0);
  });

  it('signs in with the printed demo login and lists the seeded events', async () => {
    const users = await signIn(t.app, demoLogin.email, undefined, demoLogin.password);
    const me = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(users) });
    const partners = me.json().data[0].Partners as { ID: number; name: string }[];
    expect(partners.map((p) => p.name)).toEqual(['Harbour Lights Live', 'Northfield Arts Centre']);
    const token = await signIn(t.app, demoLogin.email, partners[0]!.ID, demoLogin.password);
    const events = await t.app.inject({
      method: 'GET',
      url: `/api/events?partner_id=${partners[0]!.ID}`,
      headers: bearer(token),
    });
    const names = events.json().data.map((e: { name: string }) => e.name);
    expect(names).toContain('Harbour Lights Festival');
    expect(names).not.toContain('Winter Gala');
  });
});
