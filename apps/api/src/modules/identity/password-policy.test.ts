import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import {
  bearer,
  createPartnerWithAdmin,
  createUser,
  newestMail,
  signIn,
  TEST_PASSWORD,
} from '../../../test/seeders.ts';
import { demoLogin, demoStaffLogin } from '../../db/seed/demo.ts';
import { checkNewPassword, tooCommonPassword } from '../../lib/password-policy.ts';

const COMMON = ['password', '12345678', 'aaaaaaaa', 'Password', 'qwertyuiop', 'iloveyou', 'PASSW0RD'];

describe('the password policy', () => {
  it('refuses common, breached and one-character passwords, in any case', async () => {
    for (const password of COMMON) {
      await expect(checkNewPassword(password), password).rejects.toMatchObject({
        statusCode: 422,
        message: tooCommonPassword,
        fields: { password: tooCommonPassword },
      });
    }
    await expect(checkNewPassword('short')).rejects.toMatchObject({
      fields: { password: 'Password must be at least 8 characters' },
    });
  });

  it("accepts the demo and test seeders' passwords and ordinary chosen ones", async () => {
    for (const password of [demoLogin.password, demoStaffLogin.password, TEST_PASSWORD, 'a brand new password']) {
      await expect(checkNewPassword(password), password).resolves.toBeUndefined();
    }
  });
});

describe('every place a password is set refuses a common one with a 422 on the password field', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
  const oobCodeMailedTo = async (email: string) => {
    const mail = await newestMail(t.db, email, '%');
    return new URL(/https?:\/\/\S+\/usermgmt\?\S+/.exec(mail!.text)![0]).searchParams.get('oobCode')!;
  };
  const expectTooCommon = (res: Awaited<ReturnType<typeof post>>) => {
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      success: false,
      error: { code: 'validation_failed', message: tooCommonPassword, fields: { password: tooCommonPassword } },
    });
  };

  it('a reset, and the link still works for a better password', async () => {
    const user = await createUser(t.db);
    await post('/api/public/users/forgot', { email: user.email });
    const oobCode = await oobCodeMailedTo(user.email);
    for (const password of COMMON) expectTooCommon(await post('/api/identity/reset-password', { oobCode, password }));
    expect((await post('/api/identity/sign-in', { email: user.email, password: 'password' })).statusCode).toBe(401);
    expect((await post('/api/identity/reset-password', { oobCode, password: 'harbour at dusk' })).statusCode).toBe(200);
  });

  it("an invitation's Create Account", async () => {
    const { partner, admin } = await createPartnerWithAdmin(t.db);
    const adminToken = await signIn(t.app, admin.email, partner.id);
    const roles = (await t.app.inject({ method: 'GET', url: '/api/roles', headers: bearer(adminToken) })).json().data;
    const email = `invitee-${Date.now()}@example.test`;
    const body = { full_name: 'Ines Invitee', email, roles: [roles[0].ID], partner_id: partner.id, user_id: admin.id };
    expect((await post('/api/members', body, adminToken)).statusCode).toBe(200);
    const signedIn = await post('/api/identity/sign-in-with-code', { oobCode: await oobCodeMailedTo(email) });
    const { access_token } = (await post('/api/login', { firebase_id: signedIn.json().data.id_token })).json().data;
    for (const password of COMMON) expectTooCommon(await post('/api/identity/password', { password }, access_token));
    expect((await post('/api/identity/password', { password: 'ines owns this one' }, access_token)).statusCode).toBe(
      200,
    );
  });

  it('choosing a new password after signing in by e-mailed link', async () => {
    const user = await createUser(t.db);
    await post('/api/identity/sign-in-link', { email: user.email, continuePath: '/event-list' });
    const signedIn = await post('/api/identity/sign-in-with-code', { oobCode: await oobCodeMailedTo(user.email) });
    const { access_token } = (await post('/api/login', { firebase_id: signedIn.json().data.id_token })).json().data;
    for (const password of COMMON) expectTooCommon(await post('/api/identity/password', { password }, access_token));
    expect((await post('/api/identity/password', { password: 'a better one at last' }, access_token)).statusCode).toBe(
      200,
    );
  });
});
