import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoInstances, type TestApp as App } from '../../../test/helper.ts';
import { addMember, bearer, createPartner, createUser, newestMail, TEST_PASSWORD } from '../../../test/seeders.ts';

describe('logout ends the whole sign-in, on every instance', () => {
  let t: Awaited<ReturnType<typeof twoInstances>>;
  let one: App;
  let two: App;
  beforeAll(async () => {
    t = await twoInstances({ sessionCache: true });
    [one, two] = t.apps;
  });
  afterAll(() => t.close());

  const post = (app: App, url: string, payload?: object, token?: string) =>
    app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers: token ? bearer(token) : {} });
  /** The answer to GET /me with the token, from each instance. */
  const works = async (token: string) =>
    Promise.all(
      [one, two].map(
        async (app) =>
          (await app.inject({ method: 'GET', url: '/api/partner/v1/auth/me', headers: bearer(token) })).statusCode,
      ),
    );
  /** Each instance hears of an ended session from the database's notification: within a second. */
  const ended = (token: string) => expect.poll(() => works(token), { timeout: 1000, interval: 20 }).toEqual([401, 401]);

  /** One sign-in with a password: the user token, then a partner token, then a switch to another partner. */
  async function signInFully(email: string, partnerIds: [number, number]) {
    const idToken = (await post(one, '/api/identity/sign-in', { email, password: TEST_PASSWORD })).json().data.id_token;
    const user = (await post(two, '/api/login', { firebase_id: idToken })).json().data.access_token as string;
    const partner = (await post(one, '/api/login/partner', { partner_id: partnerIds[0] }, user)).json().data as string;
    const switched = (await post(two, '/api/login/partner', { partner_id: partnerIds[1] }, partner)).json()
      .data as string;
    for (const token of [user, partner, switched]) expect(await works(token)).toEqual([200, 200]);
    return { user, partner, switched };
  }

  async function member() {
    const user = await createUser(t.db);
    const a = await createPartner(t.db);
    const b = await createPartner(t.db);
    await addMember(t.db, a.id, user.id, 'Admin');
    await addMember(t.db, b.id, user.id, 'Manager');
    return { user, partnerIds: [a.id, b.id] as [number, number] };
  }

  it("with a partner token: the same sign-in's user token and other partner tokens end too", async () => {
    const { user, partnerIds } = await member();
    const signIn = await signInFully(user.email, partnerIds);
    const elsewhere = await signInFully(user.email, partnerIds);

    expect((await post(two, '/api/identity/logout', undefined, signIn.partner)).statusCode).toBe(200);
    for (const token of [signIn.user, signIn.partner, signIn.switched]) await ended(token);
    // Another sign-in of the same person (another browser) goes on.
    for (const token of Object.values(elsewhere)) expect(await works(token)).toEqual([200, 200]);
    // A partner token cannot be had from the ended user token.
    expect((await post(one, '/api/login/partner', { partner_id: partnerIds[0] }, signIn.user)).statusCode).toBe(401);
  });

  it('with the user token: the partner tokens chosen from it end too', async () => {
    const { user, partnerIds } = await member();
    const signIn = await signInFully(user.email, partnerIds);
    expect((await post(one, '/api/identity/logout', undefined, signIn.user)).statusCode).toBe(200);
    for (const token of [signIn.user, signIn.partner, signIn.switched]) await ended(token);
  });

  it("choosing a password ends the user's other sign-ins, on every instance", async () => {
    const { user, partnerIds } = await member();
    const before = await signInFully(user.email, partnerIds);
    await post(one, '/api/identity/sign-in-link', { email: user.email, continuePath: '/event-list' });
    const mail = await newestMail(t.db, user.email, '%');
    const oobCode = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]).searchParams.get('oobCode')!;
    const idToken = (await post(two, '/api/identity/sign-in-with-code', { oobCode })).json().data.id_token;
    const linkSession = (await post(one, '/api/login', { firebase_id: idToken })).json().data.access_token as string;

    expect(
      (await post(two, '/api/identity/password', { password: 'lantern by the quay' }, linkSession)).statusCode,
    ).toBe(200);
    for (const token of Object.values(before)) await ended(token);
    expect(await works(linkSession)).toEqual([200, 200]);
  });
});
