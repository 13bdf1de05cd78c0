import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import {
  eventDeleteQuerySchema,
  checkoutBodySchema,
  fanListQuerySchema,
  fontUploadBodySchema,
  idParamsSchema,
  inviteBodySchema,
  membersQuerySchema,
  signInBodySchema,
  transferBodySchema,
} from '@portal/contract';
import type { RouteEntry } from '../../src/plugins/route-table.ts';
import { hostileFor, UnwalkableSchemaError, validFor } from './arbitraries.ts';
import { routePayloads, schemasReject } from './route-requests.ts';

const noKnown = { params: {}, querystring: {}, headers: {}, body: {} };

describe('payloads derived from schemas', () => {
  test.each([
    ['sign-in', signInBodySchema],
    ['checkout', checkoutBodySchema],
    ['invite', inviteBodySchema],
    ['transfer', transferBodySchema],
    ['font upload', fontUploadBodySchema],
    ['fan list query', fanListQuerySchema],
    ['id path', idParamsSchema],
    ['members query', membersQuerySchema],
    // A prefix stripped before a uuid check: drawn as uuids, not as strings filtered until one is a uuid.
    ['event delete query', eventDeleteQuerySchema],
  ])('the %s schema accepts every value generated as valid for it', (_, schema) => {
    fc.assert(
      fc.property(validFor(schema, {}), (value) => schema.safeParse(value).success),
      { seed: 1, numRuns: 200 },
    );
  });

  test('a known value of the seeded world is offered for a field of its name', () => {
    const values = fc.sample(validFor(z.object({ partner_id: z.number().int() }), { partner_id: [4242] }), {
      seed: 1,
      numRuns: 100,
    });
    expect(values.filter((v) => (v as { partner_id: number }).partner_id === 4242).length).toBeGreaterThan(50);
  });

  test('most values broken from valid ones are rejected by the schema', () => {
    const schema = z.object({ a: z.string().max(3), b: z.number().int().min(0).max(9) });
    const rejected = fc
      .sample(hostileFor(validFor(schema, {})), { seed: 1, numRuns: 200 })
      .filter((v) => !schema.safeParse(v).success);
    expect(rejected.length).toBeGreaterThan(120);
  });

  test.each([
    ['a date', z.object({ when: z.date() })],
    ['a bigint', z.object({ n: z.bigint() })],
    ['a map', z.map(z.string(), z.string())],
    ['an IP address', z.object({ ip: z.ipv4() })],
    ['plain JSON schema', { type: 'object', properties: {} }],
  ])('a schema holding %s cannot be walked, and says so', (_, schema) => {
    expect(() => validFor(schema, {})).toThrow(UnwalkableSchemaError);
  });

  test('a route whose body schema is not zod fails instead of being skipped', () => {
    const route: RouteEntry = {
      method: 'POST',
      url: '/api/things',
      access: 'public',
      schema: { body: { type: 'object' } },
    };
    expect(() => routePayloads(route, noKnown)).toThrow(UnwalkableSchemaError);
  });

  test('a path segment that is not valid percent-encoding counts as rejected', () => {
    const route: RouteEntry = {
      method: 'GET',
      url: '/api/things/:id',
      access: 'public',
      schema: { params: z.object({ id: z.string() }) },
    };
    const payload = { params: { id: '%E0%A4%A' }, querystring: {}, headers: {}, body: { kind: 'none' as const } };
    expect(schemasReject(route, payload)).toBe(true);
    expect(schemasReject(route, { ...payload, params: { id: 'caf%C3%A9' } })).toBe(false);
  });
});
