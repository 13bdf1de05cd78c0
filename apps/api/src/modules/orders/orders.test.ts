import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestHarness } from '../../../test/helper.ts';
import { bearer, purchaseTickets, signIn } from '../../../test/seeders.ts';
import { suiteApp, suiteEventOnSale, suiteOrganisation } from '../../../test/suite.ts';
import { countCap, envelope, orderListSchema, orderRowSchema } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { seedBulk } from '../../db/seed/bulk.ts';
import { countUpTo } from '../../lib/count.ts';
import { csvCell } from './bookings-csv.ts';
import { FEW } from './filter.ts';

const DAY = 86_400_000;

/** A large partner's bulk data on a test app of its own, handed over with its staff's token; closed after. */
async function withBulkPartner(
  sizes: Parameters<typeof seedBulk>[1],
  use: (t: TestHarness, bulk: Awaited<ReturnType<typeof seedBulk>>, token: string) => Promise<void>,
) {
  const t = await buildTestApp();
  try {
    const bulk = await seedBulk(t.db, sizes);
    await use(t, bulk, await signIn(t.app, bulk.email, bulk.partnerId, bulk.password));
  } finally {
    await t.close();
  }
}

describe('orders and the Bookings CSV', () => {
  const t = suiteApp();
  const org = suiteOrganisation(t);
  const rival = suiteOrganisation(t);
  const gala = suiteEventOnSale(t, org, [{ name: 'Stalls', priceCents: 2500, amount: 100 }], { name: 'Summer Gala' });
  const jazz = suiteEventOnSale(t, org, [{ name: 'Balcony', priceCents: 1000, amount: 100 }], { name: 'Jazz Night' });
  const rivalGala = suiteEventOnSale(t, rival, [{ name: 'VIP', priceCents: 9000, amount: 5 }], { name: 'Summer Gala' });

  const get = (url: string, token = org.token) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const list = async (query: string) => (await get(`/api/orders?${query}`)).json().data;

  beforeAll(async () => {
    const sell = (sale: typeof gala, email: string, full_name: string, quantity: number) =>
      purchaseTickets(t.app, sale, { email, full_name }, quantity);
    for (let i = 0; i < 25; i++) await sell(gala, `guest${i}@fans.test`, `Guest Number${i}`, 1);
    await sell(jazz, 'mina@fans.test', '=HYPERLINK("x") Mina, "the" Singer', 3);
    await sell(jazz, 'omar@fans.test', 'Omar Haddad', 2);
    // Dates spread over the ranges: the oldest orders move back in time.
    await t.db.execute(sql`update orders set created_at = now() - interval '20 days' where buyer_id in
      (select id from users where email in ('guest0@fans.test', 'guest1@fans.test'))`);
    await t.db.execute(sql`update orders set created_at = now() - interval '200 days' where buyer_id =
      (select id from users where email = 'guest2@fans.test')`);
    await t.db.execute(sql`update orders set created_at = now() - interval '800 days' where buyer_id =
      (select id from users where email = 'guest3@fans.test')`);
    await t.db.execute(sql`update orders set transaction_type = 'sale_canceled' where buyer_id =
      (select id from users where email = 'guest4@fans.test')`);
    await sell(rivalGala, 'guest5@fans.test', 'Guest Number5', 1);
  });

  it('pages the last week by default, newest first, 20 to a page from page 0', async () => {
    const first = await list('');
    expect(first.total).toBe(23);
    expect(first.data).toHaveLength(20);
    const second = await list('page=1');
    expect(second.data).toHaveLength(3);
    const ids = [...first.data, ...second.data].map((o: { ID: number }) => o.ID);
    expect(new Set(ids).size).toBe(23);
    // A later page's rows are read by another statement than the first page's: they say the same.
    expect([...first.data, ...second.data]).toEqual((await list('per_page=100')).data);
    expect((await list('per_page=5&page=4')).data).toHaveLength(3);
    const omar = first.data.find((o: { User: { email: string } }) => o.User.email === 'omar@fans.test');
    expect(omar).toMatchObject({
      User: { full_name: 'Omar Haddad', email: 'omar@fans.test' },
      tickets_name: 'Balcony',
      events_name: 'Jazz Night',
      quantity: 2,
      price: 20,
      transaction_type: 'primary_sold',
      status: 'completed',
    });
    const cancelled = [...first.data, ...second.data].find(
      (o: { User: { email: string } }) => o.User.email === 'guest4@fans.test',
    );
    expect(cancelled.status).toBe('cancelled');

    // Exactly the contract's row, each field in its form.
    expect(envelope(orderListSchema).safeParse((await get('/api/orders')).json()).success).toBe(true);
    expect(Object.keys(omar).sort()).toEqual(Object.keys(orderRowSchema.shape).sort());
    const [bought] = await queryRows<{ at: string }>(
      t.db,
      sql`select created_at::text as at from orders where id = ${omar.ID}`,
    );
    expect(omar).toMatchObject({ date_time: new Date(bought!.at).toISOString(), refund: null, seats: [] });
  });

  it('widens and narrows by the date range, or by explicit dates', async () => {
    expect((await list('date=last_month')).total).toBe(25);
    expect((await list('date=last_year')).total).toBe(26);
    expect((await list('date=all_time')).total).toBe(27);
    expect((await list('date=today')).total).toBe(23);
    const from = new Date(Date.now() - 30 * DAY).toISOString();
    const to = new Date(Date.now() - 10 * DAY).toISOString();
    expect((await list(`date=all_time&start_date=${from}&end_date=${to}`)).total).toBe(2);
    expect((await get('/api/orders?date=yesterday')).statusCode).toBe(422);
    expect((await get('/api/orders?per_page=0')).statusCode).toBe(422);
  });

  it('searches by attendee name, e-mail or event, in any case', async () => {
    expect((await list('date=all_time&search=OMAR@FANS')).data.map((o: { quantity: number }) => o.quantity)).toEqual([
      2,
    ]);
    expect((await list('date=all_time&search=jazz%20night')).total).toBe(2);
    expect((await list('date=all_time&search=summer')).total).toBe(25);
    expect((await list('date=all_time&search=number12')).total).toBe(1);
    expect((await list('date=all_time&search=nobody')).total).toBe(0);
  });

  it('shows a partner only its own orders', async () => {
    const theirs = (await get('/api/orders?date=all_time&search=summer', rival.token)).json().data;
    expect(theirs.total).toBe(1);
    expect(theirs.data[0]).toMatchObject({ events_name: 'Summer Gala', price: 90 });
    expect((await get(`/api/analytics/slot_quantity/${org.partnerId}`, rival.token)).statusCode).toBe(404);
  });

  it('downloads every matching order as a CSV with a header row, safe to open in a spreadsheet', async () => {
    const res = await get(`/api/analytics/slot_quantity/${org.partnerId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="bookings-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Order ID,Purchased at,Event,Event date,Ticket type,Quantity,Unit price,Total,Status,Buyer name,Buyer email,Promo code,Seats',
    );
    expect(lines).toHaveLength(28);
    const mina = lines.find((l) => l.includes('mina@fans.test'))!;
    expect(mina).toContain(',Jazz Night,');
    expect(mina).toContain(
      ',Balcony,3,10.00,30.00,completed,"\'=HYPERLINK(""x"") Mina, ""the"" Singer",mina@fans.test,',
    );
    const filtered = await get(`/api/analytics/slot_quantity/${org.partnerId}?search=omar`);
    expect(filtered.body.trimEnd().split('\r\n')).toHaveLength(2);
  });

  it('counts matches up to the cap, and says when there are more', async () => {
    expect(await countUpTo(t.db, sql`select g from generate_series(1, ${countCap}) g`)).toEqual({
      total: countCap,
      total_capped: false,
    });
    expect(await countUpTo(t.db, sql`select g from generate_series(1, ${countCap + 5}) g`)).toEqual({
      total: countCap,
      total_capped: true,
    });
  });

  it('quotes cells only when they need it', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(12)).toBe('12');
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('a\nb')).toBe('"a\nb"');
  });
});

describe('the Bookings CSV of a large partner', () => {
  it('streams all 100,000 orders, in batches, each once', async () => {
    await withBulkPartner({ orders: 100_000, fans: 5_000, events: 20 }, async (t, bulk, token) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/analytics/slot_quantity/${bulk.partnerId}`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      const lines = res.body.trimEnd().split('\r\n');
      expect(lines).toHaveLength(100_001);
      const ids = new Set(lines.slice(1).map((l) => l.slice(0, l.indexOf(','))));
      expect(ids.size).toBe(100_000);
    });
    // Seeding 100,000 orders into the embedded database takes a minute alone, and several on a machine
    // busy with the other suites.
  }, 300_000);
});

describe('an orders search for a common name', () => {
  it('finds the same orders through the index as through the fans and events, and follows a renamed buyer', async () => {
    // 12,000 fans, an eighth of them Okafors: more of them buy than a search looks up one by one.
    // Seeding their 24,000 orders takes a while on a machine busy with the other suites.
    await withBulkPartner({ orders: 24_000, fans: 12_000, events: 10 }, async (t, bulk, staff) => {
      const [okaforFans] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from partner_fans where partner_id = ${bulk.partnerId} and lower(full_name) like '%okafor%'`,
      );
      expect(okaforFans!.n).toBeGreaterThan(FEW);
      // An event named like them too: its orders are found beside the buyers'.
      const [sessions] = await queryRows<{ id: number }>(
        t.db,
        sql`update events set name = 'The Okafor Sessions'
          where id = (select min(id) from events where partner_id = ${bulk.partnerId}) returning id`,
      );
      const search = async (term: string, page = 0) =>
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/orders?date=all_time&per_page=20&page=${page}&search=${encodeURIComponent(term)}`,
            headers: bearer(staff),
          })
        ).json().data as { data: { ID: number }[]; total: number };
      const expected = async (term: string) =>
        (
          await queryRows<{ id: number }>(
            t.db,
            sql`select o.id from orders o join users u on u.id = o.buyer_id join events e on e.id = o.event_id
            where o.partner_id = ${bulk.partnerId} and (lower(u.full_name) like ${`%${term}%`}
              or lower(u.email) like ${`%${term}%`} or lower(e.name) like ${`%${term}%`})
            order by o.created_at desc, o.id desc`,
          )
        ).map((r) => r.id);

      const okafors = await expected('okafor');
      expect(okafors.length).toBeGreaterThan(500);
      const first = await search('OKAFOR');
      expect(first.total).toBe(okafors.length);
      expect(first.data.map((o) => o.ID)).toEqual(okafors.slice(0, 20));
      expect((await search('okafor', 3)).data.map((o) => o.ID)).toEqual(okafors.slice(60, 80));

      // Some of them are found only through the event's name.
      const [byEvent] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from orders o join users u on u.id = o.buyer_id
          where o.id = any(${sql.param(first.data.map((o) => o.ID))}::int[]) and o.event_id = ${sessions!.id}
            and lower(u.full_name) not like '%okafor%' and lower(u.email) not like '%okafor%'`,
      );
      expect(byEvent!.n).toBeGreaterThan(0);

      // A buyer renamed: their orders are found by the new name, and no longer by the old one.
      const [renamed] = await queryRows<{ id: number }>(
        t.db,
        sql`select o.id from orders o join users u on u.id = o.buyer_id
          where o.partner_id = ${bulk.partnerId} and lower(u.full_name) like '%okafor%' and o.event_id <> ${sessions!.id}
          order by o.created_at desc limit 1`,
      );
      const buyer = renamed!.id;
      await t.db.execute(sql`update users set full_name = 'Zebedee Quartermaine'
        where id = (select buyer_id from orders where id = ${buyer})`);
      expect((await search('quartermaine')).data.map((o) => o.ID)).toContain(buyer);
      const [fan] = await queryRows<{ full_name: string }>(
        t.db,
        sql`select full_name from partner_fans where partner_id = ${bulk.partnerId}
          and user_id = (select buyer_id from orders where id = ${buyer})`,
      );
      expect(fan!.full_name).toBe('Zebedee Quartermaine');
      expect(await expected('okafor')).not.toContain(buyer);
    });
  }, 120_000);
});

describe('the first page, planned once per connection', () => {
  const t = suiteApp();
  const org = suiteOrganisation(t);
  const gala = suiteEventOnSale(t, org, [{ name: 'Stalls', priceCents: 2500, amount: 100 }], { name: 'Autumn Gala' });
  type Order = { ID: number; User: { full_name: string }; status: string; quantity: number };
  const firstPage = async (query = '') =>
    (
      await t.app.inject({ method: 'GET', url: `/api/orders?page=0&per_page=20${query}`, headers: bearer(org.token) })
    ).json().data.data as Order[];

  it('shows every change to its orders on the next request, never an earlier answer', async () => {
    await purchaseTickets(t.app, gala, { email: 'ada@fans.test', full_name: 'Ada Lovelace' }, 1);
    // More calls than PostgreSQL takes before it keeps a statement's generic plan.
    for (let i = 0; i < 8; i++) expect(await firstPage()).toHaveLength(1);

    await purchaseTickets(t.app, gala, { email: 'alan@fans.test', full_name: 'Alan Turing' }, 2);
    const [alan, ada] = await firstPage();
    expect([alan!.User.full_name, ada!.User.full_name]).toEqual(['Alan Turing', 'Ada Lovelace']);

    await t.db.execute(sql`update orders set transaction_type = 'sale_canceled' where id = ${ada!.ID}`);
    expect((await firstPage()).find((o) => o.ID === ada!.ID)!.status).toBe('cancelled');

    await t.db.execute(sql`update users set full_name = 'Ada King' where email = 'ada@fans.test'`);
    expect((await firstPage()).find((o) => o.ID === ada!.ID)!.User.full_name).toBe('Ada King');
    expect((await firstPage('&date=all_time&search=king')).map((o) => o.ID)).toEqual([ada!.ID]);

    await t.db.execute(sql`update orders set created_at = now() - interval '8 days' where id = ${alan!.ID}`);
    expect((await firstPage()).map((o) => o.ID)).toEqual([ada!.ID]);
  });
});
