import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoInstances, type TestApp } from '../../test/helper.ts';
import { bearer, createPartnerWithAdmin, signIn } from '../../test/seeders.ts';
import { members, sessions, users } from '../db/schema/index.ts';
import { createSessionCache } from './session-cache.ts';

describe('the session cache', () => {
  it('keeps nothing until notifications are known to arrive, and forgets everything when they may not', () => {
    const cache = createSessionCache<string>();
    cache.set('t', 'row', cache.generation(), Date.now() + 60_000);
    expect(cache.get('t')).toBeUndefined();
    cache.live(true);
    cache.set('t', 'row', cache.generation(), Date.now() + 60_000);
    expect(cache.get('t')).toBe('row');
    cache.live(false);
    expect(cache.get('t')).toBeUndefined();
  });

  it('does not keep a read that began before a change, and keeps nothing past its expiry', () => {
    const cache = createSessionCache<string>({ maxAgeMs: 1000 });
    cache.live(true);
    const readAt = cache.generation();
    cache.changed();
    cache.set('t', 'stale', readAt, Date.now() + 60_000);
    expect(cache.get('t')).toBeUndefined();

    const now = Date.now();
    cache.set('t', 'row', cache.generation(), now + 500, now);
    expect(cache.get('t', now + 499)).toBe('row');
    expect(cache.get('t', now + 500)).toBeUndefined();
    cache.set('t', 'row', cache.generation(), now + 60_000, now);
    expect(cache.get('t', now + 1000)).toBeUndefined();
  });

  it('holds at most its number of entries, forgetting the oldest', () => {
    const cache = createSessionCache<number>({ maxEntries: 2 });
    cache.live(true);
    for (const n of [1, 2, 3]) cache.set(`t${n}`, n, cache.generation(), Date.now() + 60_000);
    expect([cache.get('t1'), cache.get('t2'), cache.get('t3')]).toEqual([undefined, 2, 3]);
  });
});

describe('tokens resolved from memory on two instances', () => {
  let t: Awaited<ReturnType<typeof twoInstances>>;
  beforeAll(async () => {
    t = await twoInstances({ sessionCache: true });
  });
  afterAll(() => t.close());

  const me = (app: TestApp, token: string) =>
    app.inject({ method: 'GET', url: '/api/partner/v1/auth/me', headers: bearer(token) });
  const statuses = (token: string) => Promise.all(t.apps.map(async (app) => (await me(app, token)).statusCode));
  /** Every instance refuses the token within a second of the change, without anyone telling it but the database. */
  const refusedEverywhere = (token: string) =>
    expect.poll(() => statuses(token), { timeout: 1000, interval: 20 }).toEqual([401, 401]);

  async function signedIn() {
    const { partner, admin, member } = await createPartnerWithAdmin(t.db);
    const token = await signIn(t.apps[0], admin.email, partner.id);
    expect(await statuses(token)).toEqual([200, 200]);
    return { token, admin, member };
  }

  it('answers from memory: a change the database does not announce is not seen', async () => {
    const { token } = await signedIn();
    await t.db.execute(sql`alter table sessions disable trigger sessions_auth_changed`);
    try {
      await t.db.update(sessions).set({ revokedAt: new Date() });
      expect(await statuses(token)).toEqual([200, 200]);
    } finally {
      await t.db.execute(sql`alter table sessions enable trigger sessions_auth_changed`);
    }
  });

  it('stops a revoked session, a disabled user and a removed member on every instance within a second', async () => {
    const revoked = await signedIn();
    await t.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(sql`true`);
    await refusedEverywhere(revoked.token);

    const disabled = await signedIn();
    await t.db.update(users).set({ status: false }).where(eq(users.id, disabled.admin.id));
    await refusedEverywhere(disabled.token);

    const removed = await signedIn();
    await t.db.update(members).set({ status: false }).where(eq(members.id, removed.member.id));
    await refusedEverywhere(removed.token);
  });

  it('shows a changed name on every instance within a second (GET /me answers from memory)', async () => {
    const { token, admin } = await signedIn();
    await t.db.update(users).set({ fullName: 'Renamed Person' }).where(eq(users.id, admin.id));
    const names = () => Promise.all(t.apps.map(async (app) => (await me(app, token)).json().data.full_name));
    await expect.poll(names, { timeout: 1000, interval: 20 }).toEqual(['Renamed Person', 'Renamed Person']);
  });
});
