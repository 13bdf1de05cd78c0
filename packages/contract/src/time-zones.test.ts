import { describe, expect, it } from 'vitest';
import { fromWallClock, toWallClock } from './time-zones.ts';

const wall = (iso: string) => new Date(`${iso}Z`);

describe('wall-clock times in a zone', () => {
  it('round-trips ordinary times', () => {
    const instant = fromWallClock(wall('2027-01-15T19:30:00'), 'America/New_York');
    expect(instant.toISOString()).toBe('2027-01-16T00:30:00.000Z');
    expect(toWallClock(instant, 'America/New_York').toISOString()).toBe('2027-01-15T19:30:00.000Z');
  });

  it('puts a time skipped by the spring change just after the gap', () => {
    // 02:30 does not exist in New York on 14 March 2027; 03:30 EDT is 07:30 UTC.
    expect(fromWallClock(wall('2027-03-14T02:30:00'), 'America/New_York').toISOString()).toBe(
      '2027-03-14T07:30:00.000Z',
    );
  });

  it('takes the first of a time shown twice in the autumn', () => {
    // 01:30 happens twice in New York on 7 November 2027: first in EDT (05:30 UTC).
    expect(fromWallClock(wall('2027-11-07T01:30:00'), 'America/New_York').toISOString()).toBe(
      '2027-11-07T05:30:00.000Z',
    );
  });
});
