import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, postRaw } from '../../test/helper.ts';
import { nulPath } from './nul-text.ts';

describe('text with a NUL character', () => {
  it('is found with the dotted path of its field, however deep', () => {
    expect(nulPath({ a: [{ b: 'ok' }, { b: 'x\u0000y' }] })).toBe('a.1.b');
    expect(nulPath([['\u0000']])).toBe('0.0');
    expect(nulPath('bare\u0000')).toBe('');
    expect(nulPath({ a: ['fine', 1, null, true, { b: 'fine' }] })).toBeNull();
    // Records as Fastify's query string parser builds them: their prototype has no prototype.
    expect(nulPath(Object.assign(Object.create(Object.create(null)), { search: 'nul\u0000byte' }))).toBe('search');
    expect(nulPath(Object.assign(Object.create(null), { id: '\u0000' }))).toBe('id');
    const deep = JSON.parse(`${'{"a":'.repeat(20_000)}"\\u0000"${'}'.repeat(20_000)}`);
    expect(nulPath(deep)?.split('.')).toHaveLength(20_000);
  });

  it('is looked for only in parsed text, never in raw bytes', () => {
    expect(nulPath(Buffer.from('a\u0000b'))).toBeNull();
    expect(nulPath({ raw: new Uint8Array([0, 0]) })).toBeNull();
  });
});

describe('megabyte bodies before validation', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  const twoMegabytes = 2 * 1024 * 1024;

  beforeAll(async () => {
    t = await buildTestApp({
      stripeSecretKey: 'sk_test_unused',
      stripeApiBase: 'http://127.0.0.1:9',
      stripeWebhookSecret: 'whsec_test_secret',
    });
  });
  afterAll(() => t.close());

  it('refuses NUL text in a query string as the server parses it, naming the field', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health?probe=nul%00byte' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { probe: 'cannot contain a NUL character' },
    });
  });

  it('answers a 2 MB array of numbers with the schema’s 422', async () => {
    const payload = `[${Array.from({ length: twoMegabytes / 2 }, () => '1').join(',')}]`;
    const res = await postRaw(t.app, '/api/identity/sign-in', payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('validation_failed');
  });

  it('hands a 2 MB webhook body to the signature check as bytes', async () => {
    const res = await postRaw(
      t.app,
      '/api/payments/stripe/webhook',
      JSON.stringify({ id: 'evt_1', text: 'x\u0000'.repeat(twoMegabytes / 2) }),
      { 'stripe-signature': 't=1,v1=00' },
    );
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('The webhook signature does not match.');
  });
});
