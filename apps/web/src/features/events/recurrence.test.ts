import { describe, expect, it } from 'vitest';
import { defaultRecurrence, fromRrule, toRrule } from './recurrence.ts';

describe('recurrence rules', () => {
  it('defaults to weekly on Sunday, ending on a date', () => {
    expect(toRrule(defaultRecurrence('2027-03-31'))).toBe('FREQ=WEEKLY;INTERVAL=1;BYDAY=SU;UNTIL=20270331');
  });

  it('writes counts, weekdays, days of the month and nth weekdays', () => {
    const base = defaultRecurrence('2027-03-31');
    expect(toRrule({ ...base, days: ['FR', 'MO'], end: 'count', count: 6 })).toBe(
      'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,FR;COUNT=6',
    );
    expect(toRrule({ ...base, freq: 'MONTHLY', interval: 2, monthDay: 15, end: 'never' })).toBe(
      'FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=15',
    );
    expect(
      toRrule({ ...base, freq: 'MONTHLY', monthly: 'nth', setPos: 3, setPosDay: 'TH', end: 'count', count: 20 }),
    ).toBe('FREQ=MONTHLY;INTERVAL=1;BYDAY=TH;BYSETPOS=3;COUNT=20');
    expect(toRrule({ ...base, freq: 'DAILY', interval: 0, end: 'never' })).toBe('FREQ=DAILY;INTERVAL=1');
  });

  it('reads back what it wrote', () => {
    for (const rule of [
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;COUNT=8',
      'FREQ=MONTHLY;INTERVAL=1;BYDAY=TH;BYSETPOS=3;UNTIL=20271231',
      'FREQ=YEARLY;INTERVAL=1',
    ]) {
      expect(toRrule(fromRrule(rule, '2027-01-01'))).toBe(rule);
    }
  });
});
