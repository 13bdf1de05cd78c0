import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { createStorage } from '../../adapters/storage/index.ts';
import { openDatabase } from '../client.ts';
import { seedBulk } from './bulk.ts';
import { seedDemoIfEmpty } from './demo.ts';

/**
 * npm run seed                    the demo organisation, if the database is empty
 * npm run seed -- --orders N      a benchmark partner with N orders (plus --fans, --events)
 * Uses DATABASE_URL when set, the embedded database under DATA_DIR otherwise.
 */
async function main() {
  const { values } = parseArgs({
    options: { orders: { type: 'string' }, fans: { type: 'string' }, events: { type: 'string' } },
  });
  const config = loadConfig();
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    if (!values.orders) {
      const seeded = await seedDemoIfEmpty(database.db, createStorage(config, database.db));
      console.log(seeded ? 'Demo data created.' : 'The database already has data; nothing written.');
      return;
    }
    const count = (v: string | undefined, name: string) => {
      if (v === undefined) return undefined;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number`);
      return n;
    };
    const started = Date.now();
    const result = await seedBulk(database.db, {
      orders: count(values.orders, 'orders')!,
      fans: count(values.fans, 'fans'),
      events: count(values.events, 'events'),
      log: (line) => console.log(`  ${line}  (${((Date.now() - started) / 1000).toFixed(1)} s)`),
    });
    console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s on ${database.kind}.`);
    console.log(JSON.stringify(result));
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? `${err.message}${err.cause ? `\n${String(err.cause)}` : ''}` : err);
  process.exit(1);
});
