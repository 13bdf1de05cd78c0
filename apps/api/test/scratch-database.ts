import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.ts';

/**
 * A database of its own on the PostgreSQL server behind `adminUrl`, migrated; `drop` closes it and
 * removes it. Used by the API tests (TEST_DATABASE_URL) and the benchmarks.
 */
export async function scratchPostgres(
  adminUrl: string,
  prefix: string,
): Promise<{ database: Database; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}
