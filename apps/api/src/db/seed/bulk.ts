import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../client.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { recountSalesSums } from '../../modules/analytics/index.ts';
import { ensureRoles } from './demo-people.ts';

export type BulkOptions = {
  orders: number;
  fans?: number;
  events?: number;
  batch?: number;
  log?: (line: string) => void;
};

export type BulkResult = {
  partnerId: number;
  email: string;
  password: string;
  orders: number;
  tickets: number;
  fans: number;
  events: number;
};

/**
 * Generates a large partner for benchmarks entirely inside the database (generate_series), so a
 * million orders cost minutes, not hours. Counters are recomputed from the rows at the end, so the
 * data obeys the same invariants as real sales.
 */
export async function seedBulk(db: Db, opts: BulkOptions): Promise<BulkResult> {
  const log = opts.log ?? (() => {});
  const orders = opts.orders;
  const fans = opts.fans ?? Math.min(100_000, Math.max(100, Math.ceil(orders / 10)));
  const eventCount = opts.events ?? Math.min(500, Math.max(10, Math.ceil(orders / 5_000)));
  const batch = opts.batch ?? 100_000;
  const run = randomBytes(4).toString('hex');
  const email = `bench-${run}@partnerportal.test`;
  const password = 'demo-password';

  const { roleId } = await ensureRoles(db);
  const passwordHash = await hashPassword(password);
  // One transaction: one connection for the temporary tables, and no half-written data set.
  return db.transaction(async (tx) => {
    const [partner] = await queryRows<{ id: number }>(
      tx,
      sql`insert into partners (name, primary_color, platform_fee) values (${`Benchmark Arena ${run}`}, '#334155', 0.05) returning id`,
    );
    const partnerId = partner!.id;
    await tx.execute(sql`with u as (insert into users (email, full_name, password_hash) values (${email}, 'Bench Admin', ${passwordHash}) returning id),
    m as (insert into members (partner_id, user_id, status) select ${partnerId}, id, true from u returning id)
    insert into member_roles (member_id, role_id) select id, ${roleId('Admin')} from m`);

    log(`events: ${eventCount}`);
    await tx.execute(sql`
    insert into events (partner_id, name, venue, event_type, time_zone, selling_time, active_on_widget)
    select ${partnerId}, 'Bench event ' || g, 'Arena ' || (g % 7), (array['concert','sports','festival','comedy'])[1 + g % 4],
      'America/New_York', now() - interval '400 days', g % 2 = 0
    from generate_series(1, ${eventCount}::int) g`);
    await tx.execute(sql`
    insert into event_days (event_id, start_date, end_date)
    select e.id, now() + ((row_number() over (order by e.id)) - ${Math.floor(eventCount / 2)}) * interval '2 days',
                 now() + ((row_number() over (order by e.id)) - ${Math.floor(eventCount / 2)}) * interval '2 days' + interval '3 hours'
    from events e where e.partner_id = ${partnerId}`);
    await tx.execute(sql`
    insert into ticket_types (event_id, name, initial_price_cents, amount, holds_amount)
    select e.id, t.name, t.price, 1, 0 from events e
    cross join (values ('General', 4500), ('Premium', 12000)) as t(name, price)
    where e.partner_id = ${partnerId}`);
    await tx.execute(sql`drop table if exists bench_slots`);
    await tx.execute(sql`create temporary table bench_slots on commit drop as
    select (row_number() over (order by tt.id)) - 1 as idx, tt.event_id, d.id as day_id, tt.id as type_id, tt.initial_price_cents as price
    from ticket_types tt join events e on e.id = tt.event_id join event_days d on d.event_id = e.id
    where e.partner_id = ${partnerId}`);
    const slots = eventCount * 2;

    log(`fans: ${fans}`);
    await tx.execute(sql`
    insert into users (email, full_name, city, country, postal_code, street_address)
    select 'fan-' || ${run} || '-' || g || '@bench.test',
      (array['Ava','Noah','Mia','Liam','Zoe','Ethan','Isla','Lucas','Maya','Owen'])[1 + g % 10] || ' ' ||
      (array['Harper','Okafor','Lindqvist','Moreau','Tanaka','Reyes','Kowalski','Brennan'])[1 + (g / 10) % 8] || ' ' || g,
      'Springfield', 'United States', '00000', g || ' Main Street'
    from generate_series(1, ${fans}::int) g`);
    await tx.execute(sql`drop table if exists bench_fans`);
    await tx.execute(sql`create temporary table bench_fans on commit drop as
    select (row_number() over (order by id)) - 1 as idx, id from users where email like ${`fan-${run}-%`}`);

    for (let from = 1; from <= orders; from += batch) {
      const to = Math.min(orders, from + batch - 1);
      await tx.execute(sql`
      insert into orders (partner_id, event_id, event_day_id, ticket_type_id, buyer_id, quantity, unit_price_cents,
        total_cents, transaction_type, payment_ref, created_at)
      select ${partnerId}, s.event_id, s.day_id, s.type_id, f.id, 1 + (g % 3 = 0)::int, s.price,
        s.price * (1 + (g % 3 = 0)::int),
        case when g % 50 = 0 then 'refunded' when g % 97 = 0 then 'sale_canceled' else 'primary_sold' end,
        'bench_' || g, now() - (g % 8760) * interval '1 hour'
      from generate_series(${from}::int, ${to}::int) g
      join bench_slots s on s.idx = g % ${slots}::int
      -- The buyer by a hash of the order's number, not a multiple of it: g * 7919 and the hour g % 8760
      -- together gave each hour's orders two of the eight surnames, so a search found its newest
      -- matches sixteen times deeper in the orders than names spread over time would put them.
      join bench_fans f on f.idx = (hashint4(g)::bigint & 2147483647) % ${fans}::int`);
      log(`orders: ${to}`);
    }
    await tx.execute(sql`
    insert into tickets (partner_id, order_id, event_id, event_day_id, ticket_type_id, owner_id, price_paid_cents, status, code, created_at,
      token_id, minted_at)
    select o.partner_id, o.id, o.event_id, o.event_day_id, o.ticket_type_id, o.buyer_id, o.unit_price_cents,
      case o.transaction_type when 'refunded' then 'refunded' when 'sale_canceled' then 'void' else 'valid' end,
      upper(substr(md5(${run} || o.id || '-' || k), 1, 16)), o.created_at,
      -- Benchmark data is not put on the chain; marked minted, the background minter leaves it alone.
      'bench-' || o.id || '-' || k, o.created_at
    from orders o cross join lateral generate_series(1, o.quantity) k
    where o.partner_id = ${partnerId}`);
    await tx.execute(sql`
    insert into partner_fans (partner_id, user_id, full_name, email, created_at)
    select ${partnerId}, u.id, u.full_name, u.email, f.first_seen
    from (select buyer_id, min(created_at) as first_seen from orders where partner_id = ${partnerId} group by buyer_id) f
    join users u on u.id = f.buyer_id`);
    log('tickets written; recomputing counters and analytics sums');
    await tx.execute(sql`
    update ticket_types tt set sold = c.n, amount = c.n + 100
    from (select ticket_type_id, count(*) filter (where status in ('valid','listed'))::int as n from tickets where partner_id = ${partnerId} group by ticket_type_id) c
    where tt.id = c.ticket_type_id`);
    await tx.execute(sql`
    update event_days d set sold = c.n
    from (select event_day_id, count(*) filter (where status in ('valid','listed'))::int as n from tickets where partner_id = ${partnerId} group by event_day_id) c
    where d.id = c.event_day_id`);
    await recountSalesSums(tx, partnerId);
    await tx.execute(sql`analyze`);
    const [counts] = await queryRows<{ tickets: number }>(
      tx,
      sql`select count(*)::int as tickets from tickets where partner_id = ${partnerId}`,
    );
    return { partnerId, email, password, orders, tickets: counts!.tickets, fans, events: eventCount };
  });
}
