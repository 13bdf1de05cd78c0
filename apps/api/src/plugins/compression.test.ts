import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.ts';
import { bearer, createEvent, createPartnerWithAdmin, signIn } from '../../test/seeders.ts';

describe('API answers', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let url: string;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const { partner, admin } = await createPartnerWithAdmin(t.db);
    for (let n = 0; n < 20; n++) {
      await createEvent(t.db, partner.id, {
        name: `Evening concert number ${n}`,
        days: [{ start: `2027-0${1 + (n % 9)}-01T19:00:00Z`, end: `2027-0${1 + (n % 9)}-01T22:00:00Z` }],
        types: [{ name: 'General admission', priceCents: 5000, amount: 100 }],
      });
    }
    token = await signIn(t.app, admin.email, partner.id);
    url = `/api/events?partner_id=${partner.id}&ordered=true`;
  });
  afterAll(() => t.close());

  it('are compressed when the client asks, and the same JSON once inflated', async () => {
    const plain = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gzip = await t.app.inject({ method: 'GET', url, headers: { ...bearer(token), 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('are not compressed when too small to gain', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});
