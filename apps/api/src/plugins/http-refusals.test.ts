import { connect, type AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { ConstraintStrategy, HTTPVersion } from 'find-my-way';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.ts';
import { errorsPlugin, routerErrors } from './errors.ts';

/** Sends raw bytes to a listening server and reads everything it answers until it closes. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString()));
  });
}

describe('what the HTTP parser refuses', () => {
  // app.inject skips Node's parser: these go through a real listening server.
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const parse = (raw: string) => {
    const [head, body] = raw.split('\r\n\r\n');
    const [statusLine, ...headerLines] = head!.split('\r\n');
    const headers = Object.fromEntries(
      headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
    );
    return { status: Number(statusLine!.split(' ')[1]), headers, body: JSON.parse(body!) };
  };

  it('answers a 20 KB header with 431 in the envelope', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { 'x-padding': 'a'.repeat(20_000) } });
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.json()).toEqual({
      success: false,
      error: {
        code: 'payload_too_large',
        message: 'The request headers are too large. Clearing this site’s cookies may help.',
      },
    });
    // The server is still there for the next request.
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  });

  it('answers a request that is not HTTP with 422 in the envelope, never 400', async () => {
    const res = parse(await rawExchange(port, 'NOT HTTP AT ALL\r\n\r\n'));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      success: false,
      error: { code: 'validation_failed', message: 'The request is not valid HTTP.' },
    });
    const big = parse(
      await rawExchange(port, `GET /api/health HTTP/1.1\r\nHost: x\r\nCookie: ${'c'.repeat(20_000)}\r\n\r\n`),
    );
    expect(big.status).toBe(431);
    expect(big.headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify(big.body))));
  });
});

describe('errors never leak internals', () => {
  it('turns an unexpected exception into a 500 envelope without a stack', async () => {
    // A bare server with only the error handler, so that a handler's own failure path is what is tested.
    const app = Fastify();
    await app.register(errorsPlugin);
    app.get('/boom', async () => {
      throw new Error('secret database detail at /srv/app.ts:12');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.json()).toEqual({
      success: false,
      error: { code: 'internal_error', message: 'Something went wrong on our side. Try again.' },
    });
    await app.close();
  });

  it('logs a router failure it answers with 500', async () => {
    const logged: string[] = [];
    const handlers = new Map<unknown, unknown>();
    // A route constraint whose lookup fails (find-my-way's types know no asynchronous one): the router
    // hands the failure to routerErrors.
    const failingLookup = {
      name: 'region',
      storage: () => ({ get: (key: unknown) => handlers.get(key) ?? null, set: handlers.set.bind(handlers) }),
      validate: () => undefined,
      deriveConstraint: (_req: unknown, _ctx: unknown, done: (err: Error) => void) =>
        done(new Error('region lookup failed')),
    } as unknown as ConstraintStrategy<HTTPVersion.V1>;
    const app = Fastify({
      frameworkErrors: routerErrors,
      logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } },
      constraints: { region: failingLookup },
    });
    app.get('/regional', { constraints: { region: 'eu' } }, async () => 'eu');
    const res = await app.inject({ method: 'GET', url: '/regional' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('internal_error');
    expect(logged.map((line) => JSON.parse(line).msg)).toContain('the router failed');
    await app.close();
  });
});
