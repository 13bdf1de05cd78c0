import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { LISTEN_BACKLOG } from '../apps/api/src/app.ts';
import { openDatabase, queryRows, type Database } from '../apps/api/src/db/client.ts';
import { seedBulk } from '../apps/api/src/db/seed/bulk.ts';
import { hotRowCeiling } from './checkout-rush.ts';
import { freshPostgres, load, runLoad, seconds, type LoadResult } from './lib.ts';
import { benchServer } from './server.ts';

type Target = {
  name: 'postgres' | 'pglite';
  label: string;
  database: Database;
  url?: string;
  drop: () => Promise<void>;
};

/** The product's default database: PGlite in a data folder, removed afterwards. */
async function dataFolderPglite(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-pglite-'));
  const database = await openDatabase({ dataDir });
  return {
    name: 'pglite',
    label: 'PGlite (data folder)',
    database,
    drop: async () => {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function postgres(): Promise<Target> {
  const target = await freshPostgres();
  return { name: 'postgres', label: 'PostgreSQL', database: target.database, url: target.url, drop: target.drop };
}

/**
 * The two ceilings, on a bare Fastify server started the same way: (a) `GET /a` answers a small JSON;
 * (b) `GET /b` reads one row by primary key first, through `pg` with a pool of 10 on PostgreSQL (or
 * through the embedded database), the one-round-trip floor of any call that reads the database.
 */
async function ceilingServer(target: Target, partnerId: number) {
  const app = Fastify({ logger: false });
  const pool = target.url ? new pg.Pool({ connectionString: target.url, max: 10 }) : null;
  const byId = async () =>
    pool
      ? (await pool.query('select id, name from partners where id = $1', [partnerId])).rows[0]
      : (await queryRows(target.database.db, sql`select id, name from partners where id = ${partnerId}`))[0];
  app.get('/a', () => ({ success: true, data: { hello: 'world' } }));
  app.get('/b', async () => ({ success: true, data: await byId() }));
  await app.listen({ host: '127.0.0.1', port: 0, backlog: LISTEN_BACKLOG });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    a: `${origin}/a`,
    b: `${origin}/b`,
    close: async () => {
      await app.close();
      await pool?.end();
    },
  };
}

const summary = (r: LoadResult) =>
  `${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms` +
  (r.non2xx || r.errors ? `, ${r.non2xx} non-2xx, ${r.errors} errors` : '');

type Goal = { share?: number; p99?: number };
/** The performance issue's targets, per call, at 10 connections on PostgreSQL. */
const goals: Record<string, Goal> = {
  me: { share: 0.6 },
  'event list': { share: 0.25, p99: 50 },
  'orders page': { share: 0.25, p99: 50 },
  'orders search': { share: 0.25, p99: 50 },
  fans: { share: 0.25, p99: 50 },
  'fans filtered': { share: 0.25, p99: 50 },
  'event analytics': { share: 0.25, p99: 50 },
  'overall analytics': { p99: 100 },
  billing: { p99: 100 },
  // Not the issue's: what every visitor of the partner's page reads first, held to the portal's lists.
  'widget event list': { share: 0.25, p99: 50 },
};

/**
 * Every organiser-facing read the performance issue names, and the widget's list of events, under
 * concurrent load (autocannon in a process of its own), beside the ceilings (a) and (b) and, on
 * PostgreSQL, pgbench's hot-row update, all in one run on a database filled by the bulk generator
 * with BENCH_ORDERS orders (default 100,000) over BENCH_EVENTS events (default 200, so sizes differ
 * by their orders alone). PostgreSQL at 10 connections; PGlite at 1 (one thread answers everyone),
 * where the target is p99 under 100 ms.
 */
export async function benchThroughput(
  orders = Number(process.env.BENCH_ORDERS ?? 100_000),
  duration = Number(process.env.BENCH_SECONDS ?? 5),
) {
  const lines: string[] = [];
  const databases = { postgres, pglite: dataFolderPglite };
  for (const name of (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',')) {
    if (!(name in databases)) throw new Error(`BENCH_DATABASES: no database "${name}" (postgres, pglite)`);
    const target = await databases[name as keyof typeof databases]();
    const connections = target.name === 'postgres' ? 10 : 1;
    try {
      const started = Date.now();
      const bulk = await seedBulk(target.database.db, {
        orders,
        events: Number(process.env.BENCH_EVENTS ?? 200),
      });
      await target.database.db.execute(sql`vacuum (analyze)`);
      // The load's dirty pages written out now, not by a checkpoint in the middle of a measurement.
      await target.database.db.execute(sql`checkpoint`);
      const [busiest] = await queryRows<{ id: number }>(
        target.database.db,
        sql`select event_id as id from orders where partner_id = ${bulk.partnerId}
          group by event_id order by count(*) desc limit 1`,
      );
      lines.push(
        `${target.label}: ${bulk.orders} orders, ${bulk.tickets} tickets, ${bulk.events} events, ${bulk.fans} fans, ` +
          `seeded and vacuumed in ${seconds(Date.now() - started)}; ${connections} connection(s), ${duration} s per call`,
      );
      const server = await benchServer(target.database, bulk);
      const ceilings = await ceilingServer(target, bulk.partnerId);
      try {
        const headers = { authorization: `Bearer ${server.token}`, 'accept-encoding': 'gzip, br' };
        // Each call, the ceilings too, first runs a second untimed, as a server in service is warm.
        const measure = (url: string) => runLoad({ url, connections, seconds: duration, headers, warmupSeconds: 1 });
        const a = await measure(ceilings.a);
        lines.push(`  (a) bare Fastify, a small JSON: ${summary(a)} (${load()})`);
        const b = await measure(ceilings.b);
        lines.push(`  (b) bare Fastify, one primary-key SELECT: ${summary(b)} (${load()})`);
        if (target.name === 'postgres') {
          const hot = await hotRowCeiling(20, duration);
          lines.push(
            `  pgbench, one conditional UPDATE of one hot row, 20 clients: ${hot.tps.toFixed(0)} tps (${load()})`,
          );
        }
        const p = bulk.partnerId;
        const calls: [string, string][] = [
          ['me', '/partner/v1/auth/me'],
          ['event list', `/events?partner_id=${p}&ordered=true`],
          ['orders page', '/orders?date=last_week&page=0&per_page=20'],
          ['orders search', '/orders?date=all_time&search=okafor&page=0&per_page=20'],
          ['fans', `/partners/${p}/fans?page=0&per_page=20`],
          ['fans filtered', `/partners/${p}/fans?page=0&per_page=20&search=ava`],
          ['event analytics', `/events/${busiest!.id}/analytics?full_info=true`],
          ['overall analytics', `/events/analytics/${p}`],
          ['billing', `/analytics/billing/${p}`],
          ['widget event list', `/public/partners/${p}/events`],
        ];
        // BENCH_CALLS names some of them by label ("event analytics,fans"), for a quicker run of a few.
        const only = process.env.BENCH_CALLS?.split(',').map((name) => name.trim());
        for (const [label, url] of calls.filter(([name]) => !only || only.includes(name))) {
          const r = await measure(`${server.base}${url}`);
          const share = r.requests.average / b.requests.average;
          const goal = goals[label]!;
          const verdict =
            target.name === 'postgres'
              ? [
                  goal.share !== undefined &&
                    `share ≥ ${goal.share * 100} %: ${share >= goal.share ? 'met' : 'MISSED'}`,
                  goal.p99 !== undefined && `p99 < ${goal.p99} ms: ${r.latency.p99 < goal.p99 ? 'met' : 'MISSED'}`,
                ]
              : [`p99 < 100 ms: ${r.latency.p99 < 100 ? 'met' : 'MISSED'}`];
          lines.push(
            `  ${label}: ${summary(r)}, ${(share * 100).toFixed(1)} % of (b); ${verdict.filter(Boolean).join(', ')} (${load()})`,
          );
        }
      } finally {
        await ceilings.close();
        await server.close();
      }
    } finally {
      await target.drop();
    }
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await benchThroughput()) console.log(`  ${line}`);
}
