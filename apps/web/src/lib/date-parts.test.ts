import { describe, expect, it } from 'vitest';
import { acceptTime, addLocalDays, atLocalTime, clampDate, fromParts, toParts } from './date-parts.ts';

describe('typed dates and times', () => {
  it('resets an invalid month or day to 01 and an old year to this year', () => {
    expect(clampDate({ month: 13, day: 0, year: 2020 }, 2026)).toEqual({ month: 1, day: 1, year: 2026 });
    expect(clampDate({ month: 12, day: 31, year: 2030 }, 2026)).toEqual({ month: 12, day: 31, year: 2030 });
    expect(clampDate({ month: 0, day: 32, year: 2026 }, 2026)).toEqual({ month: 1, day: 1, year: 2026 });
  });

  it('ignores an hour or minute out of range', () => {
    expect(acceptTime({ hour: 9, minute: 30 }, { hour: 13 })).toEqual({ hour: 9, minute: 30 });
    expect(acceptTime({ hour: 9, minute: 30 }, { hour: 0, minute: 60 })).toEqual({ hour: 9, minute: 30 });
    expect(acceptTime({ hour: 9, minute: 30 }, { hour: 12, minute: 0 })).toEqual({ hour: 12, minute: 0 });
  });

  it('reads and writes instants in the event’s time zone with am/pm', () => {
    const parts = toParts('2027-01-15T03:30:00.000Z', 'America/New_York');
    expect(parts).toEqual({ month: 1, day: 14, year: 2027, hour: 10, minute: 30, pm: true });
    expect(fromParts(parts, 'America/New_York')).toBe('2027-01-15T03:30:00.000Z');
    expect(fromParts({ ...parts, hour: 12, pm: false }, 'America/New_York')).toBe('2027-01-14T05:30:00.000Z');
  });

  it('places the default on-sale time at 10:00 pm local', () => {
    expect(atLocalTime('2027-01-15T15:00:00.000Z', 'Europe/Paris', 22)).toBe('2027-01-15T21:00:00.000Z');
  });

  it('adds calendar days at the same wall-clock time across a DST change and a month end', () => {
    // Saturday March 13, 2027, 7 pm in Los Angeles (PST, UTC−8); the clocks go forward that night.
    expect(addLocalDays('2027-03-14T03:00:00.000Z', 1, 'America/Los_Angeles')).toBe('2027-03-15T02:00:00.000Z');
    // October 31 to November 1, 8 pm in London, the week after the clocks went back.
    expect(addLocalDays('2027-10-31T20:00:00.000Z', 1, 'Europe/London')).toBe('2027-11-01T20:00:00.000Z');
  });
});
