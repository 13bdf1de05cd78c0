import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { queryRows } from '../apps/api/src/db/client.ts';
import { seedBulk } from '../apps/api/src/db/seed/bulk.ts';
import { freshPostgres, seconds } from './lib.ts';

type Latency = { p50: number; p95: number; max: number };

/** Sequential GETs through the real HTTP server: latency as a person waiting for the page sees it. */
async function measure(url: string, token: string, runs: number): Promise<Latency> {
  const get = async () => {
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    await res.arrayBuffer();
  };
  for (let i = 0; i < 3; i++) await get();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await get();
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => Math.round(ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!);
  return { p50: at(0.5), p95: at(0.95), max: Math.round(ms.at(-1)!) };
}

/**
 * The analytics calls on PostgreSQL with N orders (BENCH_ANALYTICS_ORDERS, else BENCH_ORDERS, else
 * 100,000; the recorded figure uses 1,000,000): the partner's overall analytics and one event's
 * (full_info), measured right after the load and again after VACUUM, which sets the visibility map
 * that index-only scans need (autovacuum does the same on its own after a bulk load).
 */
export async function benchAnalytics(
  orders = Number(process.env.BENCH_ANALYTICS_ORDERS ?? process.env.BENCH_ORDERS ?? 100_000),
  runs = 20,
) {
  const target = await freshPostgres();
  const { db } = target.database;
  const lines: string[] = [];
  try {
    const started = Date.now();
    const bulk = await seedBulk(db, { orders });
    // A third of the valid tickets of events already held were scanned at the gate.
    await db.execute(sql`update tickets t set checked_in_at = t.created_at + interval '1 day'
      from event_days d where d.id = t.event_day_id and d.start_date < now()
      and t.partner_id = ${bulk.partnerId} and t.status = 'valid' and t.id % 3 = 0`);
    lines.push(
      `data: ${bulk.orders} orders, ${bulk.tickets} tickets, ${bulk.events} events in ${seconds(Date.now() - started)}`,
    );
    const [busiest] = await queryRows<{ id: number; n: number }>(
      db,
      sql`select event_id as id, count(*)::int as n from tickets where partner_id = ${bulk.partnerId}
        group by event_id order by n desc limit 1`,
    );

    const config = {
      ...loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'analytics-bench-')),
        TOKEN_SECRET: 'x'.repeat(40),
        DATABASE_URL: 'postgres://unused@localhost/x',
      }),
      databaseUrl: undefined,
      logLevel: 'silent' as const,
    };
    const app = await buildApp({ config, database: target.database });
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const address = app.server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
      const post = async <T>(url: string, body: object, token?: string) => {
        const res = await fetch(`${base}${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        });
        return ((await res.json()) as { data: T }).data;
      };
      const { id_token } = await post<{ id_token: string }>('/identity/sign-in', {
        email: bulk.email,
        password: bulk.password,
      });
      const { access_token } = await post<{ access_token: string }>('/login', { firebase_id: id_token });
      const token = await post<string>('/login/partner', { partner_id: bulk.partnerId }, access_token);

      const overallUrl = `${base}/events/analytics/${bulk.partnerId}`;
      const eventUrl = `${base}/events/${busiest!.id}/analytics?full_info=true`;
      const report = (label: string, l: Latency) => `${label}: p50 ${l.p50} ms, p95 ${l.p95} ms, max ${l.max} ms`;
      lines.push(report('overall, just loaded', await measure(overallUrl, token, runs)));
      lines.push(report(`one event (${busiest!.n} tickets), just loaded`, await measure(eventUrl, token, runs)));
      await db.execute(sql`vacuum (analyze) tickets`);
      lines.push(report('overall, after VACUUM', await measure(overallUrl, token, runs)));
      lines.push(report('one event, after VACUUM', await measure(eventUrl, token, runs)));
    } finally {
      await app.close();
    }
  } finally {
    await target.drop();
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await benchAnalytics()) console.log(`  ${line}`);
}
