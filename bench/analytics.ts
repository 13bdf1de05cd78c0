import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/api/src/db/client.ts';
import { onBulkPostgres, seconds } from './lib.ts';
import { benchServer, measureGet, type Latency } from './server.ts';

/**
 * The analytics calls on PostgreSQL with N orders (BENCH_ANALYTICS_ORDERS, else BENCH_ORDERS, else
 * 100,000; the recorded figure uses 1,000,000): the partner's overall analytics and one event's
 * (full_info), measured right after the load and again after VACUUM, which sets the visibility map
 * that index-only scans need (autovacuum does the same on its own after a bulk load).
 */
export const benchAnalytics = (
  orders = Number(process.env.BENCH_ANALYTICS_ORDERS ?? process.env.BENCH_ORDERS ?? 100_000),
  runs = 20,
) =>
  onBulkPostgres(orders, async ({ target, bulk, started }, lines) => {
    const { db } = target.database;
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

    const server = await benchServer(target.database, bulk);
    try {
      const base = server.base;
      const token = server.token;
      const overallUrl = `${base}/events/analytics/${bulk.partnerId}`;
      const eventUrl = `${base}/events/${busiest!.id}/analytics?full_info=true`;
      const report = (label: string, l: Latency) => `${label}: p50 ${l.p50} ms, p95 ${l.p95} ms, max ${l.max} ms`;
      lines.push(report('overall, just loaded', await measureGet(overallUrl, token, runs)));
      lines.push(report(`one event (${busiest!.n} tickets), just loaded`, await measureGet(eventUrl, token, runs)));
      await db.execute(sql`vacuum (analyze) tickets`);
      lines.push(report('overall, after VACUUM', await measureGet(overallUrl, token, runs)));
      lines.push(report('one event, after VACUUM', await measureGet(eventUrl, token, runs)));
    } finally {
      await server.close();
    }
  });

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await benchAnalytics()) console.log(`  ${line}`);
}
