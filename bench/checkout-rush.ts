import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyReply } from 'fastify';
import { buildApp, LISTEN_BACKLOG } from '../apps/api/src/app.ts';
import { queryRows, type Db } from '../apps/api/src/db/client.ts';
import { peekAttempt, purchaseKey } from '../apps/api/src/modules/checkout/index.ts';
import { ensureRoles } from '../apps/api/src/db/seed/demo.ts';
import { eventDays, events, partners, templates, ticketTypes } from '../apps/api/src/db/schema/index.ts';
import { machineBusyMs } from './cpu.ts';
import { freshPostgres, load, runLoad, runRush } from './lib.ts';
import { percentiles } from './percentiles.ts';
import type { RushResult } from './rush-worker.ts';
import { benchConfig } from './server.ts';

type Rush = {
  /**
   * A sustained rush (autocannon, `connections` buyers in flight for `seconds`, each connection
   * opened as the run starts), or `buyers` at once over connections opened before (`rush-worker.ts`),
   * each buying once or, with `seconds`, again and again for that long.
   */
  load: { connections: number; seconds?: number; requests?: number } | { buyers: number; seconds?: number };
  /** Stock of each ticket type. */
  amount: number;
  /** Ticket types on sale; with more than one, baskets of one to all of them, in differing orders. */
  types?: number;
};

/** Either generator's answer, counted the same way. */
type Outcome = Pick<RushResult, 'errors' | 'duration' | 'latency' | 'refusals' | 'busyMs'> & {
  ok: number;
  serverErrors: number;
  refused: number;
};

async function generate(url: string, page: string, bodies: string[], load: Rush['load']): Promise<Outcome> {
  if ('buyers' in load) {
    const r = await runRush({ url, page, ...load, bodies });
    const count = (first: string) =>
      Object.entries(r.statuses).reduce((sum, [status, n]) => sum + (status.startsWith(first) ? n : 0), 0);
    return { ...r, ok: count('2'), serverErrors: count('5'), refused: count('') - count('2') };
  }
  const r = await runLoad({ url, ...load, bodies, keyed: true });
  return {
    ok: r['2xx'],
    serverErrors: r['5xx'],
    refused: r.non2xx,
    errors: r.errors,
    duration: r.duration,
    latency: r.latency,
    refusals: r.refusals,
    busyMs: r.busyMs,
  };
}

/** Baskets of one to `n` types, each type once, naming shared types in opposite orders. */
export function mixedBaskets(typeIds: number[]): number[][] {
  const baskets: number[][] = [];
  for (let size = 1; size <= typeIds.length; size++) {
    for (let first = 0; first < typeIds.length; first++) {
      const basket = Array.from({ length: size }, (_, i) => typeIds[(first + i) % typeIds.length]!);
      baskets.push(first % 2 ? basket.reverse() : basket);
    }
  }
  return baskets;
}

/** A partner's event on sale, one day a month ahead, with `types` ticket types of `amount` each. */
async function rushEvent(db: Db, types: number, amount: number) {
  await ensureRoles(db);
  const [partner] = await db.insert(partners).values({ name: 'Rush Arena' }).returning();
  const [event] = await db
    .insert(events)
    .values({
      partnerId: partner!.id,
      name: 'Rush',
      venue: 'Arena',
      eventType: 'concert',
      timeZone: 'UTC',
      activeOnWidget: true,
    })
    .returning();
  const [day] = await db
    .insert(eventDays)
    .values({
      eventId: event!.id,
      startDate: new Date(Date.now() + 30 * 86_400_000),
      endDate: new Date(Date.now() + 30 * 86_400_000 + 3_600_000),
    })
    .returning();
  const [design] = await db.insert(templates).values({ partnerId: partner!.id, image: '' }).returning();
  const typeRows = await db
    .insert(ticketTypes)
    .values(
      Array.from({ length: types }, (_, i) => ({
        eventId: event!.id,
        name: `Zone ${i + 1}`,
        initialPriceCents: 4500 + 500 * i,
        amount,
        templateId: design!.id,
      })),
    )
    .returning();
  return { partner: partner!, event: event!, day: day!, typeIds: typeRows.map((t) => t.id) };
}

/**
 * The checkout under load on PostgreSQL: many buyers at once on one ticket type of one event, through
 * the real HTTP server. Answers throughput, latency and whether exactly the stock was sold.
 */
export async function checkoutRush({ load: shape, amount, types = 1 }: Rush) {
  const target = await freshPostgres();
  const { db } = target.database;
  const { partner, event, day, typeIds } = await rushEvent(db, types, amount);

  const app = await buildApp({ config: benchConfig('rush-'), database: target.database });
  // A refusal timed inside the server too, from the request read to the answer sent: on two cores the
  // load generator's own 1,000 connections delay what it measures.
  const refusedInServer: number[] = [];
  app.addHook('onResponse', async (_request, reply) => {
    if (reply.statusCode === 409) refusedInServer.push(reply.elapsedTime);
  });
  // Buyers charged and then given the money back because the tickets were gone by their write.
  let givenBack = 0;
  const refund = app.payments.refund.bind(app.payments);
  app.payments.refund = (...args) => {
    givenBack += 1;
    return refund(...args);
  };
  await app.listen({ host: '127.0.0.1', port: 0, backlog: LISTEN_BACKLOG });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const bodies = mixedBaskets(typeIds).map((basket) =>
    JSON.stringify({
      partner_id: partner.id,
      event_id: event.id,
      event_day_id: day.id,
      items: basket.map((id) => ({ ticket_type_id: id, quantity: 1 })),
      buyer: { email: 'rush-{n}@fans.test', full_name: 'Fan {n}' },
      payment_method: '4242424242424242',
    }),
  );
  const result = await generate(
    `http://127.0.0.1:${port}/api/public/checkout`,
    `/api/public/partners/${partner.id}/events`,
    bodies,
    shape,
  );
  // What the rush left to do behind the sales (minting and mail give way to buyers), and how long the
  // server took to catch up once they were gone: nothing is dropped, only put off.
  const [behind] = await queryRows<{ mails: number; unminted: number }>(
    db,
    sql`select (select count(*)::int from mail_queue) as mails,
      (select count(*)::int from tickets where minted_at is null) as unminted`,
  );
  const catchingUp = performance.now();
  await Promise.all([app.sendQueuedMail(), app.mint()]);
  const caughtUpIn = (performance.now() - catchingUp) / 1000;
  await app.close();
  // One snapshot: the counter and the tickets must agree, whatever was still committing.
  const [after] = await queryRows<{ sold: number; tickets: number; most: number }>(
    db,
    sql`select (select sum(sold)::int from ticket_types where event_id = ${event.id}) as sold,
      (select count(*)::int from tickets where event_id = ${event.id}) as tickets,
      (select coalesce(max(n), 0)::int from (select count(*) as n from tickets where event_id = ${event.id}
        group by ticket_type_id) c) as most`,
  );
  await target.drop();
  return {
    sold: after!.sold,
    tickets: after!.tickets,
    ok: result.ok,
    serverErrors: result.serverErrors,
    refused: result.refused,
    errors: result.errors,
    // Sales per second over the whole run, refusals included in the time.
    salesPerSecond: result.ok / result.duration,
    answeredPerSecond: (result.ok + result.refused) / result.duration,
    // What each sale cost the machine's CPU: server, database and load generator together.
    cpuPerSale: result.busyMs / result.ok,
    duration: result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    refusals: result.refusals,
    refusalsInServer: percentiles(refusedInServer),
    givenBack,
    behind: { ...behind!, caughtUpIn },
    // No type sold beyond its stock, and the counters agree with the tickets written.
    oversold: Math.max(0, after!.most - amount) + Math.abs(after!.sold - after!.tickets),
  };
}

/**
 * pgbench on the database at `url` with the scripts given (picked at random, equally often), `clients` at once:
 * transactions a second, and what each cost the machine's CPU (pgbench's own included).
 */
function pgbench(url: string, scripts: string[], clients: number, seconds: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'pgbench-'));
  const files = scripts.map((script, i) => {
    const file = path.join(dir, `${i}.sql`);
    writeFileSync(file, script);
    return ['-f', `${file}@1`];
  });
  const server = new URL(url);
  const busyBefore = machineBusyMs();
  let out: string;
  try {
    out = execFileSync(
      'pgbench',
      [
        ...['-n', '-h', server.hostname, '-p', server.port || '5432', '-U', server.username || 'postgres'],
        ...['-c', String(clients), '-j', '2', '-T', String(seconds), ...files.flat(), server.pathname.slice(1)],
      ],
      { encoding: 'utf8' },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const busy = machineBusyMs() - busyBefore;
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? NaN);
  const transactions = Number(/actually processed: (\d+)/.exec(out)?.[1] ?? NaN);
  return { clients, tps, cpuPerTransaction: busy / transactions };
}

/** The ceiling: pgbench running one conditional UPDATE on one hot row with as many clients as the API's pool. */
export async function hotRowCeiling(clients = 20, seconds = 10) {
  const target = await freshPostgres();
  try {
    await target.database.db.execute(sql`create table hot (id int primary key, n int not null)`);
    await target.database.db.execute(sql`insert into hot values (1, 0)`);
    const script = 'update hot set n = n + 1 where id = 1 and n + 1 <= 2000000000;\n';
    return pgbench(target.url, [script], clients, seconds);
  } finally {
    await target.drop();
  }
}

/**
 * The least a sale costs, the database's own part: pgbench calling `record_sale` as the checkout does
 * for a basket with a seat hold or a promo code, one sale a transaction, each for a new buyer, baskets
 * of one to four of four types, no HTTP and no Node; or, with `batch`, `record_sales` as it sells the
 * other baskets, that many a statement (`clients` batches at once: one per event and server). What the
 * checkout can reach through the server is bounded by this.
 */
export async function saleFloor(clients = 20, seconds = 10, batch = 0) {
  const target = await freshPostgres();
  try {
    const { partner, event, day, typeIds } = await rushEvent(target.database.db, 4, 100_000_000);
    // pgbench fills :k; the JSON is built by the statement, so each sale names a new buyer and new codes.
    const saleOf = (basket: number[], buyer: string) => {
      // In ticket type order, as `recordBasket` writes them: the lock order of every writer of stock.
      const lines = [...basket]
        .sort((a, b) => a - b)
        .map(
          (id) =>
            `{"ticket_type_id":${id},"name":"Zone","quantity":1,"unit_price_cents":4500,"promocode_id":null,` +
            `"codes":["' || upper(substr(md5(random()::text), 1, 12)) || '"]}`,
        );
      return (
        `{"partner_id":${partner.id},"event_id":${event.id},"event_day_id":${day.id},"event_name":"Rush",` +
        `"payment_ref":"","seat_hold":null,"created_at":null,"attempt":null,"mail":true,` +
        `"buyer":{"email":"floor-' || ${buyer} || '@fans.test","full_name":"Fan ' || ${buyer} || '"},"lines":[${lines.join(',')}]}`
      );
    };
    const baskets = mixedBaskets(typeIds);
    if (batch > 0) {
      // The batch's g-th sale takes the g-th basket of the mix, so each batch mixes them all.
      const sale = `case g % ${baskets.length} ${baskets
        .map((basket, i) => `when ${i} then '${saleOf(basket, '(:k::bigint * 1000 + g)')}'`)
        .join(' ')} end`;
      const script =
        `\\set k random(1, 2000000000)\n` +
        `select jsonb_array_length(record_sales((select jsonb_agg((${sale})::jsonb) from generate_series(1, ${batch}) g)));\n`;
      const run = await pgbench(target.url, [script], clients, seconds);
      return { ...run, tps: run.tps * batch, cpuPerTransaction: run.cpuPerTransaction / batch };
    }
    const scripts = baskets.map(
      (basket) => `\\set k random(1, 2000000000)\nselect record_sale(('${saleOf(basket, ':k')}')::jsonb);\n`,
    );
    return pgbench(target.url, scripts, clients, seconds);
  } finally {
    await target.drop();
  }
}

/**
 * The floor of a refusal in a rush: a bare Fastify route refusing every one of `buyers` at once (the
 * same rush, over connections that first read a page), doing nothing else. No server can tell a
 * buyer sooner on these cores than this. With `keyed`, the route first reads the buyer's purchase key
 * on a fresh PostgreSQL database as the checkout does (`peekAttempt`, in batches): the least a refusal
 * must do, since another instance may have sold to an earlier attempt under that key.
 */
export async function bareRefusalFloor(buyers: number, { keyed = false } = {}) {
  const target = keyed ? await freshPostgres() : null;
  const app = Fastify({ logger: false });
  try {
    app.get('/page', () => ({ success: true, data: [] }));
    const refuse = (reply: FastifyReply) =>
      reply.code(409).send({ success: false, message: 'Not enough tickets of this type are left.' });
    // Without the key read the route stays synchronous, as bare as a route gets.
    app.post(
      '/checkout',
      target
        ? async (request, reply) => {
            const key = purchaseKey(String(request.headers['idempotency-key']), request.body);
            if (await peekAttempt(target.database.db, 1, key))
              throw new Error('a key read found an attempt nobody made');
            return refuse(reply);
          }
        : (_request, reply) => refuse(reply),
    );
    await app.listen({ host: '127.0.0.1', port: 0, backlog: LISTEN_BACKLOG });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const body = JSON.stringify({
      items: [{ ticket_type_id: 1, quantity: 1 }],
      buyer: { email: 'rush-{n}@fans.test' },
    });
    return await runRush({ url: `http://127.0.0.1:${port}/checkout`, page: '/page', buyers, bodies: [body] });
  } finally {
    await app.close();
    await target?.drop();
  }
}

/**
 * The checkout benchmark: the hot-row ceiling, the sale in the database alone, a sustained rush of 200 buyers on plenty of stock,
 * and 1,000 buyers at once for the last 100 tickets (exactly 100 must sell). BENCH_SECONDS sets the
 * length of the timed runs (default 5).
 */
export async function benchCheckout(seconds = Number(process.env.BENCH_SECONDS ?? 5)) {
  const lines: string[] = [];
  const ceiling = await hotRowCeiling(20, seconds);
  const ms = (cpu: number) => `${cpu.toFixed(2)} ms of CPU each`;
  const ofCeiling = (perSecond: number) => `${((perSecond / ceiling.tps) * 100).toFixed(0)} % of the ceiling`;
  lines.push(
    `ceiling: pgbench, one conditional UPDATE on one row, ${ceiling.clients} clients: ${ceiling.tps.toFixed(0)} tps, ` +
      `${ms(ceiling.cpuPerTransaction)} (${load()})`,
  );
  const floor = await saleFloor(20, seconds);
  lines.push(
    `the sale in the database alone: pgbench calling record_sale, ${floor.clients} clients, a new buyer each, ` +
      `baskets of 1 – 4 of 4 types: ${floor.tps.toFixed(0)} sales/s (${ofCeiling(floor.tps)}), ${ms(floor.cpuPerTransaction)} (${load()})`,
  );
  const batched = await saleFloor(1, seconds, 20);
  lines.push(
    `the same sales in batches of 20, as the checkout writes them: pgbench calling record_sales, ${batched.clients} client: ` +
      `${batched.tps.toFixed(0)} sales/s (${ofCeiling(batched.tps)}), ${ms(batched.cpuPerTransaction)} (${load()})`,
  );
  // Buyers on the page (their connections open before, as the widget's reads left them), each buying
  // again as soon as answered; then buyers whose connections autocannon opens as the run starts, which
  // a busy Node server takes in one a turn of its event loop (libuv since 1.45), seconds for 200.
  const sustained = [
    ['on the page', { buyers: 200, seconds }],
    ['connecting as it starts', { connections: 200, seconds }],
  ] as const;
  for (const [who, shape] of sustained) {
    const rush = await checkoutRush({ load: shape, amount: 1_000_000, types: 4 });
    lines.push(
      `200 concurrent buyers ${who}, for ${seconds} s, baskets of 1 – 4 of 4 ticket types: ${rush.salesPerSecond.toFixed(0)} checkouts/s ` +
        `(${ofCeiling(rush.salesPerSecond)}; target 50 %), ${ms(rush.cpuPerSale)}, p50 ${rush.p50} ms, ` +
        `p99 ${rush.p99} ms (target < 1,000 ms), ${rush.serverErrors} × 5xx, ${rush.errors} errors, oversold ${rush.oversold}; ` +
        `left behind: ${rush.behind.mails} mails, ${rush.behind.unminted} tickets to mint, all done ${rush.behind.caughtUpIn.toFixed(1)} s later (${load()})`,
    );
  }
  // Buyers already on the page (their connections open, as the widget's price read left them), then
  // buyers whose connections are opened in the rush by a load generator on the same two cores.
  const scarceRushes = [
    ['on the page', { buyers: 1000 }],
    ['connecting', { connections: 1000, requests: 1000 }],
  ] as const;
  const bare = await bareRefusalFloor(1000);
  lines.push(
    `the floor: a bare Fastify route refusing 1,000 buyers on the page at once: p50 ${bare.refusals.p50} ms, ` +
      `p99 ${bare.refusals.p99} ms (${load()})`,
  );
  const keyed = await bareRefusalFloor(1000, { keyed: true });
  lines.push(
    `the floor with the key read: the same route reading each buyer's purchase key first, as the checkout does: ` +
      `p50 ${keyed.refusals.p50} ms, p99 ${keyed.refusals.p99} ms (${load()})`,
  );
  for (const [who, shape] of scarceRushes) {
    const scarce = await checkoutRush({ load: shape, amount: 100 });
    lines.push(
      `1,000 buyers ${who} at once for 100 tickets: ${scarce.ok} sold (${scarce.ok === 100 && scarce.sold === 100 && scarce.tickets === 100 ? 'exactly the stock' : 'NOT the stock'}), ` +
        `${scarce.refused} refused (${scarce.givenBack} of them charged and given the money back), ${scarce.errors} errors, counter ${scarce.sold}, ${scarce.tickets} tickets written, ` +
        `${scarce.salesPerSecond.toFixed(0)} checkouts/s (${scarce.answeredPerSecond.toFixed(0)} answers/s over ${scarce.duration.toFixed(1)} s), ` +
        `p50 ${scarce.p50} ms, p99 ${scarce.p99} ms; refused buyers told in p50 ${scarce.refusals.p50} ms, ` +
        `p99 ${scarce.refusals.p99} ms (target < 100 ms), inside the server p50 ${scarce.refusalsInServer.p50} ms, ` +
        `p99 ${scarce.refusalsInServer.p99} ms (${load()})`,
    );
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await benchCheckout()) console.log(`  ${line}`);
}
