import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { invalid } from '../lib/http-error.ts';

type Container = { value: Record<string | number, unknown> | unknown[]; key: string; parent: Container | null };

/**
 * Parsed JSON, query strings and forms: arrays and records whose prototype is Object.prototype, null,
 * or (the query string parser's) an object without one. Raw bodies (a Buffer, a stream) hold bytes.
 */
function isPlainContainer(value: unknown): value is Container['value'] {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const proto: object | null = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

function pathOf(container: Container, key: string) {
  const keys = [key];
  for (let at = container; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/**
 * The dotted path of the first string holding a NUL character ('' for a bare string). Walked without
 * recursion (JSON nests deep), and a request body may be megabytes of small values, so only containers
 * are queued and a path is spelled out only once a NUL is found.
 */
export function nulPath(root: unknown): string | null {
  if (typeof root === 'string') return root.includes('\u0000') ? '' : null;
  if (!isPlainContainer(root)) return null;
  const pending: Container[] = [{ value: root, key: '', parent: null }];
  while (pending.length > 0) {
    const container = pending.pop()!;
    const { value } = container;
    const keys = Array.isArray(value) ? null : Object.keys(value);
    const count = keys ? keys.length : (value as unknown[]).length;
    for (let i = 0; i < count; i++) {
      const key = keys ? keys[i]! : i;
      const child = (value as Record<string | number, unknown>)[key];
      if (typeof child === 'string') {
        if (child.includes('\u0000')) return pathOf(container, String(key));
      } else if (isPlainContainer(child)) {
        pending.push({ value: child, key: String(key), parent: container });
      }
    }
  }
  return null;
}

/**
 * PostgreSQL cannot store a NUL character in text and fails the whole statement, so such text is
 * refused before any route runs, with the field it was found in.
 */
export const nulTextPlugin = fp(async (app: FastifyInstance) => {
  // Every request passes here: a callback hook, not an async one, costs no promise.
  app.addHook('preValidation', (request, _reply, done) => {
    const parts = { params: request.params, querystring: request.query, body: request.body };
    for (const [part, value] of Object.entries(parts)) {
      const path = nulPath(value);
      if (path === null) continue;
      const field = path || part;
      return done(
        invalid(`${field}: text cannot contain a NUL character`, { [field]: 'cannot contain a NUL character' }),
      );
    }
    done();
  });
});
