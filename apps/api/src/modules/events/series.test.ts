import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, createUser, PNG_DATA_URL } from '../../../test/seeders.ts';
import { suiteApp, suiteOrganisation } from '../../../test/suite.ts';
import { eventDays, events, ticketTypes } from '../../db/schema/index.ts';
import { recordSale } from '../checkout/index.ts';

describe('modifying the recurrence of a series', () => {
  const t = suiteApp();
  const org = suiteOrganisation(t);

  const call = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
    t.app.inject({ method, url, headers: bearer(org.token), payload: payload as object });
  const startsOf = async (recurrenceId: string) =>
    (
      await t.db
        .select({ start: eventDays.startDate })
        .from(eventDays)
        .innerJoin(events, eq(events.id, eventDays.eventId))
        .where(eq(events.recurrenceId, recurrenceId))
    )
      .map((r) => r.start.toISOString())
      .sort();
  /** A series of the organisation's from its first night, from start to end; answers its events. */
  const createSeries = async (name: string, time_zone: string, rrule: string, start: string, end: string) =>
    (
      await call('POST', '/api/events', {
        name,
        venue: 'The Anchor',
        event_type: 'other',
        time_zone,
        partner_id: org.partnerId,
        rrule,
        event_days: [{ start_date: start, end_date: end }],
      })
    ).json().data as { ID: number; recurrence_id: string }[];
  const setRule = (eventId: number, rrule: string) => call('PUT', `/api/events/${eventId}`, { rrule });

  it('removes unsold occurrences, keeps sold ones, and creates new ones like the edited event', async () => {
    const series = await createSeries(
      'Quiz night',
      'Europe/London',
      'FREQ=WEEKLY;INTERVAL=1;BYDAY=TU;COUNT=4',
      '2027-01-05T19:00:00Z',
      '2027-01-05T21:00:00Z',
    );
    const recurrenceId = series[0]!.recurrence_id;
    const template = (await call('POST', '/api/templates', { partner_id: org.partnerId, image: PNG_DATA_URL })).json()
      .data.ID;
    const tickets = await call('POST', '/api/ticket_types?recurrence=4', [
      { name: 'Team', initial_price: 10, amount: 30, template_id: template, event_id: series[0]!.ID },
    ]);
    expect(tickets.json().data).toHaveLength(4);

    // A sale on the fourth night keeps it whatever the rule becomes.
    const fourth = series[3]!.ID;
    const [day] = await t.db.select().from(eventDays).where(eq(eventDays.eventId, fourth));
    const [type] = await t.db.select().from(ticketTypes).where(eq(ticketTypes.eventId, fourth));
    const buyer = await createUser(t.db);
    await t.db.transaction((tx) =>
      recordSale(tx, {
        partnerId: org.partnerId,
        eventId: fourth,
        eventDayId: day!.id,
        ticketTypeId: type!.id,
        buyerId: buyer.id,
        quantity: 2,
        unitPriceCents: 1000,
      }),
    );

    const shorter = await setRule(series[0]!.ID, 'FREQ=WEEKLY;INTERVAL=1;BYDAY=TU;COUNT=2');
    expect(shorter.statusCode).toBe(200);
    expect(await startsOf(recurrenceId)).toEqual([
      '2027-01-05T19:00:00.000Z',
      '2027-01-12T19:00:00.000Z',
      '2027-01-26T19:00:00.000Z',
    ]);

    const longer = await setRule(series[0]!.ID, 'FREQ=WEEKLY;INTERVAL=1;BYDAY=TU;COUNT=5');
    expect(longer.statusCode).toBe(200);
    expect(await startsOf(recurrenceId)).toEqual([
      '2027-01-05T19:00:00.000Z',
      '2027-01-12T19:00:00.000Z',
      '2027-01-19T19:00:00.000Z',
      '2027-01-26T19:00:00.000Z',
      '2027-02-02T19:00:00.000Z',
    ]);
    const all = await t.db.select().from(events).where(eq(events.recurrenceId, recurrenceId));
    expect(new Set(all.map((e) => e.rrule))).toEqual(new Set(['FREQ=WEEKLY;INTERVAL=1;BYDAY=TU;COUNT=5']));
    const types = await t.db.select().from(ticketTypes).where(eq(ticketTypes.name, 'Team'));
    expect(types).toHaveLength(5);
    expect(types.filter((x) => x.sold > 0).map((x) => x.eventId)).toEqual([fourth]);

    const bad = await setRule(series[0]!.ID, 'FREQ=WEEKLY;INTERVAL=0.5');
    expect(bad.statusCode).toBe(422);
  });

  it('moves a series to another weekday, the edited event included, at the same local time', async () => {
    // Sundays at 8 pm in Los Angeles: Monday 04:00 UTC.
    const series = await createSeries(
      'Jazz brunch',
      'America/Los_Angeles',
      'FREQ=WEEKLY;INTERVAL=1;BYDAY=SU;COUNT=3',
      '2027-01-04T04:00:00Z',
      '2027-01-04T06:00:00Z',
    );
    const edited = series[1]!.ID;
    const mondays = await setRule(edited, 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO;COUNT=3');
    expect(mondays.statusCode, mondays.body).toBe(200);
    const local = (iso: string) =>
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/Los_Angeles',
        weekday: 'short',
        hour: 'numeric',
      }).format(new Date(iso));
    const starts = await startsOf(series[0]!.recurrence_id);
    expect(starts).toHaveLength(3);
    expect(starts.map(local)).toEqual(['Mon 8 PM', 'Mon 8 PM', 'Mon 8 PM']);
    // The page the organiser is on still answers, now on a Monday.
    expect(local(mondays.json().data.start_date)).toBe('Mon 8 PM');
    expect(mondays.json().data.ID).toBe(edited);

    const monthly = await setRule(edited, 'FREQ=MONTHLY;INTERVAL=1;BYDAY=MO;BYSETPOS=-2;COUNT=2');
    expect(monthly.statusCode, monthly.body).toBe(200);
    const secondToLast = await startsOf(series[0]!.recurrence_id);
    expect(secondToLast).toHaveLength(2);
    for (const iso of secondToLast) {
      const day = new Date(new Date(iso).getTime() - 8 * 3_600_000);
      const daysInMonth = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 0)).getUTCDate();
      expect(local(iso)).toBe('Mon 8 PM');
      expect(daysInMonth - day.getUTCDate()).toBeGreaterThanOrEqual(7);
      expect(daysInMonth - day.getUTCDate()).toBeLessThan(14);
    }
  });

  it('previews the dates a rule gives before the series exists, refusing a bad rule in plain words', async () => {
    const preview = (rrule: string, start: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/events/recurrence-preview?${new URLSearchParams({ rrule, start_date: start, time_zone: 'America/Los_Angeles' })}`,
        headers: bearer(org.token),
      });
    // A Monday 8 pm start with a Sundays rule: the series starts on the Sunday after.
    const weekly = await preview('FREQ=WEEKLY;INTERVAL=1;BYDAY=SU;COUNT=12', '2027-01-05T04:00:00Z');
    expect(weekly.statusCode, weekly.body).toBe(200);
    expect(weekly.json().data.total).toBe(12);
    expect(weekly.json().data.dates).toHaveLength(8);
    expect(weekly.json().data.dates[0]).toBe('2027-01-11T04:00:00.000Z');
    const tooMany = await preview('FREQ=DAILY;UNTIL=20291231', '2027-01-05T04:00:00Z');
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().error.message).toBe(
      'A series has at most 400 dates, and this one would have more. Choose an earlier end date.',
    );
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/events/recurrence-preview?rrule=FREQ%3DDAILY' });
    expect(anonymous.statusCode).toBe(401);
  });
});
