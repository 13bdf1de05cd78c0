import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import type { RouteEntry } from '../../src/plugins/route-table.ts';
import { bearer, PAID_CARD } from '../seeders.ts';
import { partnerRouteCases, userRouteCases, type Call } from './cross-tenant-calls.ts';
import { changedTables, tableChecksums } from './db-checksum.ts';
import { suiteTenants } from './tenant-suite.ts';
import type { Tenant } from './tenants.ts';

/**
 * An id that names nothing answers 404 in the envelope, never `200 []` or an empty object: every
 * route with an id in its path or query, walked from the route table, is called as in its ordinary
 * use with one id at a time replaced by one that does not exist.
 */
const MISSING = 2_000_000_000;
/** Path parameters that are not numbers: a value of their form that names nothing. */
const missingFor: Record<string, string> = { ':key': 'fedcba9876543210.png', ':hold': randomUUID() };
const keyOf = (r: RouteEntry) => `${r.method} ${r.url}`;
const idQueryKeys = (r: RouteEntry) =>
  Object.keys((r.schema?.querystring as { shape?: object } | undefined)?.shape ?? {}).filter((k) => /(^|_)id$/.test(k));

const {
  t,
  tenants: [a],
} = suiteTenants('Missing');

/** The ordinary use of the public routes that name an id, as the widget makes it. */
const publicCalls = (o: Tenant): Record<string, Call> => ({
  'GET /api/public/partners/:id/events': { url: `/api/public/partners/${o.partnerId}/events` },
  'GET /api/public/partners/:id/resales': { url: `/api/public/partners/${o.partnerId}/resales` },
  'GET /api/public/partners/:id/widget': { url: `/api/public/partners/${o.partnerId}/widget` },
  'POST /api/public/partners/:id/widget/sign-in-link': {
    url: `/api/public/partners/${o.partnerId}/widget/sign-in-link`,
    payload: { email: o.fanEmail, return_url: 'https://tickets.example.test/' },
  },
  'POST /api/public/partners/:partnerId/resales/:id/buy': {
    url: `/api/public/partners/${o.partnerId}/resales/${o.resaleId}/buy`,
    payload: { buyer: { email: 'buyer@fans.test', full_name: 'Buyer' }, payment_method: PAID_CARD },
  },
  'GET /api/files/:key': { url: '/api/files/0123456789abcdef.png' },
  'GET /api/public/events/:id/days/:dayId/seats': { url: `/api/public/events/${o.eventId}/days/${o.dayId}/seats` },
  'POST /api/public/events/:id/days/:dayId/seat-holds': {
    url: `/api/public/events/${o.eventId}/days/${o.dayId}/seat-holds`,
    payload: { seat_ids: [o.seatIds[0]] },
  },
  'DELETE /api/public/seat-holds/:hold': { url: `/api/public/seat-holds/${randomUUID()}` },
});

function ordinaryCall(r: RouteEntry): { call: Call; token: string | null } {
  const key = keyOf(r);
  if (r.access === 'public') return { call: publicCalls(a)[key]!, token: null };
  const c = partnerRouteCases[key] ?? userRouteCases[key];
  return { call: c!.calls(a, a)[0]!, token: r.access === 'user' ? a.tokens.fan : a.tokens.admin };
}

/** The call with its n-th path segment that is an id (or a query id) replaced by one that names nothing. */
function withMissing(r: RouteEntry, call: Call): { label: string; url: string }[] {
  const [path, query = ''] = call.url.split('?');
  const template = r.url.split('/');
  const segments = path!.split('/');
  const variants = template.flatMap((part, i) =>
    part.startsWith(':')
      ? [
          {
            label: part,
            url: [...segments.slice(0, i), missingFor[part] ?? MISSING, ...segments.slice(i + 1)]
              .join('/')
              .concat(query ? `?${query}` : ''),
          },
        ]
      : [],
  );
  for (const name of idQueryKeys(r)) {
    const params = new URLSearchParams(query);
    params.set(name, String(MISSING));
    variants.push({ label: `?${name}`, url: `${path}?${params}` });
  }
  return variants;
}

describe('ids that name nothing', () => {
  const named = () => t.app.routeTable.filter((r) => r.url.includes(':') || idQueryKeys(r).length > 0);

  test('every route that takes an id has an ordinary call to start from', () => {
    expect(named().length).toBeGreaterThan(40);
    for (const r of named()) expect(ordinaryCall(r).call, keyOf(r)).toBeDefined();
  });

  test('every route answers an id that does not exist with 404 and changes nothing', async () => {
    let before = await tableChecksums(t.db);
    for (const r of named()) {
      const { call, token } = ordinaryCall(r);
      for (const { label, url } of withMissing(r, call)) {
        const what = `${keyOf(r)} with ${label} missing (${url})`;
        const res = await t.app.inject({
          method: r.method,
          url,
          headers: token ? bearer(token) : {},
          ...(call.payload === undefined ? {} : { payload: call.payload as object }),
        });
        expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBe(404);
        expect(res.json(), what).toMatchObject({ success: false, error: { code: 'not_found' } });
        const after = await tableChecksums(t.db);
        expect(changedTables(before, after), `${what} wrote data`).toEqual([]);
        before = after;
      }
    }
  });
});
