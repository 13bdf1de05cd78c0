import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addMember, bearer, createUser, purchaseTickets, signIn } from '../../../test/seeders.ts';
import { suiteApp, suiteEventOnSale, suiteOrganisation } from '../../../test/suite.ts';
import { permissions, rolePermissions, roles, tickets } from '../../db/schema/index.ts';
import { permissionValues } from '../members/index.ts';

describe('a day’s count at the gate', () => {
  const t = suiteApp();
  const org = suiteOrganisation(t);
  const sale = suiteEventOnSale(t, org, [{ name: 'GA', priceCents: 2000, amount: 50 }]);
  const rival = suiteOrganisation(t);
  const elsewhere = suiteEventOnSale(t, rival, [{ name: 'GA', priceCents: 2000, amount: 5 }]);

  const count = (eventId: number, dayId: number, token = org.token) =>
    t.app.inject({ method: 'GET', url: `/api/events/${eventId}/check-in/days/${dayId}`, headers: bearer(token) });
  const admit = (code: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/events/${sale.eventId}/check-in`,
      headers: bearer(org.token),
      payload: { code, event_day_id: sale.dayId },
    });

  it('counts the day’s tickets in circulation, and moves with each admission and refund', async () => {
    expect((await count(sale.eventId, sale.dayId)).json()).toEqual({
      success: true,
      data: { admitted: 0, expected: 0 },
    });
    const [first, second, third] = await purchaseTickets(
      t.app,
      sale,
      { email: 'gate@fans.test', full_name: 'Gale Gate' },
      3,
    );
    expect((await count(sale.eventId, sale.dayId)).json().data).toEqual({ admitted: 0, expected: 3 });

    expect((await admit(first!.code)).statusCode).toBe(200);
    expect((await count(sale.eventId, sale.dayId)).json().data).toEqual({ admitted: 1, expected: 3 });
    // A second scan of the same ticket is refused and counts nothing.
    expect((await admit(first!.code)).statusCode).toBe(409);
    expect((await admit(second!.code)).statusCode).toBe(200);
    expect((await count(sale.eventId, sale.dayId)).json().data).toEqual({ admitted: 2, expected: 3 });

    // A listed ticket may still come; a refunded one, admitted or not, is no longer expected.
    await t.db.update(tickets).set({ status: 'listed' }).where(eq(tickets.id, third!.ID));
    await t.db.update(tickets).set({ status: 'refunded' }).where(eq(tickets.id, second!.ID));
    expect((await count(sale.eventId, sale.dayId)).json().data).toEqual({ admitted: 1, expected: 2 });
  });

  it('answers 404 for another organisation’s event or day, and for a day of another event', async () => {
    const missing = [
      await count(elsewhere.eventId, elsewhere.dayId),
      await count(sale.eventId, elsewhere.dayId),
      await count(elsewhere.eventId, sale.dayId),
    ];
    for (const res of missing) expect(res.statusCode, res.body).toBe(404);
    expect(missing[0]!.json().error.message).toBe('Event not found.');
    expect(missing[1]!.json().error.message).toBe('Day not found.');
    // The other organisation's own view of its day is untouched by the first one's gate.
    expect((await count(elsewhere.eventId, elsewhere.dayId, rival.token)).json().data).toEqual({
      admitted: 0,
      expected: 0,
    });
  });

  it('refuses a member whose role lacks check_in', async () => {
    const [role] = await t.db.insert(roles).values({ name: 'door-less', value: 'DoorLess' }).returning();
    const granted = await t.db
      .select()
      .from(permissions)
      .where(
        inArray(
          permissions.value,
          permissionValues.filter((p) => p !== 'check_in'),
        ),
      );
    await t.db.insert(rolePermissions).values(granted.map((p) => ({ roleId: role!.id, permissionId: p.id })));
    const user = await createUser(t.db);
    await addMember(t.db, sale.partnerId, user.id, 'DoorLess');
    const res = await count(sale.eventId, sale.dayId, await signIn(t.app, user.email, sale.partnerId));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Your role does not allow this.');
  });
});
