import { scratchPostgres } from '../apps/api/test/scratch-database.ts';

/** A throw-away PostgreSQL database for one benchmark run, dropped afterwards. */
export const freshPostgres = () =>
  scratchPostgres(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'portal_bench');

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
