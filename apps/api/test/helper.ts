import { Writable } from 'node:stream';
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
    // Tests change sessions and memberships straight in the database and look at once; the cache's own
    // tests turn it on and wait for its notifications.
    sessionCache: false,
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

/** A test app with its database and config, as buildTestApp answers it. */
export type TestHarness = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * Two API instances on one database, as behind a load balancer: on PostgreSQL (TEST_DATABASE_URL) each
 * with a connection pool of its own; on the embedded database, which one process serves, sharing it.
 */
export async function twoInstances(overrides: Partial<Config> = {}) {
  const config = testConfig(overrides);
  const adminUrl = process.env.TEST_DATABASE_URL;
  let databases: [Database, Database];
  let drop: () => Promise<void>;
  let url: string | null = null;
  if (adminUrl) {
    const scratch = await scratchPostgres(adminUrl, 'portal_test');
    url = scratch.url;
    const second = await openDatabase({ url: scratch.url });
    databases = [scratch.database, second];
    drop = async () => {
      await second.close();
      await scratch.drop();
    };
  } else {
    const database = await openDatabase({ memory: true });
    databases = [database, database];
    drop = () => database.close();
  }
  await ensureRoles(databases[0].db);
  const apps = [await buildApp({ config, database: databases[0] }), await buildApp({ config, database: databases[1] })];
  return {
    apps: apps as [TestApp, TestApp],
    db: databases[0].db,
    /** On PostgreSQL, the database both use: a third instance, or a process of its own, can join them. */
    url,
    async close() {
      await Promise.all(apps.map((a) => a.close()));
      await drop();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** A log stream for a test app that keeps every line written to it, to look for what a log holds. */
export function capturedLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, stream };
}

/** A POST of a body as written (JSON unless the headers say otherwise): bodies no client of the API builds. */
export const postRaw = (app: TestApp, url: string, payload: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload });
