import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { RouteEntry } from '../../src/plugins/route-table.ts';
import { hostileFor, hostileValue, UnwalkableSchemaError, validFor, type Known } from './arbitraries.ts';

/** The parts of a request a route's schemas validate, in Fastify's names. */
export const locations = ['params', 'querystring', 'headers', 'body'] as const;
export type Location = (typeof locations)[number];

type SafeParser = { safeParse(value: unknown): { success: boolean } };

export type Body =
  { kind: 'none' } | { kind: 'json'; text: string } | { kind: 'raw'; contentType: string; text: string };

/** A request as the server receives it: every value already in its wire form. */
export type Payload = {
  /** Path segments, percent-encoded. */
  params: Record<string, string>;
  querystring: Record<string, string | string[]>;
  headers: Record<string, string>;
  body: Body;
};

/** The parts of a request the route declares a schema for. */
export const validatedLocations = (route: RouteEntry): Location[] =>
  locations.filter((l) => (route.schema as Record<string, unknown> | undefined)?.[l] !== undefined);

/** The route's zod schema for each part it validates; anything else there is a mistake, not a skip. */
export function schemasOf(route: RouteEntry): Partial<Record<Location, SafeParser>> {
  const schemas: Partial<Record<Location, SafeParser>> = {};
  for (const location of locations) {
    const schema = (route.schema as Record<string, unknown> | undefined)?.[location];
    if (schema === undefined) continue;
    if (typeof (schema as Partial<SafeParser>).safeParse !== 'function') {
      throw new UnwalkableSchemaError(`${route.method} ${route.url}: the ${location} schema is not a zod schema`);
    }
    schemas[location] = schema as SafeParser;
  }
  return schemas;
}

const paramNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);

/** Text as it can travel in a URL: a lone surrogate cannot be percent-encoded, so it becomes U+FFFD. */
const wellFormed = (s: string) =>
  s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

function asText(value: unknown): string {
  if (typeof value === 'string') return wellFormed(value);
  if (value !== null && typeof value === 'object') return wellFormed(JSON.stringify(value) ?? '');
  return String(value);
}

function toQuery(value: unknown): Record<string, string | string[]> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  const query: Record<string, string | string[]> = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined) continue;
    // Repeated keys arrive as a list; a list of one is a single value on the wire.
    const list = Array.isArray(v) ? v.map(asText) : [asText(v)];
    if (list.length > 0) query[wellFormed(key)] = list.length === 1 ? list[0]! : list;
  }
  return query;
}

const HEADER_NAME = /^[a-z0-9-]+$/;
/** A header value Node will send: printable ASCII. */
const headerText = (value: unknown) => asText(value).replace(/[^\x20-\x7e]/g, '');

function toHeaders(value: unknown): Record<string, string> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  const headers: Record<string, string> = {};
  for (const [key, v] of Object.entries(value)) {
    const name = key.toLowerCase();
    if (v !== undefined && HEADER_NAME.test(name) && name !== 'authorization') headers[name] = headerText(v);
  }
  return headers;
}

/** A path segment sent as it is, not percent-encoded: how a malformed encoding reaches the server. */
class RawSegment {
  constructor(readonly text: string) {}
}

const segment = (value: unknown) =>
  value instanceof RawSegment ? value.text : value === undefined ? '' : encodeURIComponent(asText(value));

/** A path parameter that is missing or broken away travels as an empty segment. */
function toParams(value: unknown, url: string): Record<string, string> {
  const given = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return Object.fromEntries(paramNames(url).map((name) => [name, segment(given[name])]));
}

const malformedSegment = fc.constantFrom('%', '%zz', '%E0%A4%A', '%C0%AF', '%FF').map((t) => new RawSegment(t));

/** Valid path parameters with one of them replaced by a malformed percent-encoding. */
function malformedParams(url: string, valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(valid, fc.constantFrom(...paramNames(url)), malformedSegment)
    .map(([params, name, raw]) => ({ ...(params as Record<string, unknown>), [name]: raw }));
}

/** Path parameters of a route that does not validate them still need real values to reach it. */
const knownParams = (url: string, known: Known) =>
  Object.fromEntries(paramNames(url).map((name) => [name, known[name]?.[0] ?? '']));

const jsonBody = (value: unknown): Body => {
  const text = JSON.stringify(value);
  return text === undefined ? { kind: 'none' } : { kind: 'json', text: text };
};

type Parts = Record<Location, unknown>;

function toPayload(route: RouteEntry, parts: Parts, rawBody: Body | undefined): Payload {
  return {
    params: toParams(parts.params, route.url),
    querystring: toQuery(parts.querystring),
    headers: toHeaders(parts.headers),
    body: rawBody ?? jsonBody(parts.body),
  };
}

/** JSON text that is broken, poisons prototypes, or nests deeper than any value the generators build. */
const oddJson = fc.constantFrom(
  '',
  '{',
  '{"a":',
  '[1,2',
  "{'a':1}",
  '{"a":1,}',
  'NaN',
  '\u0000',
  '{"a":1}{"b":2}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
);

const wrongContentTypes = fc.constantFrom(
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----portal',
  'application/octet-stream',
  'image/png',
  'application/json; charset=utf-16',
  'text/json',
);

/** Bodies beside plain JSON: odd JSON text, or a body sent under another content type. */
function rawBodies(valid: fc.Arbitrary<unknown>): fc.Arbitrary<Body> {
  return fc.oneof(
    oddJson.map((text): Body => ({ kind: 'raw', contentType: 'application/json', text })),
    fc
      .tuple(valid, wrongContentTypes)
      .map(([value, contentType]): Body => ({ kind: 'raw', contentType, text: JSON.stringify(value) ?? '' })),
  );
}

export type RoutePayloads = {
  valid: fc.Arbitrary<Payload>;
  /** Valid payloads with one part broken: most of them the schemas reject. */
  hostile: fc.Arbitrary<Payload>;
  /** Anything: valid, broken, or junk where the route expects nothing. */
  any: fc.Arbitrary<Payload>;
};

/** Every payload kind for one route, derived from its schemas and the world's valid values. */
export function routePayloads(route: RouteEntry, known: Record<Location, Known>): RoutePayloads {
  const schemas = schemasOf(route);
  const validParts = Object.fromEntries(
    locations.map((l) => [l, schemas[l] ? validFor(schemas[l], known[l]) : fc.constant(undefined)]),
  ) as Record<Location, fc.Arbitrary<unknown>>;
  if (!schemas.params) validParts.params = fc.constant(knownParams(route.url, known.params));
  const build = (parts: fc.Arbitrary<Parts>, raw: fc.Arbitrary<Body | undefined> = fc.constant(undefined)) =>
    fc.tuple(parts, raw).map(([p, body]) => toPayload(route, p, body));

  const valid = build(fc.record(validParts));
  const broken = (Object.keys(schemas) as Location[]).map((l) =>
    build(fc.record({ ...validParts, [l]: hostileFor(validParts[l]) })),
  );
  if (schemas.body) broken.push(build(fc.record(validParts), rawBodies(validParts.body)));
  if (paramNames(route.url).length > 0) {
    broken.push(build(fc.record({ ...validParts, params: malformedParams(route.url, validParts.params) })));
  }
  const hostile = broken.length > 0 ? fc.oneof(...broken) : valid;

  // Junk where the route declares nothing: it must be ignored or refused, never trip the server.
  const junk = build(
    fc.record({
      ...validParts,
      querystring: schemas.querystring
        ? validParts.querystring
        : fc.dictionary(fc.string({ maxLength: 10 }), hostileValue, { maxKeys: 3 }),
      body: schemas.body ? validParts.body : hostileValue,
    }),
    schemas.body ? undefined : fc.option(rawBodies(hostileValue), { nil: undefined }),
  );
  return { valid, hostile, any: fc.oneof(valid, hostile, junk) };
}

function tryJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** What the server could make of a body: a raw body counts as accepted if any reading of it passes. */
function bodyReadings(body: Body): unknown[] {
  if (body.kind === 'none') return [undefined];
  const json = tryJson(body.text);
  if (body.kind === 'json' || body.contentType === 'application/json') return json.ok ? [json.value] : [];
  const form = Object.fromEntries(new URLSearchParams(body.text));
  return [undefined, body.text, form, ...(json.ok ? [json.value] : [])];
}

/** The path parameters as the route would read them, or null when a segment is not valid percent-encoding. */
function decodedParams(params: Payload['params']): Record<string, string> | null {
  try {
    return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, decodeURIComponent(v)]));
  } catch {
    return null;
  }
}

/** Whether the route's own schemas refuse this payload (so the server must answer 4xx). */
export function schemasReject(route: RouteEntry, payload: Payload): boolean {
  const schemas = schemasOf(route);
  const params = decodedParams(payload.params);
  if (params === null) return true;
  if (schemas.params && !schemas.params.safeParse(params).success) return true;
  if (schemas.querystring && !schemas.querystring.safeParse(payload.querystring).success) return true;
  if (schemas.headers && !schemas.headers.safeParse(payload.headers).success) return true;
  if (schemas.body && !bodyReadings(payload.body).some((b) => schemas.body!.safeParse(b).success)) return true;
  return false;
}

function queryString(query: Payload['querystring']): string {
  const pairs = Object.entries(query).flatMap(([k, v]) =>
    (Array.isArray(v) ? v : [v]).map((x) => `${encodeURIComponent(k)}=${encodeURIComponent(x)}`),
  );
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

/** The injection for a payload, from a fresh address each time so per-address limits never fill up. */
export function toInjection(route: RouteEntry, payload: Payload, token: string | null, address: string): InjectOptions {
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => payload.params[name] ?? '');
  const headers: Record<string, string> = { ...payload.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  if (payload.body.kind !== 'none') {
    headers['content-type'] = payload.body.kind === 'json' ? 'application/json' : payload.body.contentType;
  }
  return {
    method: route.method,
    url: `${path}${queryString(payload.querystring)}`,
    headers,
    remoteAddress: address,
    ...(payload.body.kind === 'none' ? {} : { payload: payload.body.text }),
  };
}

/** A short account of a payload for a failure message; huge strings are cut. */
export function describePayload(payload: Payload): string {
  return JSON.stringify(payload, (_, v: unknown) =>
    typeof v === 'string' && v.length > 200 ? `${v.slice(0, 80)}…(${v.length} chars)` : v,
  );
}
