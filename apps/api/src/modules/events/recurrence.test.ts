import { describe, expect, it } from 'vitest';
import { seriesLimits } from '@portal/contract';
import { expandRecurrence } from './recurrence.ts';

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

describe('expandRecurrence', () => {
  // Each series starts on its first date; the instants are given to the minute, the seconds being zero.
  it.each([
    // Weekly on the local weekday: Sunday 1 Nov 2026, 20:00 in Los Angeles (04:00 UTC on Monday).
    [
      'FREQ=WEEKLY;INTERVAL=1;BYDAY=SU;COUNT=3',
      'America/Los_Angeles',
      ['2026-11-02T04:00Z', '2026-11-09T04:00Z', '2026-11-16T04:00Z'],
    ],
    // The local hour kept across a daylight-saving change: 19:00 in New York across 8 March 2026 (EST → EDT).
    ['FREQ=DAILY;COUNT=3', 'America/New_York', ['2026-03-07T00:00Z', '2026-03-08T00:00Z', '2026-03-08T23:00Z']],
    // UNTIL includes that whole local day.
    ['FREQ=DAILY;UNTIL=20270103', 'Europe/London', ['2027-01-01T18:00Z', '2027-01-02T18:00Z', '2027-01-03T18:00Z']],
    // The nth weekday of each month: the second Tuesday at 10:00 in Berlin.
    [
      'FREQ=MONTHLY;BYDAY=TU;BYSETPOS=2;COUNT=3',
      'Europe/Berlin',
      ['2027-01-12T09:00Z', '2027-02-09T09:00Z', '2027-03-09T09:00Z'],
    ],
    // A day of the month with an interval.
    [
      'FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=15;COUNT=3',
      'UTC',
      ['2027-01-15T12:00Z', '2027-03-15T12:00Z', '2027-05-15T12:00Z'],
    ],
    // A two-digit weekday ordinal: the 20th Monday of 2027 is 17 May.
    ['FREQ=YEARLY;BYDAY=20MO;COUNT=1', 'UTC', ['2027-05-17T19:00Z']],
  ])('expands %s in %s', (rule, zone, dates) => {
    const expected = dates.map((d) => new Date(d));
    expect(expandRecurrence(rule, expected[0]!, zone)).toEqual(expected);
  });

  it('runs a series that never ends a year ahead', () => {
    const daily = expandRecurrence('FREQ=DAILY', new Date('2027-01-01T12:00:00Z'), 'UTC');
    expect(daily).toHaveLength(366);
    expect(daily.at(-1)!.toISOString()).toBe('2028-01-01T12:00:00.000Z');
    expect(expandRecurrence('FREQ=WEEKLY', new Date('2027-01-01T12:00:00Z'), 'UTC')).toHaveLength(53);
  });

  it('keeps a daily season of 300+ dates, and refuses a rule that gives more than the limit', () => {
    const season = expandRecurrence('FREQ=DAILY;UNTIL=20271130', new Date('2027-01-01T19:00:00Z'), 'UTC');
    expect(season).toHaveLength(334);
    expect(() => expandRecurrence('FREQ=DAILY;UNTIL=20281231', new Date('2027-01-01T19:00:00Z'), 'UTC')).toThrow(
      expect.objectContaining({
        statusCode: 422,
        message: expect.stringContaining(`at most ${seriesLimits.maxDates} dates`),
      }),
    );
    expect(
      expandRecurrence(`FREQ=DAILY;COUNT=${seriesLimits.maxDates}`, new Date('2027-01-01T19:00:00Z'), 'UTC'),
    ).toHaveLength(seriesLimits.maxDates);
  });

  it('reads an UNTIL with a time as the instant RFC 5545 says, in UTC or local time', () => {
    const start = new Date('2027-01-01T18:00:00Z');
    expect(iso(expandRecurrence('FREQ=DAILY;UNTIL=20270103T000000Z', start, 'Europe/London'))).toEqual([
      '2027-01-01T18:00:00.000Z',
      '2027-01-02T18:00:00.000Z',
    ]);
    expect(iso(expandRecurrence('FREQ=DAILY;UNTIL=20270103T180000', start, 'Europe/London'))).toHaveLength(3);
  });

  it('reads the rule’s keys in any case', () => {
    const dates = expandRecurrence('freq=daily;until=20270103', new Date('2027-01-01T18:00:00Z'), 'Europe/London');
    expect(dates).toHaveLength(3);
  });

  it.each([
    // Each of these once hung the process or escaped as a 500.
    'FREQ=DAILY;INTERVAL=1.5',
    'FREQ=DAILY;INTERVAL=abc',
    'FREQ=DAILY;COUNT=2.5',
    'FREQ=MONTHLY;BYDAY=TH;BYSETPOS=0',
    'FREQ=WEEKLY;BYDAY=XX',
    '',
    'FREQ=SECRETLY',
    'FREQ=DAILY;INTERVAL=0',
    'FREQ=DAILY;COUNT=0',
    'FREQ=DAILY;BYHOUR=3',
    'COUNT=3',
    'FREQ=DAILY;COUNT=500',
    'FREQ=HOURLY;COUNT=3',
    'FREQ=MINUTELY;COUNT=3',
    'FREQ=WEEKLY;BYDAY=54MO',
    'FREQ=DAILY;UNTIL=tomorrow',
    // Rules that would walk for centuries, or past the limit in lower case.
    'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30;UNTIL=99991231',
    'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30;COUNT=5',
    'FREQ=MONTHLY;BYDAY=6MO;COUNT=2',
    'FREQ=WEEKLY;BYDAY=MO;BYSETPOS=3;COUNT=2',
    'FREQ=MONTHLY;BYMONTHDAY=32;COUNT=2',
    'freq=hourly;count=3',
    'FREQ=DAILY;interval=1.5',
  ])('refuses %j with a 422, at once', (rule) => {
    const started = performance.now();
    expect(() => expandRecurrence(rule, new Date('2027-01-01T12:00:00Z'), 'UTC')).toThrow(
      expect.objectContaining({ statusCode: 422 }),
    );
    // A rule that never matches once held the process for 16 – 20 s walking to the year 9999.
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
