import { describe, expect, it } from 'vitest';
import { suiteManagingEvents } from '../../../test/fixtures/events.ts';
import { createUser } from '../../../test/seeders.ts';
import { recordSale } from '../checkout/index.ts';

describe('creating and managing events', () => {
  const { t, org, call, createdId, createOneDay, createSlots, daysOf, day, ticket } = suiteManagingEvents();
  /** A sale of the organisation's, at $25 a ticket, as a paid checkout records it. */
  const sell = (buyerId: number, eventId: number, eventDayId: number, ticketTypeId: number, quantity: number) =>
    t.db.transaction((tx) =>
      recordSale(tx, {
        partnerId: org.partner.id,
        eventId,
        eventDayId,
        ticketTypeId,
        buyerId,
        quantity,
        unitPriceCents: 2500,
      }),
    );

  it('edits single fields, widget flags and the time zone (keeping wall-clock times)', async () => {
    const id = await createOneDay('Editable', '2027-05-01T23:00:00Z', '2027-05-02T01:00:00Z');
    for (const [field, value] of [
      ['name', 'Edited'],
      ['venue', 'New Hall'],
      ['event_type', 'comedy'],
      ['description', 'New words'],
      ['gate_time', -0.5],
    ] as const) {
      const res = await call('PUT', `/api/events/${id}`, { [field]: value });
      expect(res.json().data[field]).toBe(value);
    }
    const flags = await call('PUT', `/api/events/${id}`, { active_on_widget: true, transfering_allowed: true });
    expect(flags.json().data).toMatchObject({
      active_on_widget: true,
      transfering_allowed: true,
      selling_allowed: false,
    });
    // 7 pm in New York stays 7 pm in Chicago.
    const zone = await call('PUT', `/api/events/${id}`, { time_zone: 'America/Chicago' });
    expect(zone.json().data.event_days[0].start_date).toBe('2027-05-02T00:00:00.000Z');
    expect((await call('PUT', `/api/events/${id}`, { time_zone: 'Mars/Olympus' })).statusCode).toBe(422);
    expect((await call('PUT', `/api/events/${id}`, { gate_time: 7 })).statusCode).toBe(422);
    expect((await call('PUT', `/api/events/${id}`, {})).statusCode).toBe(422);
    const moved = await call('PUT', `/api/events/${id}`, { start_date: '2027-05-09T00:00:00.000Z' });
    expect(moved.json().data.event_days[0]).toMatchObject({
      start_date: '2027-05-09T00:00:00.000Z',
      end_date: '2027-05-09T02:00:00.000Z',
    });
  });

  it('refuses to delete a day or slot with sold tickets, or the last one, with the spec messages', async () => {
    const slotEvent = (
      await createSlots(
        'Tours',
        day('2027-06-01T14:00:00Z', '2027-06-01T15:00:00Z', 5),
        day('2027-06-01T16:00:00Z', '2027-06-01T17:00:00Z', 5),
      )
    ).json().data.ID;
    const [type] = (await call('POST', '/api/ticket_types', [ticket(slotEvent, 'Adult')])).json().data;
    const slots = await daysOf(slotEvent);
    const buyer = await createUser(t.db);
    await sell(buyer.id, slotEvent, slots[0]!.id, type.ID, 2);

    const sold = await call('DELETE', `/api/events/days/${slots[0]!.id}`);
    expect(sold.statusCode).toBe(409);
    expect(sold.json().error.message).toBe(
      'You have already sold tickets for this timeslot. You cannot delete timeslots with existing tickets.',
    );
    expect((await call('PUT', `/api/events/days/${slots[0]!.id}`, { quantity: 1 })).statusCode).toBe(409);
    expect((await call('PUT', `/api/events/days/${slots[0]!.id}`, { quantity: 8 })).json().data.quantity).toBe(8);
    expect((await call('DELETE', `/api/events/days/${slots[1]!.id}`)).statusCode).toBe(200);
    const last = await call('DELETE', `/api/events/days/${slots[0]!.id}`);
    expect(last.statusCode).toBe(409);
    // Sold tickets are the first reason this slot stays; an unsold last slot gets the spec's own message.
    expect(last.json().error.message).toBe(
      'You have already sold tickets for this timeslot. You cannot delete timeslots with existing tickets.',
    );
    const lone = (await createSlots('One slot', day('2027-06-02T14:00:00Z', '2027-06-02T15:00:00Z', 5))).json().data.ID;
    const [loneSlot] = await daysOf(lone);
    const lastSlot = await call('DELETE', `/api/events/days/${loneSlot!.id}`);
    expect(lastSlot.json().error.message).toBe(
      'Unable to delete timeslot. Events must have at least one timeslot, you may not delete this slot.',
    );

    const single = await createOneDay('Lonely', '2027-06-05T14:00:00Z', '2027-06-05T15:00:00Z');
    const [onlyDay] = await daysOf(single);
    const lonely = await call('DELETE', `/api/events/days/${onlyDay!.id}`);
    expect(lonely.json().error.message).toBe(
      'Unable to delete day. Events must have at least one day, you may not delete this day.',
    );
    const backwards = await call('PUT', `/api/events/days/${onlyDay!.id}`, { start_date: '2027-06-05T16:00:00Z' });
    expect(backwards.statusCode).toBe(422);

    const multi = await createdId({
      name: 'Two days',
      event_days: [
        day('2027-07-01T14:00:00Z', '2027-07-01T20:00:00Z'),
        day('2027-07-02T14:00:00Z', '2027-07-02T20:00:00Z'),
      ],
    });
    const [mt] = (await call('POST', '/api/ticket_types', [ticket(multi, 'Pass')])).json().data;
    const mdays = await daysOf(multi);
    await sell(buyer.id, multi, mdays[0]!.id, mt.ID, 1);
    const daySold = await call('DELETE', `/api/events/days/${mdays[0]!.id}`);
    expect(daySold.json().error.message).toBe(
      'You have already sold tickets for this day. You cannot delete days with existing tickets.',
    );

    // Nor can the ticket type, its amount below what is sold, or the event itself go.
    expect((await call('DELETE', `/api/ticket_types/${mt.ID}`)).statusCode).toBe(409);
    const lower = await call('PUT', `/api/ticket_types/${mt.ID}`, { ...ticket(multi, 'Pass'), amount: 0 });
    expect(lower.statusCode).toBe(422);
    const belowSold = await call('PUT', `/api/ticket_types/${mt.ID}`, {
      ...ticket(multi, 'Pass'),
      amount: 1,
      holds_amount: 1,
    });
    expect(belowSold.statusCode).toBe(409);
    expect(
      (await call('PUT', `/api/ticket_types/${mt.ID}`, { ...ticket(multi, 'Pass+', 40), amount: 50 })).json().data,
    ).toMatchObject({ name: 'Pass+', amount: 50, initial_price: 40 });
    expect((await call('DELETE', `/api/events/${multi}`)).statusCode).toBe(409);
  });
});
