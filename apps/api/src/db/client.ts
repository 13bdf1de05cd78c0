import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Readable } from 'node:stream';
import { pgListen, type Listen } from './notifications.ts';
import * as schema from './schema/index.ts';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export type Schema = typeof schema;
/** Both drivers' databases share this shape, so services never know which one they have. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A query's rows as CSV bytes, straight from the database; ended when the last row is sent. */
export type CopyCsv = (query: SQL) => Promise<Readable>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /**
   * `COPY (query) TO STDOUT` on PostgreSQL: the server formats the CSV and Node passes its bytes on,
   * never turning a row into an object. None on PGlite, which buffers a COPY's whole output.
   */
  copyCsv: CopyCsv | null;
  /** Hears NOTIFYs on a channel, from every process on this database. */
  listen: Listen;
};

/**
 * A bind parameter written as a literal: COPY takes none. Only numbers, text and lists of numbers
 * (an orders search's buyers) reach a COPY here.
 */
function literal(client: pg.PoolClient, value: unknown): string {
  // In parentheses, so a negative number after a minus never reads as the start of a comment.
  if (typeof value === 'number' && Number.isFinite(value)) return `(${value})`;
  if (typeof value === 'string') return client.escapeLiteral(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'number' && Number.isFinite(v)))
    return client.escapeLiteral(`{${value.join(',')}}`);
  throw new Error(`a COPY query cannot take a parameter of type ${typeof value}`);
}

/**
 * The CSV of a query, read in a read-only transaction on the downloads' pool (slow downloads wait for
 * each other, never for the API's connections). A reader that stops early closes the connection,
 * which is the only way to stop a COPY the server is sending.
 */
function pgCopyCsv(pool: pg.Pool): CopyCsv {
  const dialect = new PgDialect();
  return async (query) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const client = await pool.connect();
    let released = false;
    const release = (err?: Error) => {
      if (released) return;
      released = true;
      client.release(err);
    };
    try {
      await client.query(
        `begin read only; set local work_mem = '64MB'; set local idle_in_transaction_session_timeout = '5min'`,
      );
      const inlined = text.replace(/\$(\d+)/g, (_, n: string) => literal(client, params[Number(n) - 1]));
      const stream = client.query(copyTo(`copy (${inlined}) to stdout with (format csv)`));
      stream.on('end', () => {
        client.query('commit').then(
          () => release(),
          (err: Error) => release(err),
        );
      });
      stream.on('error', (err) => release(err));
      stream.on('close', () => {
        if (!stream.readableEnded) release(new Error('the reader stopped before the end'));
      });
      return stream;
    } catch (err) {
      release(err as Error);
      throw err;
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
    // No JIT: it compiles a query for 100 – 300 ms once its estimated cost passes a threshold, which
    // a portal read over a big partner's orders (a broad search, a capped count) does although it
    // runs in a few milliseconds — the compile alone cost more than the whole answer.
    const pool = new pg.Pool({ connectionString: target.url, max: 20, options: '-c jit=off' });
    // An idle connection that the server ends (a restart, a failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => console.warn(`database connection closed: ${err.message}`));
    const db = drizzlePg(pool, { schema, casing: undefined });
    await migratePg(db, { migrationsFolder });
    pools.set(db as unknown as Db, pool);
    const downloadPool = new pg.Pool({ connectionString: target.url, max: 4 });
    downloadPool.on('error', (err) => console.warn(`database connection closed: ${err.message}`));
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      close: async () => {
        await Promise.all([pool.end(), downloadPool.end()]);
      },
      copyCsv: pgCopyCsv(downloadPool),
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
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close(), copyCsv: null, listen };
}

/** The handle a transaction callback receives. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The PostgreSQL pool behind each database, for the statements worth preparing. */
const pools = new WeakMap<Db, pg.Pool>();
const statementDialect = new PgDialect();
const rawText = (value: string) => value;
/** Times, dates and intervals as text, as drizzle's own `execute` reads them (the rest as pg does). */
const asDrizzleReads = {
  getTypeParser: (typeId: number, format?: 'text' | 'binary') =>
    [1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231].includes(typeId)
      ? rawText
      : pg.types.getTypeParser(typeId, format),
};

/**
 * `queryRows` as a named prepared statement on PostgreSQL, so that each connection parses it once and,
 * where its generic plan is as good as a planned-per-call one, plans it once: for a few small reads
 * in one statement the planning costs more than the run (event analytics at a million orders: 542 →
 * 773 – 952 req/s). PostgreSQL keeps planning per call when it sees that the parameters' values
 * matter (the orders page's date bound gave 0 generic plans in 8 runs until its values were read
 * through `(select $n)`, which it estimates the same either way: orders/filter.ts). Only for a query whose
 * text takes a bounded number of forms, every value a parameter: each connection keeps each form it
 * prepared. On PGlite, and inside a transaction, it is `queryRows`.
 */
export async function preparedRows<T>(db: Db | Tx, label: string, query: SQL): Promise<T[]> {
  const pool = pools.get(db as Db);
  if (!pool) return queryRows<T>(db, query);
  const { sql: text, params } = statementDialect.sqlToQuery(query);
  const result = await pool.query({ name: statementName(label, text), text, values: params, types: asDrizzleReads });
  return result.rows as T[];
}

const statementName = (label: string, text: string) =>
  `${label}-${createHash('sha1').update(text).digest('base64url').slice(0, 16)}`;

/**
 * `preparedRows` for a statement whose text takes a few shapes, each written to text once with named
 * placeholders (`sql.placeholder`) and then run with each call's values. For the reads where writing
 * the statement costs the server as much as a tenth of the request: the orders page's statement took
 * 50 µs to render and name on each call. `shape` names the text `build` writes; each shape is built
 * once per process, the oldest forgotten past `capacity`.
 */
export function statementShapes(label: string, capacity = 200) {
  const written = new Map<string, { name: string; text: string; params: unknown[] }>();
  return async function shapedRows<T>(
    db: Db | Tx,
    shape: string,
    build: () => SQL,
    values: Record<string, unknown>,
  ): Promise<T[]> {
    let statement = written.get(shape);
    if (!statement) {
      const { sql: text, params } = statementDialect.sqlToQuery(build());
      statement = { name: statementName(label, text), text, params };
      if (written.size >= capacity) written.delete(written.keys().next().value!);
      written.set(shape, statement);
    }
    const pool = pools.get(db as Db);
    if (!pool) {
      // PGlite, or a transaction: drizzle's own path, which fills the placeholders itself.
      const query = db._.session.prepareQuery(
        { sql: statement.text, params: statement.params },
        undefined,
        undefined,
        false,
      );
      return ((await query.execute(values)) as { rows: T[] }).rows;
    }
    const { name, text, params } = statement;
    const result = await pool.query({ name, text, values: fillPlaceholders(params, values), types: asDrizzleReads });
    return result.rows as T[];
  };
}

/** Runs raw SQL and answers its rows; both drivers' results carry `rows`. */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
