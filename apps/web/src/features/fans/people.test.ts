import { describe, expect, it } from 'vitest';
import { splitByIsoWeek, splitName } from './people.ts';

describe('splitName', () => {
  it('takes the first word as the first name and the rest as the last', () => {
    expect(splitName('Ada Lovelace')).toEqual({ first: 'Ada', last: 'Lovelace' });
    expect(splitName('  Mary  Ann Evans ')).toEqual({ first: 'Mary', last: 'Ann Evans' });
    expect(splitName('Cher')).toEqual({ first: 'Cher', last: '' });
  });
});

describe('splitByIsoWeek', () => {
  it('puts notes from Monday 00:00 of this week on in this week', () => {
    // Wednesday 18 November 2026, local time; the ISO week began on Monday the 16th.
    const now = new Date(2026, 10, 18, 15, 0);
    const notes = [
      { CreatedAt: new Date(2026, 10, 16, 0, 0).toISOString() },
      { CreatedAt: new Date(2026, 10, 15, 23, 59).toISOString() },
      { CreatedAt: new Date(2026, 10, 18, 9, 0).toISOString() },
    ];
    const { thisWeek, earlier } = splitByIsoWeek(notes, now);
    expect(thisWeek).toEqual([notes[0], notes[2]]);
    expect(earlier).toEqual([notes[1]]);
  });
  it('treats Sunday as the last day of the week', () => {
    const sunday = new Date(2026, 10, 22, 20, 0);
    const { thisWeek } = splitByIsoWeek([{ CreatedAt: new Date(2026, 10, 16, 8, 0).toISOString() }], sunday);
    expect(thisWeek).toHaveLength(1);
  });
});
