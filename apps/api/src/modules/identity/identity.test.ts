import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { addMember, bearer, createPartnerWithAdmin, createUser, signIn, TEST_PASSWORD } from '../../../test/seeders.ts';
import { sessions } from '../../db/schema/index.ts';

describe('sign-in, login and partner scoping', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let a: Awaited<ReturnType<typeof createPartnerWithAdmin>>;
  let b: Awaited<ReturnType<typeof createPartnerWithAdmin>>;

  beforeAll(async () => {
    t = await buildTestApp();
    a = await createPartnerWithAdmin(t.db, { name: 'Alpha Events' });
    b = await createPartnerWithAdmin(t.db, { name: 'Beta Events' });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, token?: string) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });

  it('exchanges e-mail and password for a user token, then a partner token', async () => {
    const signInRes = await post('/api/identity/sign-in', {
      email: a.admin.email.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(signInRes.statusCode).toBe(200);
    const login = await post('/api/login', { firebase_id: signInRes.json().data.id_token });
    expect(login.statusCode).toBe(200);
    const { access_token, user_id, uid } = login.json().data;
    expect(user_id).toBe(a.admin.id);
    expect(uid).toBe(a.admin.uid);

    const users = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(access_token) });
    expect(users.json().data).toEqual([
      expect.objectContaining({
        ID: a.admin.id,
        Partners: [expect.objectContaining({ ID: a.partner.id, name: 'Alpha Events' })],
      }),
    ]);

    const scoped = await post('/api/login/partner', { partner_id: a.partner.id }, access_token);
    expect(scoped.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/partner/v1/auth/me',
      headers: bearer(scoped.json().data),
    });
    expect(me.json().data).toMatchObject({ user_id: a.admin.id, partner_id: a.partner.id, email: a.admin.email });
  });

  it('answers a wrong password and an unknown e-mail with the same spec message', async () => {
    const wrong = await post('/api/identity/sign-in', { email: a.admin.email, password: 'nope' });
    const unknown = await post('/api/identity/sign-in', { email: 'nobody@example.test', password: 'nope' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe('Account information incorrect. Try again.');
    }
    expect(wrong.body).toBe(unknown.body);
  });

  it('validates the sign-in form with the spec messages', async () => {
    const res = await post('/api/identity/sign-in', { email: 'not-an-email', password: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual({ email: 'invalid email', password: 'Password is required' });
  });

  it('refuses a partner token for a partner the user is not an active member of', async () => {
    const token = await signIn(t.app, a.admin.email);
    expect((await post('/api/login/partner', { partner_id: b.partner.id }, token)).statusCode).toBe(404);

    const invitee = await createUser(t.db);
    await addMember(t.db, a.partner.id, invitee.id, 'Manager', false);
    const inviteeToken = await signIn(t.app, invitee.email);
    expect((await post('/api/login/partner', { partner_id: a.partner.id }, inviteeToken)).statusCode).toBe(404);
  });

  it("never lets partner A's token read partner B", async () => {
    const tokenA = await signIn(t.app, a.admin.email, a.partner.id);
    for (const url of [
      `/api/partners/${b.partner.id}`,
      `/api/events?partner_id=${b.partner.id}`,
      `/api/users/${b.admin.id}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(tokenA) });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Beta Events');
    }
  });

  it('needs a partner-scoped token for partner data', async () => {
    const userToken = await signIn(t.app, a.admin.email);
    const res = await t.app.inject({ method: 'GET', url: `/api/partners/${a.partner.id}`, headers: bearer(userToken) });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Choose an organization first.');
  });

  it('refuses tampered, unsigned, expired and revoked tokens with 401', async () => {
    const token = await signIn(t.app, a.admin.email, a.partner.id);
    const [head, body] = token.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, pid: b.partner.id })).toString('base64url');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${body}.`;
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(t.config.tokenSecret));
    for (const bad of [`${head}.${forged}.${token.split('.')[2]}`, unsigned, expired, 'garbage']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/partner/v1/auth/me', headers: bearer(bad) });
      expect(res.statusCode).toBe(401);
    }

    expect((await post('/api/identity/logout', undefined, token)).statusCode).toBe(200);
    const afterLogout = await t.app.inject({ method: 'GET', url: '/api/partner/v1/auth/me', headers: bearer(token) });
    expect(afterLogout.statusCode).toBe(401);
  });

  it('ends a partner session when the membership is withdrawn', async () => {
    const staff = await createUser(t.db);
    const member = await addMember(t.db, a.partner.id, staff.id, 'BoxOffice');
    const token = await signIn(t.app, staff.email, a.partner.id);
    const { members } = await import('../../db/schema/index.ts');
    await t.db.update(members).set({ status: false }).where(eq(members.id, member.id));
    const res = await t.app.inject({ method: 'GET', url: `/api/partners/${a.partner.id}`, headers: bearer(token) });
    expect(res.statusCode).toBe(401);
  });

  it('refuses an identity token used as an access token, and the reverse', async () => {
    const idToken = (await post('/api/identity/sign-in', { email: a.admin.email, password: TEST_PASSWORD })).json().data
      .id_token;
    const asAccess = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(idToken) });
    expect(asAccess.statusCode).toBe(401);
    const access = await signIn(t.app, a.admin.email);
    expect((await post('/api/login', { firebase_id: access })).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, a.admin.id))).not.toHaveLength(0);
  });
  it('slows a password guesser per e-mail and address without locking the owner out', async () => {
    const victim = await createUser(t.db);
    const signInFrom = (remoteAddress: string, password: string, email = victim.email) =>
      t.app.inject({ method: 'POST', url: '/api/identity/sign-in', payload: { email, password }, remoteAddress });
    const attacker = '198.51.100.7';
    const owner = '203.0.113.20';

    const answers = [];
    for (let i = 0; i < 50; i++) answers.push((await signInFrom(attacker, `guess-${i}`)).statusCode);
    expect(answers).toEqual([...Array(5).fill(401), ...Array(45).fill(429)]);

    // The owner's right password from another address works while the attacker is held off.
    expect((await signInFrom(owner, TEST_PASSWORD)).statusCode).toBe(200);
    const held = await signInFrom(attacker, TEST_PASSWORD);
    expect(held.statusCode).toBe(429);
    expect(held.json().error).toEqual({ code: 'rate_limited', message: 'Too many attempts. Try again in 1 minute.' });
    // Another account from the attacker's address is not held.
    expect((await signInFrom(attacker, TEST_PASSWORD, (await createUser(t.db)).email)).statusCode).toBe(200);

    // Each failure after a wait locks the pair for twice as long: 2 minutes, then 4, then 8.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      for (const minutes of [2, 4, 8]) {
        vi.setSystemTime(Date.now() + (minutes / 2) * 60_000 + 1_000);
        expect((await signInFrom(attacker, 'one more guess')).statusCode).toBe(401);
        const refused = await signInFrom(attacker, 'and another');
        expect(refused.statusCode).toBe(429);
        expect(refused.json().error.message).toBe(`Too many attempts. Try again in ${minutes} minutes.`);
      }
    } finally {
      vi.useRealTimers();
    }
    expect((await signInFrom(owner, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('caps failed sign-ins per address across e-mails, and counts only failures', async () => {
    const user = await createUser(t.db);
    const remoteAddress = '192.0.2.44';
    const signInFrom = (email: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/identity/sign-in', payload: { email, password }, remoteAddress });
    for (let i = 0; i < 3; i++) expect((await signInFrom(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    const answers = [];
    for (let i = 0; i < 101; i++) answers.push((await signInFrom(`nobody-${i}@example.test`, 'nope')).statusCode);
    expect(answers).toEqual([...Array(100).fill(401), 429]);
    expect((await signInFrom(user.email, TEST_PASSWORD)).statusCode).toBe(429);
  });
});
