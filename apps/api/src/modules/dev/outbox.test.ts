import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { createUser } from '../../../test/seeders.ts';
import { outbox } from '../../db/schema/index.ts';

describe('the default mail port: the outbox', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('keeps mail in the database and lists it, escaped, at /api/dev/outbox', async () => {
    const user = await createUser(t.db);
    await t.app.inject({ method: 'POST', url: '/api/public/users/forgot', payload: { email: user.email } });
    const [mail] = await t.db.select().from(outbox);
    expect(mail).toMatchObject({ to: user.email, subject: 'Reset your Partner Portal password' });
    expect(mail!.text).toMatch(/\/usermgmt\?mode=resetPassword&oobCode=/);

    const page = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain(user.email);
    expect(page.body).toMatch(/<a href="http:\/\/localhost:3000\/usermgmt\?mode=resetPassword&amp;oobCode=/);
  });

  it('answers only requests from this machine', async () => {
    const remote = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
  });

  it('is not served unless DEV_OUTBOX allows it', async () => {
    const prod = await buildTestApp({ env: 'production', devOutbox: false });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
