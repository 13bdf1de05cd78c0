import { idParamSchema, idSchema } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RouteEntry } from '../../src/plugins/route-table.ts';
import { buildTestApp } from '../helper.ts';
import { bearer, createEvent, createPartnerWithAdmin, PNG_DATA_URL, signIn } from '../seeders.ts';
import { changedTables, settledChecksums } from './db-checksum.ts';

/**
 * Ids are never coerced: in a JSON body only a JSON number is an id, in a path or query only digits.
 * Every id field of every route in the route table is sent the values a lenient reading takes for 1,
 * so a new route or field is covered without naming it here.
 */
const ID_MESSAGE = 'An id is a whole number of 1 or more.';
const badBodyIds: unknown[] = [true, [1], ' 1 ', '1e0', 1.5, '1', 0, -1, 2_147_483_648, null, {}];
const badPathIds = [' 1 ', '+1', '1e0', '1.5', '01', '0x1', '-1', '0', '2147483648', 'true'];

type Def = { type: string } & Record<string, unknown>;
type IdPath = (string | number)[];
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/** Where in a schema's values the given id schema appears: `tickets.0.ticket_type_id`, `0.id`… */
function idPaths(schema: unknown, target: unknown, path: IdPath = []): IdPath[] {
  if (schema === target) return [path];
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([k, v]) => idPaths(v, target, [...path, k]));
    case 'array':
      return idPaths(def.element, target, [...path, 0]);
    case 'optional':
    case 'default':
    case 'nullable':
      return idPaths(def.innerType, target, path);
    default:
      return [];
  }
}

/** Whether the id at `path` may be null, as an id that can be unset is (a map an event no longer uses). */
function nullableAt(schema: unknown, path: IdPath): boolean {
  const def = defOf(schema);
  if (def.type === 'nullable') return path.length === 0 || nullableAt(def.innerType, path);
  if (path.length === 0) return false;
  const [head, ...rest] = path;
  if (def.type === 'object') return nullableAt((def.shape as Record<string, unknown>)[head!], rest);
  if (def.type === 'array') return nullableAt(def.element, rest);
  if (def.type === 'optional' || def.type === 'default') return nullableAt(def.innerType, path);
  return false;
}

/** A value holding `leaf` at `path` and nothing else. */
const valueAt = (path: IdPath, leaf: unknown): unknown => {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  return typeof head === 'number' ? [valueAt(rest, leaf)] : { [head!]: valueAt(rest, leaf) };
};

const schemaOf = (route: RouteEntry, part: 'body' | 'params' | 'querystring') =>
  (route.schema as Record<string, unknown> | undefined)?.[part];

let t: Awaited<ReturnType<typeof buildTestApp>>;
let token: string;
let partnerId: number;
let eventId: number;
let address = 0;

const call = (route: RouteEntry, url: string, payload?: unknown) =>
  t.app.inject({
    method: route.method,
    url,
    headers: { ...(route.access === 'public' ? {} : bearer(token)) },
    // A new address per request: no rate limit can answer before the ids are read.
    remoteAddress: `10.9.${(++address >> 8) & 255}.${address & 255}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A 422 naming the id field with the plain message; `alone` when nothing else in the request is wrong. */
function expectIdRefusal(res: Awaited<ReturnType<typeof call>>, field: string, what: string, alone = false) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(422);
  const { error } = res.json();
  expect(error.code, what).toBe('validation_failed');
  expect(error.fields?.[field], `${what}: ${res.body}`).toBe(ID_MESSAGE);
  if (alone)
    expect(error).toEqual({
      code: 'validation_failed',
      message: ID_MESSAGE,
      fields: { [field]: ID_MESSAGE },
    });
}

beforeAll(async () => {
  t = await buildTestApp();
  const { partner, admin } = await createPartnerWithAdmin(t.db);
  const { event } = await createEvent(t.db, partner.id, {
    days: [{ start: '2030-06-01T18:00:00Z', end: '2030-06-01T22:00:00Z' }],
  });
  token = await signIn(t.app, admin.email, partner.id);
  partnerId = partner.id;
  eventId = event.id;
});
afterAll(() => t.close());

describe('ids are read strictly', () => {
  test('the first partner and event have id 1, so a coerced id would name them', () => {
    expect([partnerId, eventId]).toEqual([1, 1]);
  });

  test('a body id that is not a JSON number is refused with 422 and a plain message, and writes nothing', async () => {
    // Whole bodies that are valid but for the id: coerced, each would act on partner or event 1.
    const cases: [url: string, body: (id: unknown) => object, field: string][] = [
      ['/api/support', (id) => ({ event_id: id, contact: 'help@example.test' }), 'event_id'],
      ['/api/sponsors', (id) => ({ event_id: id, name: 'Brewery', image: '' }), 'event_id'],
      ['/api/templates', (id) => ({ partner_id: id, image: PNG_DATA_URL }), 'partner_id'],
    ];
    const before = await settledChecksums(t.db, t.app);
    for (const [url, body, field] of cases) {
      for (const bad of [true, [1], ' 1 ', '1e0', 1.5]) {
        const res = await t.app.inject({ method: 'POST', url, headers: bearer(token), payload: body(bad) });
        expectIdRefusal(res, field, `POST ${url} ${field}=${JSON.stringify(bad)}`, true);
      }
    }
    expect(changedTables(before, await settledChecksums(t.db, t.app))).toEqual([]);
    // The same body with a real id goes through, so the refusals came from the ids alone.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support',
      headers: bearer(token),
      payload: { event_id: 1, contact: 'help@example.test' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  test('every id in every route body is refused unless it is a whole JSON number', async () => {
    let checked = 0;
    const before = await settledChecksums(t.db, t.app);
    for (const route of t.app.routeTable) {
      const body = schemaOf(route, 'body');
      if (!body) continue;
      const url = route.url.replace(/:(\w+)/g, '1');
      for (const path of idPaths(body, idSchema)) {
        for (const bad of badBodyIds) {
          if (bad === null && nullableAt(body, path)) continue;
          const res = await call(route, url, valueAt(path, bad));
          expectIdRefusal(res, path.join('.'), `${route.method} ${route.url} ${path.join('.')}=${JSON.stringify(bad)}`);
          checked += 1;
        }
      }
    }
    expect(changedTables(before, await settledChecksums(t.db, t.app))).toEqual([]);
    // Bodies naming partners, events, days, ticket types, templates, roles, fans and tickets.
    expect(checked).toBeGreaterThan(20 * badBodyIds.length);
  });

  test('every id in every path and query is refused unless it is digits alone', async () => {
    let checked = 0;
    for (const route of t.app.routeTable) {
      const params = schemaOf(route, 'params');
      for (const [name] of params ? idPaths(params, idParamSchema) : []) {
        for (const bad of badPathIds) {
          const url = route.url.replace(/:(\w+)/g, (_, n: string) => (n === name ? encodeURIComponent(bad) : '1'));
          expectIdRefusal(
            await call(route, url),
            String(name),
            `${route.method} ${url}`,
            !schemaOf(route, 'body') && !schemaOf(route, 'querystring'),
          );
          checked += 1;
        }
      }
      const query = schemaOf(route, 'querystring');
      const url = route.url.replace(/:(\w+)/g, '1');
      for (const [name] of query ? idPaths(query, idParamSchema) : []) {
        for (const bad of [...badPathIds, ['1', '1']]) {
          const values = Array.isArray(bad) ? bad : [bad];
          const qs = values.map((v) => `${String(name)}=${encodeURIComponent(v)}`).join('&');
          expectIdRefusal(await call(route, `${url}?${qs}`), String(name), `${route.method} ${url}?${qs}`);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(30 * badPathIds.length);
  });
});
