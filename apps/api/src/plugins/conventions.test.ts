import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import type { ConstraintStrategy, HTTPVersion } from 'find-my-way';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../../scripts/precompress.ts';
import { buildTestApp } from '../../test/helper.ts';
import { bearer, createPartnerWithAdmin, signIn } from '../../test/seeders.ts';
import { errorsPlugin, routerErrors } from './errors.ts';
import { documentPath } from './openapi.ts';

const execFileAsync = promisify(execFile);

describe('API conventions', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let partnerToken: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const { partner, admin } = await createPartnerWithAdmin(t.db);
    partnerToken = await signIn(t.app, admin.email, partner.id);
  });
  afterAll(() => t.close());

  it('answers malformed JSON with 422 and a clear envelope, never 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"firebase_id": ',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      success: false,
      error: { code: 'invalid_json', message: 'The request body is not valid JSON.' },
    });
  });

  it('answers an unknown API route with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      error: { code: 'not_found', message: 'No route GET /api/no-such-thing.' },
    });
  });

  it('answers an address the router refuses with the envelope and the headers of a JSON answer', async () => {
    for (const [url, status] of [
      ['/api/events/%E0%A4%A', 422],
      [`/api/events/${'9'.repeat(300)}`, 414],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.json().success, url).toBe(false);
      expect(res.headers['content-type'], url).toBe('application/json; charset=utf-8');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('answers a missing token with 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'unauthenticated', message: 'Sign in to continue.' });
  });

  it('answers a wrong type with 422 naming the field, and a message for a person', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login/partner',
      headers: bearer(partnerToken),
      payload: { partner_id: 'seven' },
    });
    expect(res.statusCode).toBe(422);
    const { error } = res.json();
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toHaveProperty('partner_id');
    // The key is for the form; the message is a sentence for a person, with no key or schema terms.
    expect(error.message).toBe('Partner ID must be a number.');
  });

  it('says what is wrong in words, never a field key or a schema term', async () => {
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(partnerToken), payload });
    const cases: [Awaited<ReturnType<typeof post>>, string][] = [
      [
        await post('/api/members', { full_name: 'x'.repeat(201), email: 'a@b.test', roles: [1], partner_id: 1 }),
        'A name has at most 200 characters.',
      ],
      [await post('/api/fan_notes', { partner_id: 1, user_id: 1, note: '   ' }), 'Write a note first.'],
      [
        await post('/api/public/checkout', {
          partner_id: 1,
          event_id: 1,
          event_day_id: 1,
          items: [{ ticket_type_id: 1, quantity: 25 }],
          buyer: { email: 'a@b.test', full_name: 'A' },
          payment_method: '4242',
        }),
        'You can buy at most 20 tickets of a type at once.',
      ],
      [await post('/api/login/partner', { partner_id: 1.5 }), 'Partner ID must be a whole number.'],
    ];
    for (const [res, message] of cases) {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error.message).toBe(message);
    }
    const schemaTerms = /invalid input|expected|received|too big|too small|nan\b|^[\w.]+: /i;
    for (const [res] of cases) expect(res.json().error.message).not.toMatch(schemaTerms);
  });

  it('answers a wrong query type with 422', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/events?partner_id=abc', headers: bearer(partnerToken) });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toHaveProperty('partner_id');
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('unsupported_media_type');
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.servers).toEqual([{ url: '/api' }]);
    expect(doc.paths['/login/partner'].post.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'partner_id',
    );
  });

  it('documents every route: its operation id, a summary, who may call it, and its errors in the envelope', () => {
    const { paths } = t.app.swagger() as unknown as OpenapiDocument;
    const problems: string[] = [];
    const operationIds = new Set<string>();
    const visible = t.app.routeTable.filter((route) => !route.schema?.hide);
    for (const route of visible) {
      const name = `${route.method} ${route.url}`;
      const operation = paths[documentPath(route.url)]?.[route.method.toLowerCase()];
      if (!operation) {
        problems.push(`${name}: not in the document`);
        continue;
      }
      if (!/^[a-z][A-Za-z0-9]+$/.test(operation.operationId ?? '')) problems.push(`${name}: operation id`);
      if (operationIds.has(operation.operationId!)) problems.push(`${name}: operation id used twice`);
      operationIds.add(operation.operationId!);
      if (!operation.summary?.trim()) problems.push(`${name}: no summary`);
      const security = route.access === 'public' ? [] : [{ bearer: [] }];
      if (JSON.stringify(operation.security) !== JSON.stringify(security)) problems.push(`${name}: security`);
      const errors = Object.keys(operation.responses).filter((status) => Number(status) >= 400);
      const expected = ['422', '500', ...(route.access === 'public' ? [] : ['401', '403'])];
      for (const status of expected.filter((s) => !errors.includes(s))) problems.push(`${name}: no ${status}`);
      for (const status of errors) {
        const schema = operation.responses[status]!.content?.['application/json']?.schema;
        if (schema?.$ref !== '#/components/schemas/ErrorEnvelope') problems.push(`${name}: ${status} not the envelope`);
      }
    }
    expect(visible.length).toBeGreaterThan(80);
    expect(problems).toEqual([]);
  });

  it('documents the content types the routes really send', () => {
    const { paths } = t.app.swagger() as unknown as OpenapiDocument;
    const csv = paths['/analytics/slot_quantity/{partnerId}']!.get!.responses['200']!;
    expect(Object.keys(csv.content ?? {})).toEqual(['text/csv']);
    // Whatever is neither JSON nor text (a PDF, an image) is documented as bytes.
    const binary = Object.values(paths)
      .flatMap((item) => Object.values(item ?? {}))
      .flatMap((operation) => Object.values(operation.responses))
      .flatMap((response) => Object.entries(response.content ?? {}))
      .filter(([type]) => !/json|^text\//.test(type));
    for (const [type, media] of binary) expect(media.schema, type).toEqual({ type: 'string', format: 'binary' });
    // Google's sign-in is a browser navigation: a redirect without a body, never JSON.
    const start = paths['/identity/google/start']!.get!.responses;
    expect(start['302']).toEqual({ description: expect.any(String) });
    expect(start['200']).toBeUndefined();
    // Errors a route declares beside the derived ones.
    expect(Object.keys(paths['/public/checkout']!.post!.responses)).toEqual(
      expect.arrayContaining(['200', '402', '409', '413', '415', '422']),
    );
    expect(paths['/identity/sign-in']!.post!.responses['429']).toBeDefined();
  });

  // Two runs of the CLI side by side, each a few seconds on an idle machine: hence the longer timeout.
  it('passes the OpenAPI linter with no error or warning, whose rules catch a broken document', async () => {
    const doc = t.app.swagger() as unknown as OpenapiDocument;
    const broken = structuredClone(doc);
    delete broken.paths['/events']!.get!.summary;
    delete broken.paths['/identity/google/start']!.get!.responses['302'];
    const [mine, probe] = await Promise.all([redoclyLint(doc), redoclyLint(broken)]);
    expect(mine.problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual(
      [],
    );
    expect(mine.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
    expect(probe.problems.map((p) => `${p.severity} ${p.ruleId}`).sort()).toEqual([
      'error operation-summary',
      'error rule/operation-success-response',
    ]);
  }, 90_000);
});

type Operation = {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema?: { $ref?: string; type?: string; format?: string } }> }
  >;
};
type OpenapiDocument = { paths: Record<string, Record<string, Operation> | undefined> };

type LintReport = {
  totals: { errors: number; warnings: number; ignored: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
};

const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');

/** Runs the Redocly CLI on a document with the repository's redocly.yaml, as `npx redocly lint` would. */
async function redoclyLint(document: unknown): Promise<LintReport> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-openapi-'));
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
  const cli = path.join(repositoryRoot, 'node_modules/@redocly/cli/bin/cli.js');
  const config = path.join(repositoryRoot, 'redocly.yaml');
  try {
    // The CLI exits with 1 when it finds errors; the report on stdout says which.
    const { stdout } = await execFileAsync(process.execPath, [cli, 'lint', file, '--config', config, '--format=json'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    }).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
    return JSON.parse(stdout) as LintReport;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

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

const bigScript = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i};`).join('\n');

const listing = (dir: string) => readdirSync(dir, { recursive: true }).map(String).sort();

describe('one process serves the SPA', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let webDist: string;
  let built: string[];
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
    mkdirSync(path.join(webDist, 'assets'), { recursive: true });
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Portal</title>');
    writeFileSync(path.join(webDist, 'assets', 'app-abc.js'), 'console.log(1)');
    writeFileSync(path.join(webDist, 'assets', 'big-abc.js'), bigScript);
    await precompress(webDist);
    // A file the build did not compress: the server sends it as it is and writes no copy of its own.
    writeFileSync(path.join(webDist, 'assets', 'late-abc.js'), bigScript);
    built = listing(webDist);
    t = await buildTestApp({ webDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('answers client routes with index.html', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/event-list?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<title>Portal</title>');
  });

  it('serves hashed assets with a long cache life', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends built scripts compressed as the browser accepts, and as they are otherwise', async () => {
    const get = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/assets/big-abc.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.rawPayload.length).toBeLessThan(bigScript.length / 5);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigScript);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bigScript);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
    // Files too small to gain have no copies: a browser that asks for brotli gets the file itself.
    const small = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log(1)');
    expect((await t.app.inject({ method: 'GET', url: '/assets/big-abc.js.br' })).headers['content-type']).toMatch(
      /text\/html/,
    );
  });

  it('sends a file without a built copy as it is, and writes nothing into the folder it serves', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/late-abc.js', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(bigScript);
    expect(listing(webDist)).toEqual(built);
    expect(built).toContain(path.join('assets', 'big-abc.js.br'));
    expect(built).not.toContain(path.join('assets', 'app-abc.js.br'));
  });

  it('never falls back to index.html under /api', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/event-list' });
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
  });
});
