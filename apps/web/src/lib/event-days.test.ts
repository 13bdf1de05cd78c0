import { expect, it } from 'vitest';
import { firstOpenDay } from './event-days.ts';

it('opens on the first day not over, else the last', () => {
  const days = [
    { ID: 1, end_date: '2030-01-01T22:00:00Z' },
    { ID: 2, end_date: '2030-01-02T22:00:00Z' },
  ];
  expect(firstOpenDay(days, new Date('2030-01-01T23:00:00Z'))).toBe(2);
  expect(firstOpenDay(days, new Date('2031-01-01T00:00:00Z'))).toBe(2);
  expect(firstOpenDay(days, new Date('2029-01-01T00:00:00Z'))).toBe(1);
  expect(firstOpenDay([])).toBeNull();
});
