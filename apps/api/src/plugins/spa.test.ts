import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../../scripts/precompress.ts';
import { buildTestApp } from '../../test/helper.ts';

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
