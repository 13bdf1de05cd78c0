import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { suiteWithFans } from '../../../test/fixtures/fans.ts';
import { addMember, bearer, createUser, newestMail } from '../../../test/seeders.ts';
import { fanNotes, identityPins, outbox, users } from '../../db/schema/index.ts';

describe('fans', () => {
  const { t, org, rival, fanIds } = suiteWithFans();

  const get = (url: string, token = org.token) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, payload: object, token = org.token) =>
    t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });

  it('lists the partner’s buyers in name order, filtered by part of the full name in any case', async () => {
    const all = (await get(`/api/partners/${org.partnerId}/fans`)).json().data;
    expect(all.total).toBe(4);
    expect(all.data.map((f: { full_name: string }) => f.full_name)).toEqual([
      'Ada Lovelace',
      'Alan Turing',
      'Grace Hopper',
      'LINUS Torvalds',
    ]);
    const filtered = (await get(`/api/partners/${org.partnerId}/fans?search=${encodeURIComponent('linus t')}`)).json();
    expect(filtered.data).toEqual({
      data: [
        { ID: fanIds['linus@fans.test'], full_name: 'LINUS Torvalds', email: 'linus@fans.test', phone_number: '' },
      ],
      total: 1,
      total_capped: false,
    });
    const paged = (await get(`/api/partners/${org.partnerId}/fans?search=a&per_page=2&page=1`)).json().data;
    expect(paged.total).toBe(4);
    expect(paged.data.map((f: { email: string }) => f.email)).toEqual(['grace@fans.test', 'linus@fans.test']);
    // A % or _ in the filter is a character, not a wildcard.
    expect((await get(`/api/partners/${org.partnerId}/fans?search=%25`)).json().data.total).toBe(0);
  });

  it('keeps every partner’s fans to itself', async () => {
    expect((await get(`/api/partners/${org.partnerId}/fans`, rival.token)).statusCode).toBe(404);
    const rivals = (await get(`/api/partners/${rival.partnerId}/fans`, rival.token)).json().data;
    expect(rivals.data.map((f: { email: string }) => f.email)).toEqual(['rival-fan@fans.test']);
    const ada = fanIds['ada@fans.test'];
    expect((await get(`/api/analytics/fandata/${rival.partnerId}/${ada}`, rival.token)).statusCode).toBe(404);
    expect((await get(`/api/analytics/fandata/${org.partnerId}/${fanIds['rival-fan@fans.test']}`)).statusCode).toBe(
      404,
    );
    expect((await get(`/api/fan_notes/partners/${org.partnerId}/${ada}`, rival.token)).statusCode).toBe(404);
    expect(
      (await get(`/api/users/confirm_identity/${ada}/${rival.partnerId}?channel=email`, rival.token)).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/partners/${org.partnerId}/fans` })).statusCode).toBe(401);
  });

  it('adds notes in the member’s own name and lists them newest first', async () => {
    const fan = fanIds['alan@fans.test']!;
    const empty = await post('/api/fan_notes', { user_id: fan, partner_id: org.partnerId, note: '   ' });
    expect(empty.statusCode).toBe(422);
    // A colleague's member id is refused; one that names no member of this organisation is not found.
    const colleague = await addMember(t.db, org.partnerId, (await createUser(t.db)).id, 'Manager');
    const asColleague = { user_id: fan, partner_id: org.partnerId, member_id: colleague.id, note: 'x' };
    expect((await post('/api/fan_notes', asColleague)).statusCode).toBe(403);
    const asNobody = { user_id: fan, partner_id: org.partnerId, member_id: org.member.id + 1000, note: 'x' };
    expect((await post('/api/fan_notes', asNobody)).statusCode).toBe(404);
    expect((await post('/api/fan_notes', { user_id: fan, partner_id: rival.partnerId, note: 'x' })).statusCode).toBe(
      404,
    );
    const first = await post('/api/fan_notes', {
      user_id: fan,
      partner_id: org.partnerId,
      member_id: org.member.id,
      note: 'Called about parking',
    });
    expect(first.statusCode).toBe(200);
    await post('/api/fan_notes', { user_id: fan, partner_id: org.partnerId, note: '<b>Wants</b> a receipt' });
    const notes = (await get(`/api/fan_notes/partners/${org.partnerId}/${fan}`)).json().data;
    expect(notes).toEqual([
      expect.objectContaining({ note: '<b>Wants</b> a receipt', member_email: org.admin.email }),
      expect.objectContaining({ note: 'Called about parking', member_email: org.admin.email }),
    ]);
    expect(await t.db.select().from(fanNotes).where(eq(fanNotes.userId, fan))).toHaveLength(2);
  });

  it('confirms a fan’s identity with the PIN the fan received, and limits PIN requests', async () => {
    const fan = fanIds['grace@fans.test']!;
    const noPhone = await get(`/api/users/confirm_identity/${fan}/${org.partnerId}?channel=sms`);
    expect(noPhone.statusCode).toBe(422);
    const sent = await get(`/api/users/confirm_identity/${fan}/${org.partnerId}?channel=email`);
    expect(sent.json().data).toMatchObject({ channel: 'email', sent_to: 'g•••@fans.test' });
    expect(JSON.stringify(sent.json())).not.toMatch(/\d{6}/);
    const mail = await newestMail(t.db, 'grace@fans.test', '%PIN is%');
    const pin = /PIN is (\d{6})/.exec(mail!.text)![1]!;
    const wrong = String((Number(pin) + 1) % 1_000_000).padStart(6, '0');
    const refused = await post(`/api/users/confirm_identity/${fan}/${org.partnerId}`, { pin: wrong });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('That PIN does not match. Ask the fan to read it again.');
    expect((await post(`/api/users/confirm_identity/${fan}/${rival.partnerId}`, { pin }, rival.token)).statusCode).toBe(
      404,
    );
    const confirmed = await post(`/api/users/confirm_identity/${fan}/${org.partnerId}`, { pin });
    expect(confirmed.json().data).toMatchObject({ confirmed: true });
    // A used PIN does not confirm twice.
    expect((await post(`/api/users/confirm_identity/${fan}/${org.partnerId}`, { pin })).statusCode).toBe(409);

    await t.db.update(users).set({ phoneNumber: '+1 555 0100 4321' }).where(eq(users.id, fan));
    const text = await get(`/api/users/confirm_identity/${fan}/${org.partnerId}?channel=sms`);
    expect(text.json().data.sent_to).toBe('••• 4321');
    const [sms] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'sms'), eq(outbox.to, '+1 555 0100 4321')));
    expect(sms!.text).toMatch(/PIN is \d{6}/);
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await get(`/api/users/confirm_identity/${fan}/${org.partnerId}?channel=email`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const pins = await t.db.select().from(identityPins).where(eq(identityPins.fanId, fan));
    expect(pins).toHaveLength(5);
  });

  it('mails the fan a password reset link', async () => {
    const res = await post(`/api/partners/${org.partnerId}/fans/${fanIds['alan@fans.test']}/reset-password`, {});
    expect(res.json().data).toEqual({ sent: true });
    const mail = await newestMail(t.db, 'alan@fans.test', 'Reset your%', 'subject');
    expect(mail!.subject).toBe('Reset your Partner Portal password');
    expect(
      (await post(`/api/partners/${rival.partnerId}/fans/${fanIds['alan@fans.test']}/reset-password`, {}, rival.token))
        .statusCode,
    ).toBe(404);
  });
});
