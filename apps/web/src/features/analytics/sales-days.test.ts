import { describe, expect, it } from 'vitest';
import { withQuietDays } from './sales-days.ts';

describe('withQuietDays', () => {
  it('puts the days without a sale back at zero, across a month end', () => {
    const days = withQuietDays([
      { date: '2026-11-29', sold: 2, comps: 0, value: 90 },
      { date: '2026-12-02', sold: 1, comps: 1, value: 45 },
    ]);
    expect(days.map((d) => `${d.date}:${d.sold}`)).toEqual([
      '2026-11-29:2',
      '2026-11-30:0',
      '2026-12-01:0',
      '2026-12-02:1',
    ]);
  });

  it('answers nothing for no sales', () => {
    expect(withQuietDays([])).toEqual([]);
  });
});
