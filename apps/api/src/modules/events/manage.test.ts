import { eventCreateSchema } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { addMember, bearer, createPartnerWithAdmin, createUser, PNG_DATA_URL, signIn } from '../../../test/seeders.ts';
import { eventDays, events, storedFiles } from '../../db/schema/index.ts';
import { recordSale } from '../checkout/index.ts';
import { createEvent } from './create.ts';

const base = {
  venue: 'Harbour Hall',
  event_type: 'concert',
  time_zone: 'America/New_York',
  selling_time: '2026-12-01T03:00:00.000Z',
  gate_time: 1,
  description: 'A night of music.',
};

describe('creating and managing events', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let org: Awaited<ReturnType<typeof createPartnerWithAdmin>>;
  let token: string;
  let templateId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    org = await createPartnerWithAdmin(t.db);
    token = await signIn(t.app, org.admin.email, org.partner.id);
    const template = await call('POST', '/api/templates', { partner_id: org.partner.id, image: PNG_DATA_URL });
    templateId = template.json().data.ID;
  });
  afterAll(() => t.close());

  function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as = token) {
    return t.app.inject({
      method,
      url,
      headers: bearer(as),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }
  const create = (body: object) => call('POST', '/api/events', { ...base, partner_id: org.partner.id, ...body });
  const day = (start: string, end: string, quantity?: number) => ({
    start_date: start,
    end_date: end,
    ...(quantity ? { quantity } : {}),
  });
  const ticket = (eventId: number, name: string, price = 25) => ({
    name,
    initial_price: price,
    amount: 100,
    secondary_royalty: 0.05,
    template_id: templateId,
    event_id: eventId,
    selling_time: null,
  });

  it('creates a single-day event, answering its ID with an empty rrule, and reads it back', async () => {
    const res = await create({
      name: 'Single',
      event_days: [day('2027-02-01T00:00:00Z', '2027-02-01T03:00:00Z')],
      sponsors: [{ name: 'Acme', image: PNG_DATA_URL }],
      image: PNG_DATA_URL,
    });
    expect(res.statusCode).toBe(200);
    const created = res.json().data;
    expect(created).toEqual({ ID: expect.any(Number), rrule: '', recurrence_id: null });

    const types = await call('POST', '/api/ticket_types', [
      ticket(created.ID, 'General', 30),
      ticket(created.ID, 'VIP', 80.5),
    ]);
    expect(types.json().data.map((x: { name: string; initial_price: number }) => [x.name, x.initial_price])).toEqual([
      ['General', 30],
      ['VIP', 80.5],
    ]);

    const detail = (await call('GET', `/api/events/${created.ID}`)).json().data;
    expect(detail).toMatchObject({
      name: 'Single',
      gate_time: -1,
      time_slots: false,
      rrule: '',
      total_event_budget: 11050,
    });
    expect(detail.image).toMatch(/^\/api\/files\/.+\.png$/);
    expect(detail.sponsors).toEqual([
      expect.objectContaining({ name: 'Acme', image: expect.stringMatching(/^\/api\/files\//) }),
    ]);
    expect(detail.ticket_types[0]).toMatchObject({
      secondary_royalty: 0.05,
      template_id: templateId,
      template_image: expect.any(String),
    });
  });

  it('creates a multi-day event and a time-slot event whose slots share the first day', async () => {
    const multi = await create({
      name: 'Multi',
      event_days: [
        day('2027-03-02T15:00:00Z', '2027-03-02T23:00:00Z'),
        day('2027-03-01T15:00:00Z', '2027-03-01T23:00:00Z'),
      ],
    });
    const multiDays = (await call('GET', `/api/events/${multi.json().data.ID}`)).json().data.event_days;
    expect(multiDays.map((d: { start_date: string }) => d.start_date)).toEqual([
      '2027-03-01T15:00:00.000Z',
      '2027-03-02T15:00:00.000Z',
    ]);

    const slots = await create({
      name: 'Slots',
      time_slots: true,
      event_days: [
        day('2027-04-01T14:00:00Z', '2027-04-01T15:00:00Z', 20),
        day('2027-04-01T15:00:00Z', '2027-04-01T16:00:00Z', 10),
      ],
    });
    expect(slots.statusCode).toBe(200);

    const split = await create({
      name: 'Split slots',
      time_slots: true,
      event_days: [
        day('2027-04-01T14:00:00Z', '2027-04-01T15:00:00Z', 20),
        day('2027-04-02T15:00:00Z', '2027-04-02T16:00:00Z', 10),
      ],
    });
    expect(split.statusCode).toBe(422);
    expect(split.json().error.message).toBe('All time slots share the first day of the event.');
    const empty = await create({
      name: 'No seats',
      time_slots: true,
      event_days: [day('2027-04-01T14:00:00Z', '2027-04-01T15:00:00Z')],
    });
    expect(empty.statusCode).toBe(422);
  });

  it('expands a recurring event into a series, and deletes the series at once', async () => {
    const res = await create({
      name: 'Weekly',
      rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=SU;COUNT=4',
      event_days: [day('2027-03-01T01:00:00Z', '2027-03-01T03:00:00Z')],
    });
    const series = res.json().data;
    expect(series).toHaveLength(4);
    const recurrenceId = series[0].recurrence_id;
    expect(
      series.every(
        (s: { recurrence_id: string; rrule: string }) =>
          s.recurrence_id === recurrenceId && s.rrule.includes('COUNT=4'),
      ),
    ).toBe(true);

    // 8 pm on Sunday in New York, also after the change to daylight time on 14 March.
    const starts = await Promise.all(
      series.map(async (s: { ID: number }) => (await call('GET', `/api/events/${s.ID}`)).json().data.start_date),
    );
    expect(starts).toEqual([
      '2027-03-01T01:00:00.000Z',
      '2027-03-08T01:00:00.000Z',
      '2027-03-15T00:00:00.000Z',
      '2027-03-22T00:00:00.000Z',
    ]);

    const types = await call('POST', `/api/ticket_types?recurrence=4`, [ticket(series[0].ID, 'Entry', 10)]);
    expect(
      types
        .json()
        .data.map((x: { event_id: number }) => x.event_id)
        .sort(),
    ).toEqual(series.map((s: { ID: number }) => s.ID).sort());

    const monthly = await create({
      name: 'Monthly',
      rrule: 'FREQ=MONTHLY;BYDAY=TH;BYSETPOS=3;COUNT=2',
      event_days: [day('2027-01-22T00:00:00Z', '2027-01-22T02:00:00Z')],
    });
    expect(monthly.json().data).toHaveLength(2);

    const gone = await call('DELETE', `/api/events/${series[1].ID}?recurrence=:${recurrenceId}`);
    expect(gone.json().data.deleted).toHaveLength(4);
    expect(await t.db.select().from(events).where(eq(events.recurrenceId, recurrenceId))).toHaveLength(0);
  });

  it('edits single fields, widget flags and the time zone (keeping wall-clock times)', async () => {
    const id = (
      await create({ name: 'Editable', event_days: [day('2027-05-01T23:00:00Z', '2027-05-02T01:00:00Z')] })
    ).json().data.ID;
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
      await create({
        name: 'Tours',
        time_slots: true,
        event_days: [
          day('2027-06-01T14:00:00Z', '2027-06-01T15:00:00Z', 5),
          day('2027-06-01T16:00:00Z', '2027-06-01T17:00:00Z', 5),
        ],
      })
    ).json().data.ID;
    const [type] = (await call('POST', '/api/ticket_types', [ticket(slotEvent, 'Adult')])).json().data;
    const slots = await t.db.select().from(eventDays).where(eq(eventDays.eventId, slotEvent));
    const buyer = await createUser(t.db);
    await t.db.transaction((tx) =>
      recordSale(tx, {
        partnerId: org.partner.id,
        eventId: slotEvent,
        eventDayId: slots[0]!.id,
        ticketTypeId: type.ID,
        buyerId: buyer.id,
        quantity: 2,
        unitPriceCents: 2500,
      }),
    );

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
    const lone = (
      await create({
        name: 'One slot',
        time_slots: true,
        event_days: [day('2027-06-02T14:00:00Z', '2027-06-02T15:00:00Z', 5)],
      })
    ).json().data.ID;
    const [loneSlot] = await t.db.select().from(eventDays).where(eq(eventDays.eventId, lone));
    const lastSlot = await call('DELETE', `/api/events/days/${loneSlot!.id}`);
    expect(lastSlot.json().error.message).toBe(
      'Unable to delete timeslot. Events must have at least one timeslot, you may not delete this slot.',
    );

    const single = (
      await create({ name: 'Lonely', event_days: [day('2027-06-05T14:00:00Z', '2027-06-05T15:00:00Z')] })
    ).json().data.ID;
    const [onlyDay] = await t.db.select().from(eventDays).where(eq(eventDays.eventId, single));
    const lonely = await call('DELETE', `/api/events/days/${onlyDay!.id}`);
    expect(lonely.json().error.message).toBe(
      'Unable to delete day. Events must have at least one day, you may not delete this day.',
    );
    const backwards = await call('PUT', `/api/events/days/${onlyDay!.id}`, { start_date: '2027-06-05T16:00:00Z' });
    expect(backwards.statusCode).toBe(422);

    const multi = (
      await create({
        name: 'Two days',
        event_days: [
          day('2027-07-01T14:00:00Z', '2027-07-01T20:00:00Z'),
          day('2027-07-02T14:00:00Z', '2027-07-02T20:00:00Z'),
        ],
      })
    ).json().data.ID;
    const [mt] = (await call('POST', '/api/ticket_types', [ticket(multi, 'Pass')])).json().data;
    const mdays = await t.db.select().from(eventDays).where(eq(eventDays.eventId, multi));
    await t.db.transaction((tx) =>
      recordSale(tx, {
        partnerId: org.partner.id,
        eventId: multi,
        eventDayId: mdays[0]!.id,
        ticketTypeId: mt.ID,
        buyerId: buyer.id,
        quantity: 1,
        unitPriceCents: 2500,
      }),
    );
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

  it('needs a design of this partner for each ticket type', async () => {
    const id = (
      await create({ name: 'Designless', event_days: [day('2027-08-01T14:00:00Z', '2027-08-01T15:00:00Z')] })
    ).json().data.ID;
    const other = await createPartnerWithAdmin(t.db);
    const otherToken = await signIn(t.app, other.admin.email, other.partner.id);
    const theirs = (
      await call('POST', '/api/templates', { partner_id: other.partner.id, image: PNG_DATA_URL }, otherToken)
    ).json().data.ID;
    const res = await call('POST', '/api/ticket_types', [{ ...ticket(id, 'X'), template_id: theirs }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('You need to add a ticket image first.');
    const royalty = await call('POST', '/api/ticket_types', [{ ...ticket(id, 'X'), secondary_royalty: 1.5 }]);
    expect(royalty.json().error.fields['0.secondary_royalty']).toBe('* Value must be between 0 and 100');
    expect(
      (await call('GET', `/api/templates?partner_id=${org.partner.id}`)).json().data.map((x: { ID: number }) => x.ID),
    ).not.toContain(theirs);
  });

  it('keeps support contacts and sponsors per event', async () => {
    const id = (
      await create({ name: 'Supported', event_days: [day('2027-09-01T14:00:00Z', '2027-09-01T15:00:00Z')] })
    ).json().data.ID;
    const contact = (await call('POST', '/api/support', { event_id: id, contact: 'help@example.test' })).json().data;
    expect(
      (await call('PUT', `/api/support/${contact.ID}`, { event_id: id, contact: '+1 555 0100' })).json().data.contact,
    ).toBe('+1 555 0100');
    expect((await call('GET', `/api/support/events/${id}`)).json().data).toEqual([
      { ID: contact.ID, event_id: id, contact: '+1 555 0100' },
    ]);
    expect((await call('POST', '/api/support', { event_id: id, contact: ' ' })).statusCode).toBe(422);

    const sponsor = (await call('POST', '/api/sponsors', { event_id: id, name: 'Brew Co', image: '' })).json().data;
    expect(
      (
        await call('PUT', `/api/sponsors/${sponsor.ID}`, { event_id: id, name: 'Brew & Co', image: PNG_DATA_URL })
      ).json().data.image,
    ).toMatch(/\.png$/);
    expect((await call('DELETE', `/api/sponsors/${sponsor.ID}`)).json().data).toEqual({ ID: sponsor.ID });
  });

  it("keeps other partners' events out of reach, and box office staff from changing them", async () => {
    const id = (
      await create({ name: 'Private', event_days: [day('2027-10-01T14:00:00Z', '2027-10-01T15:00:00Z')] })
    ).json().data.ID;
    const other = await createPartnerWithAdmin(t.db);
    const stranger = await signIn(t.app, other.admin.email, other.partner.id);
    for (const [method, url, body] of [
      ['GET', `/api/events/${id}`],
      ['PUT', `/api/events/${id}`, { name: 'Mine now' }],
      ['DELETE', `/api/events/${id}`],
      ['GET', `/api/support/events/${id}`],
      ['POST', '/api/support', { event_id: id, contact: 'x@example.test' }],
      ['POST', '/api/ticket_types', [ticket(id, 'Sneaky')]],
    ] as const) {
      const res = await call(method, url, body, stranger);
      expect([403, 404, 422], `${method} ${url}`).toContain(res.statusCode);
      expect(res.body).not.toContain('Private');
    }
    const staff = await createUser(t.db);
    await addMember(t.db, org.partner.id, staff.id, 'BoxOffice');
    const staffToken = await signIn(t.app, staff.email, org.partner.id);
    expect((await call('GET', `/api/events/${id}`, undefined, staffToken)).statusCode).toBe(200);
    expect((await call('PUT', `/api/events/${id}`, { name: 'Box office edit' }, staffToken)).statusCode).toBe(403);
    expect((await call('GET', `/api/events/${id}`)).json().data.name).toBe('Private');
  });

  const storedKeys = async () =>
    (await t.db.select({ key: storedFiles.key }).from(storedFiles)).map((f) => f.key).sort();

  it('keeps no file of an event the database refuses after its images were stored', async () => {
    const before = await storedKeys();
    const input = eventCreateSchema.parse({
      ...base,
      name: 'Vanished',
      partner_id: org.partner.id,
      image: PNG_DATA_URL,
      sponsors: [{ name: 'Acme', image: PNG_DATA_URL }],
      event_days: [day('2027-11-01T14:00:00Z', '2027-11-01T15:00:00Z')],
    });
    // A partner removed while its event was being created: the event's row breaks its foreign key.
    await expect(createEvent(t.db, t.app.storage, t.app.log, 2_000_000_000, input)).rejects.toThrow();
    expect(await storedKeys()).toEqual(before);
  });

  it('answers a refused change with its own error even when its new image cannot be removed', async () => {
    const series = await create({
      name: 'Fortnightly',
      rrule: 'FREQ=WEEKLY;INTERVAL=2;COUNT=2',
      event_days: [day('2027-12-01T14:00:00Z', '2027-12-01T15:00:00Z')],
    });
    const { remove } = t.app.storage;
    t.app.storage.remove = async () => {
      throw new Error('the file store is unreachable');
    };
    try {
      const res = await call('PUT', `/api/events/${series.json().data[0].ID}`, {
        image: PNG_DATA_URL,
        rrule: 'FREQ=WEEKLY;UNTIL=20200101T000000Z',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toMatch(/gives no dates/);
    } finally {
      t.app.storage.remove = remove;
    }
  });
});
