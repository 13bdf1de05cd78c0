import { loadavg } from 'node:os';
import { runLoad } from './lib.ts';
import { measureGet, signIn, spawnServer } from './server.ts';

/**
 * The overall analytics and billing calls on a database already filled by the bulk generator
 * (`npm run seed -- --orders N` prints the login): the real server in a process of its own (it
 * applies pending migrations first), 50 sequential GETs after 3 warm-ups, then autocannon with 10
 * connections for BENCH_SECONDS (default 10) per call, in a process of its own.
 *
 *   node --import tsx bench/partner-reads.ts <DATABASE_URL> <login e-mail> <partner id>
 */
const [databaseUrl, email, partnerId] = process.argv.slice(2);
if (!databaseUrl || !email || !partnerId) {
  console.error('usage: bench/partner-reads.ts <DATABASE_URL> <login e-mail> <partner id>');
  process.exit(2);
}
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const load = () => `load ${loadavg()[0]!.toFixed(1)}`;
const started = Date.now();
const server = await spawnServer(3917, { DATABASE_URL: databaseUrl });
console.log(`server up, migrations applied, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
try {
  const { token } = await signIn(server.base, { email, password: 'demo-password', partnerId: Number(partnerId) });
  const calls = {
    'overall analytics': `${server.base}/events/analytics/${partnerId}`,
    billing: `${server.base}/analytics/billing/${partnerId}`,
  };
  for (const [name, url] of Object.entries(calls)) {
    const l = await measureGet(url, token, 50);
    console.log(`${name}, one at a time: p50 ${l.p50} ms, p95 ${l.p95} ms, p99 ${l.p99} ms; ${load()}`);
  }
  for (const [name, url] of Object.entries(calls)) {
    const r = await runLoad({ url, connections: 10, seconds, headers: { authorization: `Bearer ${token}` } });
    console.log(
      `${name}, 10 connections, ${seconds} s: ${r.requests.average.toFixed(1)} req/s, p50 ${r.latency.p50} ms, ` +
        `p99 ${r.latency.p99} ms, ${r.non2xx} non-2xx, ${r.errors} errors; ${load()}`,
    );
  }
} finally {
  await server.stop();
}
