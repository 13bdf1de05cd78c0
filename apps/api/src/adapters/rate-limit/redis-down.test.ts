import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, capturedLog } from '../../../test/helper.ts';
import { addMember, bearer, createPartner, createUser, TEST_PASSWORD } from '../../../test/seeders.ts';
import { partnerFans } from '../../db/schema/index.ts';
import { openSession } from '../../modules/identity/index.ts';

/** A port on loopback that nothing listens on: Redis "down". */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('with REDIS_URL set and Redis down', () => {
  const { lines, stream } = capturedLog();
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    t = await buildTestApp({ redisUrl: `redis://127.0.0.1:${await closedPort()}` }, { level: 'error', stream });
  });
  afterAll(() => t.close());

  const signInUnavailable = {
    success: false,
    error: { code: 'unavailable', message: 'Sign-in is unavailable for a moment. Try again shortly.' },
  };

  it('every sign-in route that counts attempts answers a clear 503, and the failure is logged', async () => {
    const user = await createUser(t.db);
    const partner = await createPartner(t.db);
    const calls: [string, object][] = [
      ['/api/identity/sign-in', { email: user.email, password: TEST_PASSWORD }],
      ['/api/public/users/forgot', { email: user.email }],
      ['/api/identity/reset-code', { oobCode: 'x'.repeat(43) }],
      ['/api/identity/reset-password', { oobCode: 'x'.repeat(43), password: 'harbour at dusk' }],
      ['/api/identity/sign-in-link', { email: user.email }],
      ['/api/identity/sign-in-with-code', { oobCode: 'x'.repeat(43) }],
      [
        `/api/public/partners/${partner.id}/widget/sign-in-link`,
        { email: user.email, return_url: `${t.config.publicUrl}/widget/frame?partner=${partner.id}` },
      ],
    ];
    for (const [url, payload] of calls) {
      const res = await t.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode, url).toBe(503);
      expect(res.json(), url).toEqual(signInUnavailable);
    }
    const form = await t.app.inject({
      method: 'POST',
      url: '/widget/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `code=${'x'.repeat(43)}`,
    });
    expect(form.statusCode).toBe(503);

    const logged = lines.map((l) => JSON.parse(l) as { msg: string; err?: { message: string } });
    const failures = logged.filter((l) => l.msg === 'rate limits unavailable');
    expect(failures).toHaveLength(calls.length + 1);
    expect(failures[0]!.err?.message).toBeTruthy();
  });

  it("a fan's identity PIN answers the same 503 in its own words", async () => {
    const partner = await createPartner(t.db);
    const admin = await createUser(t.db);
    await addMember(t.db, partner.id, admin.id, 'Admin');
    const fan = await createUser(t.db);
    await t.db.insert(partnerFans).values({ partnerId: partner.id, userId: fan.id, email: fan.email });
    // Signing in needs the limits too: the session is opened directly.
    const token = await openSession(t.db, t.app.tokens, 60, admin, { partnerId: partner.id, signInMethod: 'password' });
    const url = `/api/users/confirm_identity/${fan.id}/${partner.id}`;
    for (const res of [
      await t.app.inject({ method: 'GET', url: `${url}?channel=email`, headers: bearer(token) }),
      await t.app.inject({ method: 'POST', url, payload: { pin: '123456' }, headers: bearer(token) }),
    ]) {
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toEqual({
        code: 'unavailable',
        message: 'Identity checks are unavailable for a moment. Try again shortly.',
      });
    }
  });
});
