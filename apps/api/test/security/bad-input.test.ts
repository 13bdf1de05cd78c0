import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { errorEnvelopeSchema } from '@portal/contract';
import { documentPath } from '../../src/plugins/openapi.ts';
import type { RouteEntry } from '../../src/plugins/route-table.ts';
import { buildTestApp } from '../helper.ts';
import { changedTables, settledChecksums } from './db-checksum.ts';
import {
  describePayload,
  routePayloads,
  schemasReject,
  toInjection,
  validatedLocations,
  type Payload,
  type RoutePayloads,
} from './route-requests.ts';
import { knownFor, seedWorld, tokenFor, type World } from './seeded-world.ts';

/**
 * Every route, fed payloads derived from its own schemas: what the schemas reject is refused with a
 * 4xx envelope and writes nothing; nothing at all makes the server fail. Set BAD_INPUT_SEED to replay
 * a failure (its seed and path are in the message) and BAD_INPUT_RUNS for a longer search.
 */
const SEED = Number(process.env.BAD_INPUT_SEED ?? 20_261_122);
const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 20);

const harness = await buildTestApp();
const { app, db } = harness;
afterAll(() => harness.close());

let addressCounter = 0;
/** A new client address per request: per-address limits never fill, so they cannot hide an answer. */
const nextAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

/** Every status each route answered, held against the OpenAPI document at the end. */
const answered = new Map<RouteEntry, Set<number>>();

async function send(route: RouteEntry, payload: Payload, world: World) {
  const res = await app.inject(toInjection(route, payload, tokenFor(world, route.access), nextAddress()));
  answered.set(route, (answered.get(route) ?? new Set()).add(res.statusCode));
  return res;
}

function errorEnvelopeProblem(res: LightMyRequestResponse): string | null {
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return `a ${res.statusCode} that is not JSON: ${res.body.slice(0, 200)}`;
  }
  const parsed = errorEnvelopeSchema.safeParse(body);
  if (!parsed.success) return `a ${res.statusCode} without the error envelope: ${res.body.slice(0, 200)}`;
  if (parsed.data.error.message.trim() === '') return `a ${res.statusCode} with an empty message`;
  return null;
}

/** Property 1: the answer to a payload the schemas reject. */
function refusalProblem(res: LightMyRequestResponse): string | null {
  if (res.statusCode === 400) return 'a 400, which ends the portal session';
  if (res.statusCode === 429) return 'a 429: a rate limit answered before the payload was checked';
  if (res.statusCode < 400 || res.statusCode >= 500) return `a ${res.statusCode}: ${res.body.slice(0, 300)}`;
  return errorEnvelopeProblem(res);
}

/** Property 2: the answer to any payload. Pages, files and redirects need no envelope when they succeed. */
function answerProblem(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500 || res.statusCode === 400) return `a ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode >= 400) return errorEnvelopeProblem(res);
  if (!String(res.headers['content-type'] ?? '').includes('application/json')) return null;
  const body = res.json() as { success?: unknown; data?: unknown };
  return body.success === true && 'data' in body ? null : `a ${res.statusCode} without the envelope`;
}

/** Runs the property with the fixed seed; a failure names the seed and path that replay it. */
async function check(arbitrary: fc.Arbitrary<Payload>, predicate: (payload: Payload) => Promise<void>) {
  const details = await fc.check(fc.asyncProperty(arbitrary, predicate), { seed: SEED, numRuns: RUNS });
  if (details.failed) {
    const cause =
      details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    throw new Error(
      `failed after ${details.numRuns} runs (BAD_INPUT_SEED=${details.seed}, path ${details.counterexamplePath}): ${cause}`,
    );
  }
}

const exercised = new Set<string>();

/** The seeded world, kept while only reading routes ran: a fresh one after any route that may write. */
let current: World | null = null;

for (const route of app.routeTable) {
  const name = `${route.method} ${route.url}`;
  describe(name, () => {
    let world: World;
    let payloads: RoutePayloads;
    beforeAll(async () => {
      current ??= await seedWorld(harness);
      world = current;
      payloads = routePayloads(route, knownFor(world, route));
    });

    // Only a route that validates something can be sent a payload its schemas reject: the others have
    // no such test, rather than one reported as skipped.
    if (validatedLocations(route).length > 0)
      test('refuses what its schemas reject with a 4xx envelope, and writes nothing', async () => {
        const before = await settledChecksums(db, app);
        await check(
          payloads.hostile.filter((p) => schemasReject(route, p)),
          async (payload) => {
            const res = await send(route, payload, world);
            const problem = refusalProblem(res);
            if (problem) throw new Error(`${problem}\n  for ${describePayload(payload)}`);
          },
        );
        const after = await settledChecksums(db, app);
        expect(changedTables(before, after), 'tables written by refused requests').toEqual([]);
        exercised.add(`${name} refusals`);
      });

    test('answers any payload without a server error, always in an envelope', async () => {
      // Valid payloads may delete, revoke or move what the next route's ids point at.
      if (route.method !== 'GET') current = null;
      await check(payloads.any, async (payload) => {
        const res = await send(route, payload, world);
        const problem = answerProblem(res);
        if (problem) throw new Error(`${problem}\n  for ${describePayload(payload)}`);
      });
      exercised.add(`${name} answers`);
    });
  });
}

test('every route in the route table was exercised', () => {
  const missing = app.routeTable.flatMap((r) => {
    const name = `${r.method} ${r.url}`;
    const refusals = validatedLocations(r).length > 0 ? [`${name} refusals`] : [];
    return [...refusals, `${name} answers`].filter((n) => !exercised.has(n));
  });
  expect(app.routeTable.length).toBeGreaterThan(0);
  expect(missing).toEqual([]);
});

type OpenapiPaths = { paths: Record<string, Record<string, { responses: Record<string, unknown> }> | undefined> };

test('every status a route answered is one its OpenAPI operation documents', () => {
  const { paths } = app.swagger() as unknown as OpenapiPaths;
  const undocumented = [...answered].flatMap(([route, statuses]) => {
    if (route.schema?.hide) return [];
    const operation = paths[documentPath(route.url)]?.[route.method.toLowerCase()];
    if (!operation) return [`${route.method} ${route.url}: no operation`];
    return [...statuses].filter((s) => !(s in operation.responses)).map((s) => `${route.method} ${route.url}: ${s}`);
  });
  expect(answered.size).toBeGreaterThan(0);
  expect(undocumented).toEqual([]);
});
