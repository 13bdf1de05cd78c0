import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.ts';
import { createPartner, PNG_BYTES } from '../../test/seeders.ts';
import type { Config } from '../config.ts';
import { widgetSettings } from '../db/schema/index.ts';
import { securityHeadersPlugin } from './security-headers.ts';

const PORTAL_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data: https://fonts.gstatic.com",
  "connect-src 'self' https://fonts.googleapis.com",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join(';');

/** The widget frame: only what the widget loads, framed by the partner's saved site. */
const frameCsp = (ancestors: string, stripe = false) =>
  [
    "default-src 'none'",
    `script-src 'self'${stripe ? ' https://js.stripe.com' : ''}`,
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data: https://fonts.gstatic.com",
    `connect-src 'self' https://fonts.googleapis.com${stripe ? ' https://api.stripe.com' : ''}`,
    stripe ? 'frame-src https://js.stripe.com https://hooks.stripe.com' : "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');

/** A built SPA and widget of one line each: what matters here is how they are served. */
const dir = mkdtempSync(path.join(tmpdir(), 'portal-builds-'));
const built = { webDist: path.join(dir, 'web'), widgetDist: path.join(dir, 'widget') };
mkdirSync(built.webDist);
mkdirSync(built.widgetDist);
writeFileSync(path.join(built.webDist, 'index.html'), '<!doctype html><title>Partner Portal</title>');
writeFileSync(path.join(built.widgetDist, 'widget.js'), 'void 0;');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('security headers', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let partnerId: number;
  let fileUrl: string;

  beforeAll(async () => {
    t = await buildTestApp(built);
    partnerId = (await createPartner(t.db)).id;
    await t.db.insert(widgetSettings).values({ partnerId, websiteUrl: 'https://shop.example.test/tickets' });
    fileUrl = await t.app.storage.put(PNG_BYTES, 'image/png');
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('gives the portal pages, the API and its docs the portal policy', async () => {
    for (const url of ['/', '/event-list', '/api/health', '/api/no-such-route', '/api/docs/', '/api/docs/json']) {
      const res = await get(url);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers['content-security-policy'], url).toBe(PORTAL_CSP);
      expect(res.headers).toMatchObject({
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'cross-origin-resource-policy': 'same-origin',
        'cross-origin-opener-policy': 'same-origin',
        'referrer-policy': 'no-referrer',
      });
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('lets any site load uploaded files, which run nothing when opened', async () => {
    const res = await get(fileUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'cross-origin-resource-policy': 'cross-origin',
      'content-security-policy': "default-src 'none';sandbox",
      'x-content-type-options': 'nosniff',
    });
  });

  it("lets partners' sites load the widget script and frame only the widget page", async () => {
    const script = await get('/widget/widget.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(script.headers['x-frame-options']).toBeUndefined();

    const frame = await get(`/widget/frame?partner=${partnerId}`);
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['content-security-policy']).toBe(frameCsp("'self' https://shop.example.test"));
    expect(frame.headers['x-frame-options']).toBeUndefined();

    const signIn = await get('/widget/sign-in?code=abc');
    expect(signIn.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
  });
});

describe('the widget frame with Stripe', () => {
  it("allows Stripe's script, card frames and API, and nothing else beside our own", async () => {
    const t = await buildTestApp({ ...built, stripeSecretKey: 'sk_test_frame', stripePublishableKey: 'pk_test_frame' });
    const partner = await createPartner(t.db);
    const frame = await t.app.inject({ method: 'GET', url: `/widget/frame?partner=${partner.id}` });
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['content-security-policy']).toBe(frameCsp("'self'", true));
    await t.close();
  });
});

describe('the HTTPS switch', () => {
  /** The plugin alone, on the only setting it reads. */
  async function headersFor(publicUrl: string) {
    const app = Fastify();
    app.decorate('config', { publicUrl } as Config);
    await app.register(securityHeadersPlugin);
    for (const url of ['/event-list', '/widget/widget.js', '/api/files/logo.png']) app.get(url, async () => 'page');
    const [page, widget, file] = await Promise.all(
      ['/event-list', '/widget/widget.js', '/api/files/logo.png'].map((url) => app.inject({ method: 'GET', url })),
    );
    await app.close();
    return Object.assign(page!.headers, { widget: widget!.headers, file: file!.headers });
  }

  it('asks for HTTPS only when the portal is reached over HTTPS', async () => {
    const secure = await headersFor('https://portal.example.test');
    expect(secure['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(secure['content-security-policy']).toBe(`${PORTAL_CSP};upgrade-insecure-requests`);
    const plain = await headersFor('http://portal.example.test');
    expect(plain['strict-transport-security']).toBeUndefined();
    expect(plain['content-security-policy']).toBe(PORTAL_CSP);
    // The files' and the widget's policies keep the portal's switch, and the rest it says.
    expect(secure.widget['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(plain.widget['strict-transport-security']).toBeUndefined();
    expect(plain.file['strict-transport-security']).toBeUndefined();
    expect(plain.file['x-frame-options']).toBe('DENY');
  });
});
