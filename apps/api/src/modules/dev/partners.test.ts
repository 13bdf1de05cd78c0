import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { bearer, signIn } from '../../../test/seeders.ts';

describe('POST /api/dev/partners: the browser tests’ own organisations', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('creates a copy of the demo organisation each time, with an admin who signs in and sees its events', async () => {
    const [first, second] = await Promise.all(
      [0, 1].map(async () => {
        const res = await t.app.inject({ method: 'POST', url: '/api/dev/partners', payload: { sales: true } });
        expect(res.statusCode).toBe(200);
        return res.json().data as { id: number; name: string; admin: { email: string; password: string } };
      }),
    );
    expect(first!.id).not.toBe(second!.id);
    expect(first!.name).not.toBe(second!.name);
    const token = await signIn(t.app, first!.admin.email, first!.id, first!.admin.password);
    const events = await t.app.inject({
      method: 'GET',
      url: `/api/events?partner_id=${first!.id}`,
      headers: bearer(token),
    });
    const list = events.json().data as { name: string; event_days: { sold: number }[] }[];
    expect(list.map((e) => e.name)).toContain('Harbour Lights Festival');
    expect(list.find((e) => e.name === 'Lighthouse Night Tours')!.event_days[0]!.sold).toBeGreaterThan(0);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/events?partner_id=${second!.id}`,
      headers: bearer(token),
    });
    expect(other.statusCode).toBe(404);
  }, 120_000);

  it('answers only requests from this machine', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dev/partners',
      payload: {},
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode).toBe(404);
  });

  it('does not exist in production', async () => {
    const prod = await buildTestApp({ env: 'production' });
    try {
      const res = await prod.app.inject({ method: 'POST', url: '/api/dev/partners', payload: {} });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  }, 120_000);
});
