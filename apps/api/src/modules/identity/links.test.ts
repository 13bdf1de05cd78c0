import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { linkIn, startMailCatcher } from '../../../test/mail-catcher.ts';
import { bearer, createPartnerWithAdmin, createUser, signIn, TEST_PASSWORD } from '../../../test/seeders.ts';
import { identityCodes, members } from '../../db/schema/index.ts';

describe('e-mailed links, through a real SMTP server', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;

  beforeAll(async () => {
    mail = await startMailCatcher();
    t = await buildTestApp({ smtpUrl: mail.url, publicUrl: 'http://portal.test' });
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });

  it('resets a password with the mailed link, once, and ends the old sessions', async () => {
    const user = await createUser(t.db);
    const oldSession = await signIn(t.app, user.email);

    const asked = await post('/api/public/users/forgot', { email: user.email });
    expect(asked.json()).toEqual({ success: true, data: { sent: true } });
    const link = linkIn(await mail.latest(user.email));
    expect(link.origin + link.pathname).toBe('http://portal.test/usermgmt');
    expect(link.searchParams.get('mode')).toBe('resetPassword');
    expect(link.searchParams.get('continueUrl')).toBe('http://portal.test/login');
    const oobCode = link.searchParams.get('oobCode')!;

    expect((await post('/api/identity/reset-code', { oobCode })).json().data).toEqual({ email: user.email });
    const reset = await post('/api/identity/reset-password', { oobCode, password: 'a brand new password' });
    expect(reset.statusCode).toBe(200);

    const again = await post('/api/identity/reset-password', { oobCode, password: 'yet another password' });
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe('This link is invalid or has expired. Ask for a new one.');

    expect((await post('/api/identity/sign-in', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect(
      (await post('/api/identity/sign-in', { email: user.email, password: 'a brand new password' })).statusCode,
    ).toBe(200);
    const stale = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(oldSession) });
    expect(stale.statusCode).toBe(401);
  });

  it('refuses a code after it expires', async () => {
    const user = await createUser(t.db);
    await post('/api/public/users/forgot', { email: user.email });
    const oobCode = linkIn(await mail.latest(user.email)).searchParams.get('oobCode')!;
    await t.db
      .update(identityCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(identityCodes.userId, user.id));
    expect((await post('/api/identity/reset-code', { oobCode })).statusCode).toBe(422);
    expect((await post('/api/identity/reset-password', { oobCode, password: 'whatever it is' })).statusCode).toBe(422);
  });

  it('stores codes hashed, never as sent', async () => {
    const user = await createUser(t.db);
    await post('/api/public/users/forgot', { email: user.email });
    const oobCode = linkIn(await mail.latest(user.email)).searchParams.get('oobCode')!;
    const stored = await t.db.select().from(identityCodes).where(eq(identityCodes.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.codeHash).not.toContain(oobCode);
    expect(oobCode.length).toBeGreaterThanOrEqual(40);
  });

  it('answers forgot-password the same whether or not the e-mail has an account', async () => {
    const user = await createUser(t.db);
    const before = mail.mails.length;
    const known = await post('/api/public/users/forgot', { email: user.email });
    const unknown = await post('/api/public/users/forgot', { email: 'nobody-here@example.test' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await mail.latest(user.email);
    expect(mail.mails.slice(before).map((m) => m.to)).toEqual([user.email]);
  });

  it('limits forgot-password requests per e-mail with a clear 429', async () => {
    const email = 'flood@example.test';
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await post('/api/public/users/forgot', { email })).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    const res = await post('/api/public/users/forgot', { email });
    expect(res.json().error).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many attempts\. Try again in \d+ minutes?\.$/),
    });
  });

  it('invites a member: the mailed link activates them and they set a password to sign in', async () => {
    const { partner, admin } = await createPartnerWithAdmin(t.db, { name: 'Gamma Live' });
    const adminToken = await signIn(t.app, admin.email, partner.id);
    const roles = (await t.app.inject({ method: 'GET', url: '/api/roles', headers: bearer(adminToken) })).json().data;
    const manager = roles.find((r: { value: string }) => r.value === 'Manager');
    expect(manager.Permissions.length).toBeGreaterThan(0);

    const invited = await post(
      '/api/members',
      {
        full_name: 'Rosa Diaz',
        email: 'Rosa@Example.test',
        roles: [manager.ID],
        partner_id: partner.id,
        user_id: admin.id,
      },
      adminToken,
    );
    expect(invited.statusCode).toBe(200);
    const { member_id } = invited.json().data;
    const [pending] = await t.db.select().from(members).where(eq(members.id, member_id));
    expect(pending!.status).toBe(false);

    const letter = await mail.latest('rosa@example.test');
    expect(letter.subject).toContain('Gamma Live');
    const link = linkIn(letter);
    expect(link.searchParams.get('mode')).toBe('signIn');
    const landing = new URL(link.searchParams.get('continueUrl')!);
    expect(landing.pathname).toBe('/member-login');
    expect(Object.fromEntries(landing.searchParams)).toMatchObject({
      email: 'rosa@example.test',
      partner_id: String(partner.id),
      partner_name: 'Gamma Live',
      invited_by: admin.fullName,
    });

    const signedIn = await post('/api/identity/sign-in-with-code', { oobCode: link.searchParams.get('oobCode')! });
    const login = await post('/api/login', { firebase_id: signedIn.json().data.id_token });
    const { access_token, user_id, uid } = login.json().data;
    const [accepted] = await t.db.select().from(members).where(eq(members.id, member_id));
    expect(accepted!.status).toBe(true);

    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user_id}`,
      payload: { status: true, firebase_id: uid },
      headers: bearer(access_token),
    });
    expect(put.json().data.Partners.map((p: { name: string }) => p.name)).toEqual(['Gamma Live']);
    expect((await post('/api/identity/password', { password: 'rosas own password' }, access_token)).statusCode).toBe(
      200,
    );

    const own = await post('/api/identity/sign-in', { email: 'rosa@example.test', password: 'rosas own password' });
    expect(own.statusCode).toBe(200);
    const reused = await post('/api/identity/sign-in-with-code', { oobCode: link.searchParams.get('oobCode')! });
    expect(reused.statusCode).toBe(422);
  });

  it('lets only admins invite, and never twice into the same organization', async () => {
    const { partner, admin } = await createPartnerWithAdmin(t.db);
    const staff = await createUser(t.db);
    const { addMember } = await import('../../../test/seeders.ts');
    await addMember(t.db, partner.id, staff.id, 'BoxOffice');
    const staffToken = await signIn(t.app, staff.email, partner.id);
    const adminToken = await signIn(t.app, admin.email, partner.id);
    const roles = (await t.app.inject({ method: 'GET', url: '/api/roles', headers: bearer(adminToken) })).json().data;
    const body = { full_name: 'Someone', email: 'someone@example.test', roles: [roles[0].ID], partner_id: partner.id };

    const refused = await post('/api/members', body, staffToken);
    expect(refused.statusCode).toBe(403);
    expect(await t.db.select().from(members).where(eq(members.partnerId, partner.id))).toHaveLength(2);

    expect((await post('/api/members', body, adminToken)).statusCode).toBe(200);
    // While the invitation is pending, inviting again sends it again; once accepted, it is refused.
    const again = await post('/api/members', body, adminToken);
    expect(again.statusCode).toBe(200);
    const invited = await t.db.select().from(members).where(eq(members.partnerId, partner.id));
    expect(invited).toHaveLength(3);
    await t.db.update(members).set({ status: true }).where(eq(members.id, again.json().data.member_id));
    const twice = await post('/api/members', body, adminToken);
    expect(twice.statusCode).toBe(409);

    const invalid = await post('/api/members', { ...body, full_name: ' ', email: 'nope' }, adminToken);
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().error.fields).toEqual({ full_name: 'name is required', email: 'invalid email' });
  });
  it('lets only a session opened by an e-mailed link choose a password', async () => {
    const user = await createUser(t.db);
    const passwordSession = await signIn(t.app, user.email);
    const refused = await post('/api/identity/password', { password: 'taken over!' }, passwordSession);
    expect(refused.statusCode).toBe(403);
    expect((await post('/api/identity/sign-in', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);

    await post('/api/identity/sign-in-link', { email: user.email, continuePath: '/event-list' });
    const link = linkIn(await mail.latest(user.email));
    expect(link.searchParams.get('continueUrl')).toBe('http://portal.test/event-list');
    const { id_token } = (
      await post('/api/identity/sign-in-with-code', { oobCode: link.searchParams.get('oobCode')! })
    ).json().data;
    const linkSession = (await post('/api/login', { firebase_id: id_token })).json().data.access_token;
    expect((await post('/api/identity/password', { password: 'short' }, linkSession)).statusCode).toBe(422);
    expect((await post('/api/identity/password', { password: 'chosen by link' }, linkSession)).statusCode).toBe(200);
    expect((await post('/api/identity/sign-in', { email: user.email, password: 'chosen by link' })).statusCode).toBe(
      200,
    );
  });

  it('never continues a sign-in link to another site', async () => {
    const user = await createUser(t.db);
    for (const continuePath of ['//evil.example/steal', '/\\evil.example/steal', 'https://evil.example/']) {
      const before = mail.mails.length;
      await post('/api/identity/sign-in-link', { email: user.email, continuePath });
      await expect.poll(() => mail.mails.length).toBe(before + 1);
      const link = linkIn(await mail.latest(user.email));
      expect(link.searchParams.get('continueUrl'), continuePath).toBe('http://portal.test/event-list');
    }
  });
});
