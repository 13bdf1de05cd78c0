import { createPublicKey, randomUUID, verify } from 'node:crypto';
import { parseTicketPass, type GateList } from '@portal/contract';
import { eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, bearer, createUser, holderSession, purchaseTickets, signIn } from '../../../test/seeders.ts';
import { suiteEventOnSale, suiteOnSale, suiteOrganisation } from '../../../test/suite.ts';
import {
  events,
  permissions,
  rolePermissions,
  roles,
  tickets,
  ticketSigningKeys,
  users,
} from '../../db/schema/index.ts';

/** Whether a pass verifies under one of the list's keys, as a gate without a network checks it. */
function verifiesOffline(list: GateList, pass: string) {
  const parsed = parseTicketPass(pass)!;
  const key = list.keys.find((k) => k.id === parsed.keyId);
  if (!key) return false;
  const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: key.public_key }, format: 'jwk' });
  return verify(null, Buffer.from(parsed.signed), publicKey, Buffer.from(parsed.signature, 'base64url'));
}

describe('a day’s list for a gate', () => {
  const { t, org, sale } = suiteOnSale([{ name: 'Stalls', priceCents: 3000, amount: 50 }]);
  const otherEvent = suiteEventOnSale(t, org, [{ name: 'GA', priceCents: 1000, amount: 5 }]);
  const rival = suiteOrganisation(t);
  const rivalEvent = suiteEventOnSale(t, rival, [{ name: 'GA', priceCents: 1000, amount: 5 }]);

  beforeAll(async () => {
    await t.db.update(users).set({ fullName: 'Gale Gatekeeper' }).where(eq(users.id, org.admin.id));
    await t.db.update(events).set({ timeZone: 'Europe/Lisbon' }).where(eq(events.id, sale.eventId));
  });

  const list = (eventId: number, dayId: number, token = org.token) =>
    t.app.inject({ method: 'GET', url: `/api/events/${eventId}/check-in/days/${dayId}/list`, headers: bearer(token) });
  const post = (url: string, payload: object, token = org.token) =>
    t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });

  it('holds every ticket of the day with its holder, state and admission, and the codes given away', async () => {
    const bought = await purchaseTickets(t.app, sale, { email: 'lia@fans.test', full_name: 'Lia List' }, 4);
    const [admitted, refunded, undone, given] = bought;
    expect(
      (await post(`/api/events/${sale.eventId}/check-in`, { code: admitted!.code, event_day_id: sale.dayId }))
        .statusCode,
    ).toBe(200);
    await t.db.update(tickets).set({ status: 'refunded' }).where(eq(tickets.id, refunded!.ID));
    await post(`/api/events/${sale.eventId}/check-in`, { code: undone!.code, event_day_id: sale.dayId });
    await post(`/api/events/${sale.eventId}/check-in/undo`, { ticket_id: undone!.ID, reason: 'Came back out' });
    const lia = await holderSession(t.app, t.db, 'lia@fans.test');
    expect(
      (await post(`/api/holder/tickets/${given!.ID}/transfer`, { email: 'max@fans.test', full_name: 'Max' }, lia))
        .statusCode,
    ).toBe(200);
    // Another event's ticket is not the day's.
    await purchaseTickets(t.app, otherEvent, { email: 'oz@fans.test', full_name: 'Oz' });

    const before = Date.now();
    const res = await list(sale.eventId, sale.dayId);
    expect(res.statusCode, res.body).toBe(200);
    const day = res.json().data as GateList;
    expect(day).toMatchObject({ event_id: sale.eventId, event_day_id: sale.dayId, time_zone: 'Europe/Lisbon' });
    expect(Math.abs(new Date(day.taken_at).getTime() - before)).toBeLessThan(5_000);
    const [newCode] = await t.db.select({ code: tickets.code }).from(tickets).where(eq(tickets.id, given!.ID));
    expect(day.tickets).toEqual([
      expect.objectContaining({
        ticket_id: admitted!.ID,
        code: admitted!.code,
        holder: 'Lia List',
        ticket_type: 'Stalls',
        status: 'valid',
        checked_in_at: expect.any(String),
        checked_in_by: 'Gale Gatekeeper',
        undone: null,
      }),
      expect.objectContaining({
        ticket_id: refunded!.ID,
        status: 'refunded',
        checked_in_at: null,
        checked_in_by: null,
      }),
      expect.objectContaining({
        ticket_id: undone!.ID,
        checked_in_at: null,
        checked_in_by: null,
        undone: { at: expect.any(String), by: 'Gale Gatekeeper', reason: 'Came back out' },
      }),
      expect.objectContaining({ ticket_id: given!.ID, code: newCode!.code, holder: 'Max' }),
    ]);
    expect(day.transferred_codes).toEqual([given!.code]);
  });

  it('gives the organiser’s keys, retired ones too, that verify its passes offline', async () => {
    const before = (await list(sale.eventId, sale.dayId)).json().data as GateList;
    const old = await t.app.ticketPasses.issue(sale.partnerId, sale.eventId, 'OLDPASS00001');
    await t.app.ticketPasses.rotate(sale.partnerId);
    const fresh = await t.app.ticketPasses.issue(sale.partnerId, sale.eventId, 'NEWPASS00001');
    const after = (await list(sale.eventId, sale.dayId)).json().data as GateList;
    const stored = await t.db
      .select({ id: ticketSigningKeys.id, public_key: ticketSigningKeys.publicKey })
      .from(ticketSigningKeys)
      .where(eq(ticketSigningKeys.partnerId, sale.partnerId));
    expect(after.keys).toEqual(expect.arrayContaining(stored));
    expect(after.keys).toHaveLength(stored.length);
    expect(after.keys.length).toBe(before.keys.length + 1);
    expect(verifiesOffline(after, old)).toBe(true);
    expect(verifiesOffline(after, fresh)).toBe(true);
    expect(verifiesOffline(after, `${fresh.slice(0, -3)}${fresh.endsWith('A') ? 'BBB' : 'AAA'}`)).toBe(false);
  });

  it('gives an organiser that never issued a pass the key its first passes will be signed with', async () => {
    const res = await list(rivalEvent.eventId, rivalEvent.dayId, rival.token);
    expect(res.statusCode, res.body).toBe(200);
    const day = res.json().data as GateList;
    expect(day.tickets).toEqual([]);
    expect(day.keys).toHaveLength(1);
    const later = await t.app.ticketPasses.issue(rival.partnerId, rivalEvent.eventId, 'FIRSTPASS001');
    expect(verifiesOffline(day, later)).toBe(true);
  });

  it('answers 404 for another organisation’s event or day, and for a day of another event', async () => {
    const missing = [
      await list(rivalEvent.eventId, rivalEvent.dayId),
      await list(sale.eventId, rivalEvent.dayId),
      await list(sale.eventId, otherEvent.dayId),
      await list(sale.eventId, sale.dayId, rival.token),
    ];
    for (const res of missing) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).not.toContain('Lia List');
    }
  });

  it('refuses the list, a sync and an undo to a member whose role lacks check_in', async () => {
    const [role] = await t.db.insert(roles).values({ name: 'no gate', value: 'NoGate' }).returning();
    const granted = await t.db.select().from(permissions).where(ne(permissions.value, 'check_in'));
    await t.db.insert(rolePermissions).values(granted.map((p) => ({ roleId: role!.id, permissionId: p.id })));
    const user = await createUser(t.db);
    await addMember(t.db, sale.partnerId, user.id, 'NoGate');
    const token = await signIn(t.app, user.email, sale.partnerId);
    const scans = [{ scan_id: randomUUID(), code: 'ANYCODE00001', scanned_at: new Date().toISOString() }];
    const answers = [
      await list(sale.eventId, sale.dayId, token),
      await post(`/api/events/${sale.eventId}/check-in/sync`, { event_day_id: sale.dayId, scans }, token),
      await post(`/api/events/${sale.eventId}/check-in/undo`, { ticket_id: 1, reason: 'No' }, token),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.message).toBe('Your role does not allow this.');
    }
  });
});
