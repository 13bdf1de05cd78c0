import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { seedBulk, type BulkResult } from '../apps/api/src/db/seed/bulk.ts';
import type { RushOptions, RushResult } from './rush-worker.ts';
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
  /** Seconds of the same load first, untimed: the server's code compiled and its connections' plans made. */
  warmupSeconds?: number;
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
  /** The machine's busy CPU time during the run, every process (`machineBusyMs`). */
  busyMs: number;
};

/** Runs a load generator in a process of its own (so it does not share the server's event loop). */
const fromWorker = <T>(script: string, options: unknown) =>
  new Promise<T>((resolve, reject) =>
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, script), JSON.stringify(options)],
      { maxBuffer: 64 * 1024 * 1024 },
      (err, stdout) => (err ? reject(err) : resolve(JSON.parse(stdout) as T)),
    ),
  );

/** Sends every buyer's request at once over connections opened beforehand (`rush-worker.ts`). */
export const runRush = (options: RushOptions) => fromWorker<RushResult>('rush-worker.ts', options);

/** Generates HTTP load with autocannon (`load-worker.ts`). */
export const runLoad = (options: LoadOptions) => fromWorker<LoadResult>('load-worker.ts', options);
