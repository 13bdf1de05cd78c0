import type { CheckoutResult, GateList, HolderTicket, Resale } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdOf, seatedEvent, seatIdOf } from '../../../test/fixtures/seating.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { bearer, holderSession } from '../../../test/seeders.ts';
import { events } from '../../db/schema/index.ts';

describe('a seated ticket after the sale', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let hall: Awaited<ReturnType<typeof seatedEvent>>;
  beforeAll(async () => {
    t = await buildTestApp();
    hall = await seatedEvent(t.app, t.db);
    await t.db
      .update(events)
      .set({ transferingAllowed: true, sellingAllowed: true })
      .where(eq(events.id, hall.eventId));
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
  const get = async <T>(url: string, token?: string) =>
    (await t.app.inject({ url, headers: token ? bearer(token) : {} })).json().data as T;
  const mine = async (token: string) => (await get<HolderTicket[]>('/api/holder/tickets', token))[0]!;

  it('keeps its seat for its holder, through a transfer and a resale, at the gate and on the gate’s list', async () => {
    const b5 = seatIdOf(hall.map, 'Stalls', 'B', '5');
    const held = await holdOf(t.app, hall.eventId, hall.dayId, [b5]);
    const bought = await post('/api/public/checkout', {
      partner_id: hall.org.partnerId,
      event_id: hall.eventId,
      event_day_id: hall.dayId,
      seat_hold: held.hold,
      items: [{ ticket_type_id: hall.types[0]!.id, quantity: 1 }],
      buyer: { email: 'viola@fans.test', full_name: 'Viola' },
      payment_method: '4242424242424242',
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const ticketId = (bought.json().data as CheckoutResult).tickets[0]!.ID;
    const seat = { section: 'Stalls', row: 'B', label: '5' };

    const viola = await holderSession(t.app, t.db, 'viola@fans.test');
    expect(await mine(viola)).toMatchObject({ ID: ticketId, seat });
    expect(
      (await post(`/api/holder/tickets/${ticketId}/transfer`, { email: 'orsino@fans.test' }, viola)).statusCode,
    ).toBe(200);
    const orsino = await holderSession(t.app, t.db, 'orsino@fans.test');
    expect(await mine(orsino)).toMatchObject({ ID: ticketId, seat });

    expect((await post(`/api/holder/tickets/${ticketId}/resale`, { price: 45 }, orsino)).statusCode).toBe(200);
    const offers = await get<Resale[]>(`/api/public/partners/${hall.org.partnerId}/resales`);
    const offer = offers.find((o) => o.ticket_id === ticketId)!;
    expect(offer.seat).toEqual(seat);
    const resold = await post(`/api/public/partners/${hall.org.partnerId}/resales/${offer.ID}/buy`, {
      buyer: { email: 'olivia@fans.test', full_name: 'Olivia' },
      payment_method: '4242424242424242',
    });
    expect(resold.statusCode, resold.body).toBe(200);
    const olivia = await holderSession(t.app, t.db, 'olivia@fans.test');
    const hers = await mine(olivia);
    expect(hers).toMatchObject({ ID: ticketId, seat });

    const list = await get<GateList>(`/api/events/${hall.eventId}/check-in/days/${hall.dayId}/list`, hall.org.token);
    expect(list.tickets.find((x) => x.ticket_id === ticketId)).toMatchObject({ holder: 'Olivia', seat });
    const admitted = await post(
      `/api/events/${hall.eventId}/check-in`,
      { code: hers.code, event_day_id: hall.dayId },
      hall.org.token,
    );
    expect(admitted.json().data).toMatchObject({ ticket_id: ticketId, holder: 'Olivia', seat });
  });
});
