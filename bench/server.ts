import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import type { Database } from '../apps/api/src/db/client.ts';

export type Latency = { p50: number; p95: number; p99: number; max: number };

/**
 * The real HTTP server on a benchmark database, listening on a free loopback port, with a partner
 * token for the bulk partner's admin (signed in the way the portal does).
 */
export async function benchServer(database: Database, login: { email: string; password: string; partnerId: number }) {
  const config = {
    ...loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-bench-')),
      TOKEN_SECRET: 'x'.repeat(40),
      DATABASE_URL: 'postgres://unused@localhost/x',
    }),
    databaseUrl: undefined,
    logLevel: 'silent' as const,
  };
  const app = await buildApp({ config, database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
  const post = async <T>(url: string, body: object, token?: string): Promise<T> => {
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return ((await res.json()) as { data: T }).data;
  };
  const { id_token } = await post<{ id_token: string }>('/identity/sign-in', {
    email: login.email,
    password: login.password,
  });
  const { access_token } = await post<{ access_token: string }>('/login', { firebase_id: id_token });
  const token = await post<string>('/login/partner', { partner_id: login.partnerId }, access_token);
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
