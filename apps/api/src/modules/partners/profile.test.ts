import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, bearer, createUser, PDF_DATA_URL, PNG_DATA_URL, signIn } from '../../../test/seeders.ts';
import { suiteApp, suiteOrganisation } from '../../../test/suite.ts';
import { members, partners, partnerTos } from '../../db/schema/index.ts';

describe('organisation profile', () => {
  const t = suiteApp();
  const org = suiteOrganisation(t, { name: 'Delta Live' });
  const other = suiteOrganisation(t, { name: 'Epsilon Events' });
  let staff: string;

  beforeAll(async () => {
    const staffUser = await createUser(t.db);
    await addMember(t.db, org.partner.id, staffUser.id, 'BoxOffice');
    staff = await signIn(t.app, staffUser.email, org.partner.id);
  });

  const call = (method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const row = async () => (await t.db.select().from(partners).where(eq(partners.id, org.partner.id)))[0]!;

  it('changes the name and uploads a logo, answering the image URL', async () => {
    const res = await call('PUT', `/api/partners/${org.partner.id}`, org.token, {
      name: 'Delta Live Music',
      image: PNG_DATA_URL,
      status: true,
    });
    expect(res.statusCode).toBe(200);
    const { name, image } = res.json().data;
    expect(name).toBe('Delta Live Music');
    expect(image).toMatch(/^\/api\/files\/[0-9a-f-]{36}\.png$/);
    const file = await t.app.inject({ method: 'GET', url: image });
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');

    const kept = await call('PUT', `/api/partners/${org.partner.id}`, org.token, { image, name: 'Delta Live Music' });
    expect(kept.json().data.image).toBe(image);
    const removed = await call('PUT', `/api/partners/${org.partner.id}`, org.token, { image: '' });
    expect(removed.json().data.image).toBe('');
  });

  it('refuses a file that claims to be a PNG but is not, and changes nothing', async () => {
    const before = await row();
    const fake = `data:image/png;base64,${Buffer.from('<svg onload="alert(1)"></svg>').toString('base64')}`;
    const res = await call('PUT', `/api/partners/${org.partner.id}`, org.token, { name: 'Changed?', image: fake });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      message: 'The file must be a PNG or JPEG file.',
      fields: { image: expect.any(String) },
    });
    expect(await row()).toEqual(before);
  });

  it('sets, edits and clears each colour', async () => {
    let res = await call('PATCH', `/api/partners/${org.partner.id}`, org.token, {
      primary_color: '#112233',
      tertiary_color: '#ABCDEF',
    });
    expect(res.json().data).toMatchObject({ primary_color: '#112233', tertiary_color: '#ABCDEF' });
    res = await call('PATCH', `/api/partners/${org.partner.id}`, org.token, { primary_color: '' });
    expect(res.json().data).toMatchObject({ primary_color: '', tertiary_color: '#ABCDEF' });
    res = await call('PATCH', `/api/partners/${org.partner.id}`, org.token, { secondary_color: 'blue' });
    expect(res.statusCode).toBe(422);
  });

  it('keeps the default royalty between 0 and 100 percent, or unset', async () => {
    for (const bad of [101, 1.01, -0.5, '5']) {
      const res = await call('PUT', `/api/partners/${org.partner.id}`, org.token, {
        partner_secondary_default_royalty: bad,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.fields.partner_secondary_default_royalty).toBe('* Value must be between 0 and 100');
    }
    const set = await call('PUT', `/api/partners/${org.partner.id}`, org.token, {
      partner_secondary_default_royalty: 0.075,
      secondary_royalty: 0.075,
    });
    expect(set.json().data.partner_secondary_default_royalty).toBe(0.075);
    const unset = await call('PUT', `/api/partners/${org.partner.id}`, org.token, {
      partner_secondary_default_royalty: -1,
    });
    expect(unset.json().data.partner_secondary_default_royalty).toBe(-1);
  });

  it('adds terms documents by upload and by link, lists and deletes them', async () => {
    const uploaded = await call('POST', `/api/partners/${org.partner.id}/tos?file=true`, org.token, {
      file: PDF_DATA_URL,
      file_name: 'Ticket terms',
    });
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json().data.file).toMatch(/^\/api\/files\/.+\.pdf$/);
    const pdf = await t.app.inject({ method: 'GET', url: uploaded.json().data.file });
    expect(pdf.headers['content-disposition']).toBe('attachment');

    const linked = await call('POST', `/api/partners/${org.partner.id}/tos?file=false`, org.token, {
      file: 'https://delta.example/terms',
      file_name: 'Venue rules',
    });
    expect(linked.json().data).toMatchObject({ file: 'https://delta.example/terms', file_name: 'Venue rules' });
    const script = await call('POST', `/api/partners/${org.partner.id}/tos?file=false`, org.token, {
      file: 'javascript:alert(1)',
      file_name: 'Bad',
    });
    expect(script.statusCode).toBe(422);
    const html = await call('POST', `/api/partners/${org.partner.id}/tos?file=true`, org.token, {
      file: `data:application/pdf;base64,${Buffer.from('<html></html>').toString('base64')}`,
      file_name: 'Bad',
    });
    expect(html.statusCode).toBe(422);

    const list = await call('GET', `/api/partners/${org.partner.id}/tos`, staff);
    expect(list.json().data.map((d: { file_name: string }) => d.file_name)).toEqual(['Ticket terms', 'Venue rules']);

    const foreign = await call('DELETE', `/api/partners/${other.partner.id}/tos/${linked.json().data.ID}`, org.token);
    expect(foreign.statusCode).toBe(404);
    const gone = await call('DELETE', `/api/partners/${org.partner.id}/tos/${linked.json().data.ID}`, org.token);
    expect(gone.json().data).toEqual({ ID: linked.json().data.ID });
    expect(await t.db.select().from(partnerTos).where(eq(partnerTos.partnerId, org.partner.id))).toHaveLength(1);
  });

  it('answers every admin-only call from a non-admin with 403 and changes nothing', async () => {
    const [doc] = await t.db.select().from(partnerTos).where(eq(partnerTos.partnerId, org.partner.id));
    const beforePartner = await row();
    const beforeMembers = await t.db.select().from(members).where(eq(members.partnerId, org.partner.id));
    const beforeDocs = await t.db.select().from(partnerTos);
    const id = org.partner.id;
    const attempts: [Parameters<typeof call>[0], string, object?][] = [
      ['PUT', `/api/partners/${id}`, { name: 'Hijacked' }],
      ['PATCH', `/api/partners/${id}`, { primary_color: '#000000' }],
      ['PUT', `/api/partners/${id}`, { partner_secondary_default_royalty: 0.5 }],
      ['GET', `/api/partners/${id}/stripe_link`],
      ['POST', `/api/partners/${id}/tos?file=false`, { file: 'https://x.example', file_name: 'x' }],
      ['DELETE', `/api/partners/${id}/tos/${doc!.id}`],
      ['POST', '/api/members', { full_name: 'X', email: 'x@example.test', roles: [1], partner_id: id }],
      ['PATCH', `/api/members/${beforeMembers[0]!.id}?roles=true`, { roles: [1] }],
      ['DELETE', `/api/members/${beforeMembers[0]!.id}`],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await call(method, url, staff, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await row()).toEqual(beforePartner);
    expect(await t.db.select().from(members).where(eq(members.partnerId, org.partner.id))).toEqual(beforeMembers);
    expect(await t.db.select().from(partnerTos)).toEqual(beforeDocs);
  });

  it('lets a non-admin read the profile, documents and team', async () => {
    expect((await call('GET', `/api/partners/${org.partner.id}`, staff)).statusCode).toBe(200);
    expect((await call('GET', `/api/members?partner_id=${org.partner.id}`, staff)).json().data).toHaveLength(2);
  });
});
