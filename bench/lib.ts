import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';

/** A throw-away PostgreSQL database for one benchmark run, dropped afterwards. */
export async function freshPostgres(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `portal_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    database,
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
