import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { ensureRoles } from '../src/db/seed/demo.ts';
import { scratchPostgres } from './scratch-database.ts';

export type TestApp = Awaited<ReturnType<typeof buildApp>>;

/**
 * A database of its own for one test file: in-memory PGlite by default, or a fresh database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 */
async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) return scratchPostgres(adminUrl, 'portal_test');
  const database = await openDatabase({ memory: true });
  return { database, drop: () => database.close() };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  return {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, TOKEN_SECRET: randomBytes(32).toString('hex') }),
    webDist: path.join(dataDir, 'no-web-build'),
    ...overrides,
  };
}

/** The whole server on a fresh database, ready for app.inject; close() removes every trace. */
export async function buildTestApp(overrides: Partial<Config> = {}, logger?: BuildOptions['logger']) {
  const config = testConfig(overrides);
  const { database, drop } = await openTestDatabase();
  await ensureRoles(database.db);
  const app = await buildApp({ config, database, logger });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    async close() {
      await app.close();
      await drop();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
