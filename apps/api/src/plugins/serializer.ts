import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = { [keyword: string]: unknown };

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNull = (schema: unknown) => isSchema(schema) && schema.type === 'null' && Object.keys(schema).length === 1;
/** What fast-json-stringify would have to choose among at run time, with a validator. */
const choosing = (schema: JsonSchema) => ['anyOf', 'oneOf', 'allOf', 'if', '$ref'].some((k) => k in schema);

/**
 * zod writes a nullable value as `anyOf: [schema, { type: 'null' }]`, and fast-json-stringify writes
 * an `anyOf` by asking a JSON Schema validator which branch each value matches: a validator compiled
 * on a route's first answer (11 ms for the checkout's answer, in the middle of a rush on a server
 * just started) and run on every nullable field of every row after that. Written as the same schema
 * with `nullable: true`, it is one `=== null` test.
 */
export function markNullables(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(markNullables);
  if (!isSchema(schema)) return schema;
  const written: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) written[keyword] = markNullables(value);
  const options = written.anyOf;
  if (!Array.isArray(options) || options.length !== 2) return written;
  const value = options.find((option) => !isNull(option));
  if (!isSchema(value) || !options.some(isNull) || choosing(value)) return written;
  const { anyOf: _options, ...siblings } = written;
  return { ...siblings, ...value, nullable: true };
}

/**
 * Answers written by code compiled from each route's response schema (fast-json-stringify over the
 * schema's JSON Schema), instead of checking every field with zod and then calling JSON.stringify:
 * the types already hold the shape at compile time. Like zod's output, only the schema's properties
 * are written, so a field a service did not mean to send (a hash, an internal id) never leaves.
 * A schema that JSON Schema cannot say (a transform) keeps zod's own serializer.
 */
export function compiledSerializer<T>(fallback: FastifySerializerCompiler<T>): FastifySerializerCompiler<T> {
  return (route) => {
    if (!(route.schema instanceof z.ZodType)) return fallback(route);
    try {
      const jsonSchema = z.toJSONSchema(route.schema, { io: 'output', unrepresentable: 'throw' });
      return fastJson(markNullables(jsonSchema) as Parameters<typeof fastJson>[0]);
    } catch {
      return fallback(route);
    }
  };
}
