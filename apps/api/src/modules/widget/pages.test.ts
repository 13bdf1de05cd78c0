import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';

describe('the widget script', () => {
  const widgetDist = mkdtempSync(path.join(tmpdir(), 'portal-widget-'));
  const script = path.join(widgetDist, 'widget.js');
  // Whole seconds, so setting the same time again gives the same modification time to the nanosecond.
  const built = new Date('2026-11-01T12:00:00Z');
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    writeFileSync(script, 'void "first build";');
    utimesSync(script, built, built);
    // The default start runs without NODE_ENV=production: it must serve the script as production does.
    t = await buildTestApp({ env: 'development', widgetDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(widgetDist, { recursive: true, force: true });
  });
  const get = (encoding?: string) =>
    t.app.inject({ method: 'GET', url: '/widget/widget.js', headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('is read and compressed once per build, and a rebuild shows at once', async () => {
    expect((await get()).body).toBe('void "first build";');
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe('void "first build";');

    // Changed under the same modification time: still the copy in memory, so the file is not read again.
    writeFileSync(script, 'void "same time";');
    utimesSync(script, built, built);
    expect((await get()).body).toBe('void "first build";');

    // A rebuild writes a new file: served from the next request on.
    writeFileSync(script, 'void "second build";');
    const rebuilt = new Date(built.getTime() + 60_000);
    utimesSync(script, rebuilt, rebuilt);
    expect((await get()).body).toBe('void "second build";');
    expect(gunzipSync((await get('gzip')).rawPayload).toString()).toBe('void "second build";');
  });

  it('serves the seat chooser to any page, which imports it across origins as a module', async () => {
    writeFileSync(path.join(widgetDist, 'widget-seating.js'), 'export const seats = 1;');
    const chooser = await t.app.inject({ method: 'GET', url: '/widget/widget-seating.js' });
    expect(chooser.statusCode).toBe(200);
    expect(chooser.headers['access-control-allow-origin']).toBe('*');
    expect(chooser.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(chooser.body).toBe('export const seats = 1;');
    // The main script stays readable by script tags only, as before.
    expect((await get()).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers 404 while there is no build', async () => {
    rmSync(script);
    expect((await get()).statusCode).toBe(404);
  });
});
