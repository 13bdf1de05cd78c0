import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, LISTEN_BACKLOG } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import type { Database } from '../apps/api/src/db/client.ts';

export type Latency = { p50: number; p95: number; p99: number; max: number };

/**
 * Signs in the way the portal does (password, then an organisation: the one named, else the user's
 * first) and answers the partner-scoped token with what the portal keeps beside it.
 */
export async function signIn(base: string, login: { email: string; password: string; partnerId?: number }) {
  const call = async <T>(url: string, body?: object, token?: string): Promise<T> => {
    const res = await fetch(`${base}${url}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    return ((await res.json()) as { data: T }).data;
  };
  const { id_token } = await call<{ id_token: string }>('/identity/sign-in', {
    email: login.email,
    password: login.password,
  });
  const user = await call<{ access_token: string; user_id: number; uid: string }>('/login', { firebase_id: id_token });
  const partnerId =
    login.partnerId ??
    (await call<{ ID: number; Partners: { ID: number }[] }[]>('/users', undefined, user.access_token)).find(
      (u) => u.ID === user.user_id,
    )!.Partners[0]!.ID;
  const token = await call<string>('/login/partner', { partner_id: partnerId }, user.access_token);
  return { token, partnerId, userId: user.user_id, uid: user.uid };
}

/**
 * The real server (`npm run serve`) in a process of its own, so its memory and event loop are its
 * own; answers once it is healthy. `env` adds to or overrides the production settings.
 */
export async function spawnServer(port: number, env: Record<string, string>) {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      TOKEN_SECRET: 'y'.repeat(40),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-serve-')),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stopped = new Promise((resolve) => server.once('exit', resolve));
  const stop = async () => {
    server.kill('SIGTERM');
    await stopped;
  };
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if ((await fetch(`${origin}/api/health`).catch(() => null))?.ok) break;
    if (i > 240 || server.exitCode !== null) {
      await stop();
      throw new Error('the server did not start');
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { origin, base: `${origin}/api`, pid: server.pid!, stop };
}

/** The API's production settings for a benchmark, on the database it is given, logging nothing. */
export const benchConfig = (dataDirPrefix: string) => ({
  ...loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), dataDirPrefix)),
    TOKEN_SECRET: 'x'.repeat(40),
    DATABASE_URL: 'postgres://unused@localhost/x',
  }),
  databaseUrl: undefined,
  logLevel: 'silent' as const,
});

/**
 * The real HTTP server on a benchmark database, listening on a free loopback port, with a partner
 * token for the bulk partner's admin (signed in the way the portal does).
 */
export async function benchServer(database: Database, login: { email: string; password: string; partnerId: number }) {
  const app = await buildApp({ config: benchConfig('portal-bench-'), database });
  await app.listen({ host: '127.0.0.1', port: 0, backlog: LISTEN_BACKLOG });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
  const { token } = await signIn(base, login);
  return { base, token, close: () => app.close() };
}

/** Sequential GETs through the real HTTP server: latency as a person waiting for the page sees it. */
export async function measureGet(url: string, token: string, runs: number): Promise<Latency> {
  const get = async () => {
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    await res.arrayBuffer();
  };
  for (let i = 0; i < 3; i++) await get();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await get();
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => Math.round(ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]! * 10) / 10;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: Math.round(ms.at(-1)! * 10) / 10 };
}
