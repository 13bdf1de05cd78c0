import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

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
      return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
    } catch {
      return fallback(route);
    }
  };
}
