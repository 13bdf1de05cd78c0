import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { seedBulk, type BulkResult } from '../apps/api/src/db/seed/bulk.ts';
import { scratchPostgres } from '../apps/api/test/scratch-database.ts';

/** A throw-away PostgreSQL database for one benchmark run, dropped afterwards. */
export const freshPostgres = () =>
  scratchPostgres(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'portal_bench');

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A fresh database with N bulk orders, and when seeding it began: a report says how long the load took. */
export type BulkPostgres = { target: Awaited<ReturnType<typeof freshPostgres>>; bulk: BulkResult; started: number };

/** Runs a benchmark on a fresh PostgreSQL database with N bulk orders, dropped afterwards; answers its lines. */
export async function onBulkPostgres(orders: number, bench: (data: BulkPostgres, lines: string[]) => Promise<void>) {
  const target = await freshPostgres();
  const lines: string[] = [];
  try {
    const started = Date.now();
    const bulk = await seedBulk(target.database.db, { orders });
    await bench({ target, bulk, started }, lines);
  } finally {
    await target.drop();
  }
  return lines;
}

/** The machine's 1-minute load average: other work on the same cores moves every figure. */
export const load = () => `load ${loadavg()[0]!.toFixed(1)}`;

export type LoadOptions = {
  url: string;
  connections: number;
  seconds?: number;
  requests?: number;
  headers?: Record<string, string>;
  body?: string;
  /** Several bodies, sent in turn. */
  bodies?: string[];
  /** Each POST under an Idempotency-Key of its own. */
  keyed?: boolean;
};

export type LoadResult = {
  '2xx': number;
  '5xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  /** The answers of 409 alone: how long a refused buyer waited, in ms. */
  refusals: { count: number; p50: number; p99: number };
};

/** Generates HTTP load with autocannon from a process of its own (load-worker.ts). */
export const runLoad = (options: LoadOptions) =>
  new Promise<LoadResult>((resolve, reject) =>
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'load-worker.ts'), JSON.stringify(options)],
      { maxBuffer: 64 * 1024 * 1024 },
      (err, stdout) => (err ? reject(err) : resolve(JSON.parse(stdout) as LoadResult)),
    ),
  );
