import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tokenWithout } from '../../../test/security/tenants.ts';
import { bearer, purchaseTickets } from '../../../test/seeders.ts';
import { suiteEventOnSale, suiteOnSale, suiteOrganisation } from '../../../test/suite.ts';
import { tickets } from '../../db/schema/index.ts';

describe('a day’s count at the gate', () => {
  const { t, org, sale } = suiteOnSale([{ name: 'GA', priceCents: 2000, amount: 50 }]);
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
    const res = await count(sale.eventId, sale.dayId, await tokenWithout(t, sale, 'check_in'));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Your role does not allow this.');
  });
});
