import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { invalid } from '../lib/http-error.ts';

/** The dotted path of the first string holding a NUL character, walked without recursion (JSON nests deep). */
function nulPath(root: unknown): string | null {
  const pending: [unknown, string][] = [[root, '']];
  while (pending.length > 0) {
    const [value, path] = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) pending.push([child, path ? `${path}.${key}` : key]);
    }
  }
  return null;
}

/**
 * PostgreSQL cannot store a NUL character in text and fails the whole statement, so such text is
 * refused before any route runs, with the field it was found in.
 */
export const nulTextPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const parts = { params: request.params, querystring: request.query, body: request.body };
    for (const [part, value] of Object.entries(parts)) {
      const path = nulPath(value);
      if (path === null) continue;
      const field = path || part;
      throw invalid(`${field}: text cannot contain a NUL character`, { [field]: 'cannot contain a NUL character' });
    }
  });
});
