import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { seedBulk } from '../apps/api/src/db/seed/bulk.ts';
import { freshPostgres, load, runLoad, seconds, type LoadResult } from './lib.ts';
import { benchServer } from './server.ts';

type Target = { label: string; database: Database; drop: () => Promise<void> };

/** The product's default database: PGlite in a data folder, removed afterwards. */
async function dataFolderPglite(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-pglite-'));
  const database = await openDatabase({ dataDir });
  return {
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
  return { label: 'PostgreSQL', database: target.database, drop: target.drop };
}

/** The ceiling: a bare Fastify server started the same way, answering a small JSON on `GET /`. */
async function bareServer() {
  const app = Fastify({ logger: false });
  app.get('/', () => ({ success: true, data: { hello: 'world' } }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`,
    close: () => app.close(),
  };
}

const summary = (r: LoadResult) =>
  `${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms` +
  (r.non2xx || r.errors ? `, ${r.non2xx} non-2xx, ${r.errors} errors` : '');

/**
 * Requests per second and latency under concurrent load (autocannon in a process of its own) for the
 * event list, an orders search and the overall analytics on N orders (BENCH_ORDERS, default 100,000;
 * the recorded figures use 1,000,000), on PostgreSQL and on PGlite, each beside a bare Fastify route
 * measured in the same run, before and after. Target: list and search at least half the bare route.
 */
export async function benchThroughput(
  orders = Number(process.env.BENCH_ORDERS ?? 100_000),
  duration = Number(process.env.BENCH_SECONDS ?? 5),
  connections = 10,
) {
  const lines: string[] = [];
  const databases = { postgres, pglite: dataFolderPglite };
  for (const name of (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',')) {
    if (!(name in databases)) throw new Error(`BENCH_DATABASES: no database "${name}" (postgres, pglite)`);
    const target = await databases[name as keyof typeof databases]();
    try {
      const started = Date.now();
      const bulk = await seedBulk(target.database.db, { orders });
      await target.database.db.execute(sql`vacuum (analyze)`);
      lines.push(
        `${target.label}: ${bulk.orders} orders, ${bulk.tickets} tickets, ${bulk.events} events, seeded and vacuumed in ${seconds(Date.now() - started)}`,
      );
      const server = await benchServer(target.database, bulk);
      const bare = await bareServer();
      try {
        const headers = { authorization: `Bearer ${server.token}` };
        const measure = (url: string, auth = true) =>
          runLoad({ url, connections, seconds: duration, ...(auth ? { headers } : {}) });
        const before = await measure(bare.url, false);
        lines.push(`  bare Fastify GET / (before): ${summary(before)} (${load()})`);
        const cases: [string, string, boolean][] = [
          // The floor of any signed-in call: the token check, its session row, and one more row.
          ['signed-in GET /partner/v1/auth/me', '/partner/v1/auth/me', false],
          ['event list', `/events?partner_id=${bulk.partnerId}`, true],
          ['orders search (a surname, all time)', '/orders?date=all_time&search=okafor', true],
          ['overall analytics', `/events/analytics/${bulk.partnerId}`, false],
        ];
        const results: [string, LoadResult, boolean][] = [];
        for (const [label, url, targeted] of cases) {
          const r = await measure(`${server.base}${url}`);
          results.push([label, r, targeted]);
          lines.push(`  ${label}: ${summary(r)} (${load()})`);
        }
        const after = await measure(bare.url, false);
        lines.push(`  bare Fastify GET / (after): ${summary(after)} (${load()})`);
        const ceiling = (before.requests.average + after.requests.average) / 2;
        for (const [label, r, targeted] of results) {
          const ratio = r.requests.average / ceiling;
          lines.push(
            `  ${label}: ${(ratio * 100).toFixed(1)} % of the bare route` +
              (targeted ? ` (target 50 %: ${ratio >= 0.5 ? 'met' : 'MISSED'})` : ''),
          );
        }
      } finally {
        await bare.close();
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
