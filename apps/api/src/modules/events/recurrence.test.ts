import { describe, expect, it } from 'vitest';
import { seriesLimits } from '@portal/contract';
import { expandRecurrence } from './recurrence.ts';

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

describe('expandRecurrence', () => {
  it('counts occurrences with COUNT, weekly on the local weekday', () => {
    // Sunday 1 Nov 2026, 20:00 in Los Angeles (04:00 UTC on Monday).
    const dates = expandRecurrence(
      'FREQ=WEEKLY;INTERVAL=1;BYDAY=SU;COUNT=3',
      new Date('2026-11-02T04:00:00Z'),
      'America/Los_Angeles',
    );
    expect(iso(dates)).toEqual(['2026-11-02T04:00:00.000Z', '2026-11-09T04:00:00.000Z', '2026-11-16T04:00:00.000Z']);
  });

  it('keeps the local hour across a daylight-saving change', () => {
    // 19:00 in New York every day across 8 March 2026 (EST → EDT).
    const dates = expandRecurrence('FREQ=DAILY;COUNT=3', new Date('2026-03-07T00:00:00Z'), 'America/New_York');
    expect(iso(dates)).toEqual(['2026-03-07T00:00:00.000Z', '2026-03-08T00:00:00.000Z', '2026-03-08T23:00:00.000Z']);
  });

  it('stops at UNTIL, including that whole local day', () => {
    const dates = expandRecurrence('FREQ=DAILY;UNTIL=20270103', new Date('2027-01-01T18:00:00Z'), 'Europe/London');
    expect(iso(dates)).toEqual(['2027-01-01T18:00:00.000Z', '2027-01-02T18:00:00.000Z', '2027-01-03T18:00:00.000Z']);
  });

  it('finds the nth weekday of each month', () => {
    // The second Tuesday of each month at 10:00 in Berlin.
    const dates = expandRecurrence(
      'FREQ=MONTHLY;BYDAY=TU;BYSETPOS=2;COUNT=3',
      new Date('2027-01-12T09:00:00Z'),
      'Europe/Berlin',
    );
    expect(iso(dates)).toEqual(['2027-01-12T09:00:00.000Z', '2027-02-09T09:00:00.000Z', '2027-03-09T09:00:00.000Z']);
  });

  it('repeats on a day of the month with an interval', () => {
    const dates = expandRecurrence(
      'FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=15;COUNT=3',
      new Date('2027-01-15T12:00:00Z'),
      'UTC',
    );
    expect(iso(dates)).toEqual(['2027-01-15T12:00:00.000Z', '2027-03-15T12:00:00.000Z', '2027-05-15T12:00:00.000Z']);
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

  it('accepts two-digit weekday ordinals', () => {
    // The 20th Monday of 2027 is 17 May.
    const dates = expandRecurrence('FREQ=YEARLY;BYDAY=20MO;COUNT=1', new Date('2027-05-17T19:00:00Z'), 'UTC');
    expect(iso(dates)).toEqual(['2027-05-17T19:00:00.000Z']);
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
