import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { markNullables } from './serializer.ts';

const place = z.object({ section: z.string(), row: z.string() });
const answer = z.object({
  seat: place.nullable(),
  note: z.string().nullable(),
  count: z.number().int().nullable(),
  either: z.union([place, z.object({ zone: z.string() }), z.null()]),
});

describe('answers with nullable fields', () => {
  const schema = markNullables(z.toJSONSchema(answer, { io: 'output' })) as {
    properties: Record<string, Record<string, unknown>>;
  };

  it('writes a nullable object as its own schema marked nullable, and leaves real choices alone', () => {
    const { properties } = schema;
    expect(properties.seat).toMatchObject({ type: 'object', nullable: true });
    expect(properties.seat).not.toHaveProperty('anyOf');
    // A nullable plain value is a list of types, which needs no validator either.
    for (const plain of [properties.note, properties.count]) expect(plain).not.toHaveProperty('anyOf');
    expect(properties.either!.anyOf).toHaveLength(3);
  });

  it('serialises values and nulls as JSON.stringify does', () => {
    const write = fastJson(schema as Parameters<typeof fastJson>[0]);
    for (const value of [
      { seat: { section: 'A', row: '3' }, note: 'aisle', count: 2, either: { zone: 'North' } },
      { seat: null, note: null, count: null, either: null },
    ]) {
      expect(write(value)).toBe(JSON.stringify(value));
    }
  });
});
