import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { addMember, bearer, createPartnerWithAdmin, createUser, signIn } from '../../../test/seeders.ts';

describe('team roles and removal', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let org: Awaited<ReturnType<typeof createPartnerWithAdmin>>;
  let admin: string;
  let roleId: (value: string) => number;

  beforeAll(async () => {
    t = await buildTestApp();
    org = await createPartnerWithAdmin(t.db);
    admin = await signIn(t.app, org.admin.email, org.partner.id);
    const roles = (await t.app.inject({ method: 'GET', url: '/api/roles', headers: bearer(admin) })).json().data;
    roleId = (value) => roles.find((r: { value: string }) => r.value === value).ID;
  });
  afterAll(() => t.close());

  const call = (method: 'PATCH' | 'DELETE' | 'GET', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });

  it('changes a member’s role and answers the member', async () => {
    const user = await createUser(t.db, { fullName: 'Omar Role' });
    const member = await addMember(t.db, org.partner.id, user.id, 'BoxOffice');
    const res = await call('PATCH', `/api/members/${member.id}?roles=true`, { roles: [roleId('Manager')] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      MemberID: member.id,
      Roles: [{ value: 'Manager' }],
      User: { full_name: 'Omar Role' },
    });
    const mine = await call('GET', `/api/members?partner_id=${org.partner.id}&user_id=${user.id}`);
    expect(mine.json().data).toEqual([
      expect.objectContaining({ MemberID: member.id, Roles: [expect.objectContaining({ value: 'Manager' })] }),
    ]);
  });

  it('never demotes or removes the last admin', async () => {
    const [self] = (await call('GET', `/api/members?partner_id=${org.partner.id}&user_id=${org.admin.id}`)).json().data;
    const demote = await call('PATCH', `/api/members/${self.MemberID}?roles=true`, { roles: [roleId('Manager')] });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.message).toBe(
      'An organization needs at least one admin. Make someone else an admin first.',
    );
    expect((await call('DELETE', `/api/members/${self.MemberID}`)).statusCode).toBe(409);

    const second = await createUser(t.db);
    const secondMember = await addMember(t.db, org.partner.id, second.id, 'Admin');
    expect(
      (await call('PATCH', `/api/members/${self.MemberID}?roles=true`, { roles: [roleId('Manager')] })).statusCode,
    ).toBe(200);
    expect(
      (await call('PATCH', `/api/members/${self.MemberID}?roles=true`, { roles: [roleId('Admin')] })).statusCode,
    ).toBe(403);
    const secondAdmin = await signIn(t.app, second.email, org.partner.id);
    const back = await t.app.inject({
      method: 'PATCH',
      url: `/api/members/${self.MemberID}?roles=true`,
      headers: bearer(secondAdmin),
      payload: { roles: [roleId('Admin')] },
    });
    expect(back.statusCode).toBe(200);
    expect((await call('DELETE', `/api/members/${secondMember.id}`)).json().data).toEqual({
      member_id: secondMember.id,
    });
  });

  it('removes a member, whose partner session then ends', async () => {
    const user = await createUser(t.db);
    const member = await addMember(t.db, org.partner.id, user.id, 'BoxOffice');
    const theirs = await signIn(t.app, user.email, org.partner.id);
    expect((await call('DELETE', `/api/members/${member.id}`)).statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/partners/${org.partner.id}`,
      headers: bearer(theirs),
    });
    expect(after.statusCode).toBe(401);
  });

  it("cannot touch another organization's members", async () => {
    const other = await createPartnerWithAdmin(t.db);
    const [theirs] = (
      await t.app.inject({
        method: 'GET',
        url: `/api/members?partner_id=${other.partner.id}`,
        headers: bearer(await signIn(t.app, other.admin.email, other.partner.id)),
      })
    ).json().data;
    expect(
      (await call('PATCH', `/api/members/${theirs.MemberID}?roles=true`, { roles: [roleId('Manager')] })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/members/${theirs.MemberID}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/members?partner_id=${other.partner.id}`)).statusCode).toBe(404);
  });
});
