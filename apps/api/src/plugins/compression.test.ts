import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createEvent } from '../../test/seeders.ts';
import { suiteApp, suiteOrganisation } from '../../test/suite.ts';

describe('API answers', () => {
  const t = suiteApp();
  const org = suiteOrganisation(t);
  beforeAll(async () => {
    for (let n = 0; n < 20; n++) {
      await createEvent(t.db, org.partnerId, {
        name: `Evening concert number ${n}`,
        days: [{ start: `2027-0${1 + (n % 9)}-01T19:00:00Z`, end: `2027-0${1 + (n % 9)}-01T22:00:00Z` }],
        types: [{ name: 'General admission', priceCents: 5000, amount: 100 }],
      });
    }
  });

  it('are compressed when the client asks, and the same JSON once inflated', async () => {
    const url = `/api/events?partner_id=${org.partnerId}&ordered=true`;
    const plain = await t.app.inject({ method: 'GET', url, headers: bearer(org.token) });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gzip = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(org.token), 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('are not compressed when too small to gain', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});
