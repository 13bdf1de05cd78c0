import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, test } from 'vitest';
import { shareableRoutes } from '../../src/plugins/no-store.ts';
import type { RouteEntry } from '../../src/plugins/route-table.ts';
import { bearer, PNG_BYTES } from '../seeders.ts';
import { partnerRouteCases, userRouteCases } from './cross-tenant-calls.ts';
import { suiteTenants } from './tenant-suite.ts';

/**
 * Every API answer that is not a public read shown alike to everyone is sent with
 * `Cache-Control: no-store`: fans, orders, members, tokens and checkout results never land in a
 * browser, proxy or CDN cache. The route table is walked, so a new route is covered.
 */
const keyOf = (r: RouteEntry) => `${r.method} ${r.url}`;

const {
  t,
  tenants: [a],
} = suiteTenants('Cache');
let fileKey: string;
beforeAll(async () => {
  fileKey = (await t.app.storage.put(PNG_BYTES, 'image/png')).split('/').at(-1)!;
});

const send = (method: string, url: string, token: string | null, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A route's address with the tenant's ids in it (the bare route, for routes no case names). */
function bareUrl(r: RouteEntry) {
  const ids: Record<string, string | number> = {
    id: r.url.includes('/tickets/:id') ? a.refundTicketId : a.partnerId,
    partnerId: a.partnerId,
    ticketId: a.refundTicketId,
    key: fileKey,
  };
  return r.url.replace(/:(\w+)/g, (_, name: string) => String(ids[name] ?? 1));
}

function expectNoStore(res: LightMyRequestResponse, label: string) {
  expect(res.headers['cache-control'], `${label} answered ${res.statusCode} ${res.body.slice(0, 200)}`).toBe(
    'no-store',
  );
}

describe('Cache-Control on API answers', () => {
  const answered = new Set<string>();

  test('every partner route answers its ordinary use (and a refusal) with no-store', async () => {
    // In the case table's order, so the deletions come after the calls that need their objects.
    for (const [key, c] of Object.entries(partnerRouteCases)) {
      const [method] = key.split(' ');
      const call = c.calls(a, a)[0]!;
      const res = await send(method!, call.url, a.tokens.admin, call.payload);
      expect(res.statusCode, `${key}: ${res.body}`).toBe(c.ownStatus ?? 200);
      expectNoStore(res, key);
      expectNoStore(await send(method!, call.url, null, call.payload), `${key} without a token`);
      answered.add(key);
    }
  });

  test('every signed-in user route answers with no-store', async () => {
    for (const r of t.app.routeTable.filter((x) => x.access === 'user')) {
      const call = userRouteCases[keyOf(r)]?.calls(a, a)[0] ?? { url: bareUrl(r) };
      expectNoStore(await send(r.method, call.url, a.tokens.fan, call.payload), keyOf(r));
      answered.add(keyOf(r));
    }
  });

  test('public routes answer with no-store, except the reads shown alike to everyone', async () => {
    for (const r of t.app.routeTable.filter((x) => x.access === 'public')) {
      const res = await send(r.method, bareUrl(r), null, r.method === 'GET' ? undefined : {});
      if (shareableRoutes.has(keyOf(r))) {
        expect(res.statusCode, `${keyOf(r)}: ${res.body.slice(0, 200)}`).toBe(200);
        expect(res.headers['cache-control'] ?? '', keyOf(r)).not.toContain('no-store');
      } else expectNoStore(res, keyOf(r));
      answered.add(keyOf(r));
    }
    // A checkout's answer names the buyer and their tickets.
    const checkout = await send('POST', '/api/public/checkout', null, { partner_id: a.partnerId });
    expectNoStore(checkout, 'a refused checkout');
  });

  test('only public reads may be kept in a cache, and every route was called', () => {
    const table = new Map(t.app.routeTable.map((r) => [keyOf(r), r]));
    for (const key of shareableRoutes) {
      expect(table.get(key)?.access, key).toBe('public');
      expect(key, key).toMatch(/^GET /);
    }
    expect([...table.keys()].filter((k) => !answered.has(k))).toEqual([]);
  });

  test('files and the portal outside /api keep their own caching', async () => {
    const file = await send('GET', `/api/files/${fileKey}`, null);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const unknown = await send('GET', '/api/no-such-route', a.tokens.admin);
    expect(unknown.statusCode).toBe(404);
    expectNoStore(unknown, 'an unknown API route');
  });
});
