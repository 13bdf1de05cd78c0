import { readFileSync, writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/api/src/db/client.ts';
import { onBulkPostgres, seconds } from './lib.ts';
import { benchServer, measureGet, signIn, spawnServer, type Latency } from './server.ts';

const report = (label: string, l: Latency) => `${label}: p50 ${l.p50} ms, p99 ${l.p99} ms, max ${l.max} ms`;

const status = (pid: number, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/**
 * Streams the Bookings CSV from the real server in a process of its own, so its memory is the
 * server's alone: resident memory before the download, and the peak during it (the kernel's
 * high-water mark, reset just before).
 */
export async function downloadCsv(databaseUrl: string, login: { email: string; password: string; partnerId: number }) {
  const server = await spawnServer(3591, { DATABASE_URL: databaseUrl });
  try {
    const { base, pid } = server;
    const { token } = await signIn(base, login);
    const before = status(pid, 'VmRSS');
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const started = performance.now();
    const res = await fetch(`${base}/analytics/slot_quantity/${login.partnerId}`, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': process.env.BENCH_CSV_ENCODING ?? 'identity' },
    });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body!) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines++;
    }
    const ms = performance.now() - started;
    return { ms, bytes, rows: lines - 1, beforeMb: before, growthMb: status(pid, 'VmHWM') - before };
  } finally {
    await server.stop();
  }
}

/**
 * Orders search and paging, the fan list filter and the Bookings CSV on PostgreSQL with N orders
 * (BENCH_ORDERS, default 100,000; the recorded figures use 1,000,000 orders and 100,000 fans).
 */
export const benchOrders = (orders = Number(process.env.BENCH_ORDERS ?? 100_000), runs = 100) =>
  onBulkPostgres(orders, async ({ target, bulk, started }, lines) => {
    const { db } = target.database;
    await db.execute(sql`vacuum (analyze) orders, partner_fans, users, events`);
    lines.push(
      `data: ${bulk.orders} orders, ${bulk.fans} fans, ${bulk.events} events in ${seconds(Date.now() - started)}`,
    );
    const [fan] = await queryRows<{ email: string }>(
      db,
      sql`select email from partner_fans where partner_id = ${bulk.partnerId} order by user_id limit 1 offset 777`,
    );
    // A term naming more than 1,000 buyers is searched the broad way (FEW in orders/filter.ts).
    const [okafors] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from partner_fans where partner_id = ${bulk.partnerId} and lower(full_name) like '%okafor%'`,
    );
    const server = await benchServer(target.database, bulk);
    try {
      const at = (path: string) => `${server.base}${path}`;
      const cases: [string, string][] = [
        ['orders, last week, page 0', '/orders'],
        ['orders, all time, page 0', '/orders?date=all_time'],
        ['orders, all time, page 100 of 100 per page', '/orders?date=all_time&per_page=100&page=100'],
        ['orders, search one e-mail, all time', `/orders?date=all_time&search=${encodeURIComponent(fan!.email)}`],
        [`orders, search a common surname (${okafors!.n} buyers), last month`, '/orders?date=last_month&search=okafor'],
        ['orders, search an event name, all time', '/orders?date=all_time&search=bench%20event%2017'],
        ['fans, page 0', `/partners/${bulk.partnerId}/fans`],
        ['fans, filter "ava" (1 in 10 match)', `/partners/${bulk.partnerId}/fans?search=ava`],
        // The generator names fan g by g mod 10 and g / 10 mod 8: "Ethan Tanaka 1245" alone matches.
        ['fans, filter a rare name (one fan), page 0', `/partners/${bulk.partnerId}/fans?search=tanaka%201245`],
      ];
      for (const [label, path] of cases) lines.push(report(label, await measureGet(at(path), server.token, runs)));
    } finally {
      await server.close();
    }
    const csv = await downloadCsv(target.url, {
      email: bulk.email,
      password: bulk.password,
      partnerId: bulk.partnerId,
    });
    lines.push(
      `Bookings CSV, all time: ${csv.rows} rows, ${(csv.bytes / 1024 / 1024).toFixed(1)} MB in ${seconds(csv.ms)}; ` +
        `server memory ${csv.beforeMb.toFixed(0)} MB before, peak growth ${csv.growthMb.toFixed(0)} MB during`,
    );
  });

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await benchOrders()) console.log(`  ${line}`);
}
