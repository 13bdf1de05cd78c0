import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { createUser } from '../../../test/seeders.ts';
import { loadConfig } from '../../config.ts';
import { outbox } from '../../db/schema/index.ts';

describe('the default mail port: the outbox', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    t = await buildTestApp({ devOutbox: true });
  });
  afterAll(() => t.close());

  it('keeps mail in the database and lists it, escaped, at /api/dev/outbox when DEV_OUTBOX is on', async () => {
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

  it('is not served in production, whatever DEV_OUTBOX says', async () => {
    const prod = await buildTestApp({ env: 'production', devOutbox: false });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('the default start (npm start: no settings at all)', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-defaults-'));
    // Every default of a bare start; the test helper keeps its own data dir and secret.
    const { dataDir: _dataDir, tokenSecret: _secret, ...defaults } = loadConfig({ DATA_DIR: dir });
    rmSync(dir, { recursive: true, force: true });
    t = await buildTestApp(defaults);
  });
  afterAll(() => t.close());

  it('publishes no mail: an anonymous GET /api/dev/outbox is a 404, from this machine too', async () => {
    expect(t.config).toMatchObject({ env: 'development', host: 'localhost', databaseUrl: undefined, devOutbox: false });
    const user = await createUser(t.db);
    await t.app.inject({ method: 'POST', url: '/api/public/users/forgot', payload: { email: user.email } });
    const [mail] = await t.db.select().from(outbox);
    const code = /oobCode=([^&\s]+)/.exec(mail!.text)![1]!;

    for (const remoteAddress of ['127.0.0.1', '::1', '203.0.113.9']) {
      const page = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress });
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain(code);
    }
  });
});
