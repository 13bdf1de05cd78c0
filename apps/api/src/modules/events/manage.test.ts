import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { suiteManagingEvents } from '../../../test/fixtures/events.ts';
import { PNG_DATA_URL } from '../../../test/seeders.ts';
import { events } from '../../db/schema/index.ts';

describe('creating and managing events', () => {
  const { t, design, call, create, createSlots, day, ticket } = suiteManagingEvents();

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
      template_id: design.templateId,
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

    const firstSlot = day('2027-04-01T14:00:00Z', '2027-04-01T15:00:00Z', 20);
    const slots = await createSlots('Slots', firstSlot, day('2027-04-01T15:00:00Z', '2027-04-01T16:00:00Z', 10));
    expect(slots.statusCode).toBe(200);

    const split = await createSlots('Split slots', firstSlot, day('2027-04-02T15:00:00Z', '2027-04-02T16:00:00Z', 10));
    expect(split.statusCode).toBe(422);
    expect(split.json().error.message).toBe('All time slots share the first day of the event.');
    const empty = await createSlots('No seats', day('2027-04-01T14:00:00Z', '2027-04-01T15:00:00Z'));
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
});
