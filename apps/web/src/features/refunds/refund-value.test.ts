import { describe, expect, it } from 'vitest';
import { averagePrice, clampRefundValue, refundCap } from './refund-value.ts';

describe('refund value', () => {
  it('defaults to the average price, rounded down to the cent', () => {
    expect(averagePrice([40, 10])).toBe(25);
    expect(averagePrice([10, 10, 10.01])).toBe(10);
    expect(averagePrice([])).toBe(0);
  });
  it('is reset to the average when above it, and never negative', () => {
    expect(clampRefundValue(30, 25)).toBe(25);
    expect(clampRefundValue(12.5, 25)).toBe(12.5);
    expect(clampRefundValue(-1, 25)).toBe(0);
    expect(clampRefundValue(Number.NaN, 25)).toBe(0);
  });
  it('is capped at the average, and never above 100 however dear the tickets', () => {
    expect(refundCap(25)).toBe(25);
    expect(refundCap(150)).toBe(100);
    expect(clampRefundValue(140, refundCap(150))).toBe(100);
  });
});
