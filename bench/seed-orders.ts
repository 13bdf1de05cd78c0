import { openDatabase } from '../apps/api/src/db/client.ts';
import { seedBulk } from '../apps/api/src/db/seed/bulk.ts';
import { freshPostgres, seconds } from './lib.ts';

/**
 * How long the benchmark data generator takes for N orders, on PostgreSQL and on in-memory PGlite.
 * BENCH_ORDERS sets N (default 100,000; the recorded figure uses 1,000,000).
 */
export async function benchSeedOrders(orders = Number(process.env.BENCH_ORDERS ?? 100_000)) {
  const results: string[] = [];
  const pgTarget = await freshPostgres();
  try {
    const started = Date.now();
    const r = await seedBulk(pgTarget.database.db, { orders });
    const ms = Date.now() - started;
    results.push(
      `PostgreSQL: ${r.orders} orders, ${r.tickets} tickets in ${seconds(ms)} (${Math.round(r.orders / (ms / 1000))} orders/s)`,
    );
  } finally {
    await pgTarget.drop();
  }
  const lite = await openDatabase({ memory: true });
  try {
    const liteOrders = Math.min(orders, 100_000);
    const started = Date.now();
    const r = await seedBulk(lite.db, { orders: liteOrders });
    const ms = Date.now() - started;
    results.push(
      `PGlite:     ${r.orders} orders, ${r.tickets} tickets in ${seconds(ms)} (${Math.round(r.orders / (ms / 1000))} orders/s)`,
    );
  } finally {
    await lite.close();
  }
  return results;
}
