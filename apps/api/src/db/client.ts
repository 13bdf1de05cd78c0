import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { pgListen, type Listen } from './notifications.ts';
import * as schema from './schema/index.ts';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export type Schema = typeof schema;
/** Both drivers' databases share this shape, so services never know which one they have. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Reads a query's rows in batches, holding one connection for as long as the reading lasts. */
export type RowCursor = <T>(query: SQL, batch: number) => AsyncGenerator<T[]>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /**
   * A server-side cursor on PostgreSQL. None on PGlite: its one connection would be held for the
   * whole read, so long reads there go in keyset batches instead.
   */
  cursor: RowCursor | null;
  /** Hears NOTIFYs on a channel, from every process on this database. */
  listen: Listen;
};

/**
 * One read-only transaction with a cursor over the query; rolled back if the reader stops early. The
 * cursors get a small pool of their own: slow downloads wait for each other, never for the API's
 * connections, and a reader that stalls for minutes is cut off by the server.
 */
function pgCursor(pool: pg.Pool): RowCursor {
  const dialect = new PgDialect();
  return async function* <T>(query: SQL, batch: number) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const client = await pool.connect();
    let finished = false;
    try {
      await client.query('begin read only');
      // Plan for reading every row (parallel scans, hash joins, a sort in memory), not the first few.
      await client.query(
        `set local cursor_tuple_fraction = 1; set local work_mem = '64MB'; set local idle_in_transaction_session_timeout = '5min'`,
      );
      await client.query(`declare reading no scroll cursor for ${text}`, params);
      for (;;) {
        const { rows } = await client.query(`fetch ${batch} from reading`);
        if (rows.length === 0) break;
        yield rows as T[];
      }
      await client.query('commit');
      finished = true;
    } finally {
      if (!finished) await client.query('rollback').catch(() => undefined);
      client.release();
    }
  };
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true };

/** What the migrations need beyond core PostgreSQL (trigram indexes for searching names). */
const extensions = { pg_trgm };

/** Opens the database and applies every migration before anyone uses it. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: 20 });
    // An idle connection that the server ends (a restart, a failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => console.warn(`database connection closed: ${err.message}`));
    const db = drizzlePg(pool, { schema, casing: undefined });
    await migratePg(db, { migrationsFolder });
    const cursorPool = new pg.Pool({ connectionString: target.url, max: 4 });
    cursorPool.on('error', (err) => console.warn(`database connection closed: ${err.message}`));
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      close: async () => {
        await Promise.all([pool.end(), cursorPool.end()]);
      },
      cursor: pgCursor(cursorPool),
      listen: pgListen(target.url),
    };
  }
  let client: PGlite;
  if ('dataDir' in target) {
    mkdirSync(target.dataDir, { recursive: true });
    client = await PGlite.create(path.join(target.dataDir, 'db'), { extensions });
  } else {
    client = await PGlite.create({ extensions });
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  // One process owns the embedded database, so its own notifications always arrive.
  const listen: Listen = async (channel, onMessage, live) => {
    const stop = await client.listen(channel, onMessage);
    live(true);
    return async () => {
      live(false);
      if (!client.closed) await stop();
    };
  };
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close(), cursor: null, listen };
}

/** The handle a transaction callback receives. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Runs raw SQL and answers its rows; both drivers' results carry `rows`. */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
