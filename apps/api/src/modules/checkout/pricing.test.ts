import { describe, expect, it } from 'vitest';
import { discountedPrice, isPromoOpen } from './pricing.ts';

describe('the price rule', () => {
  it('takes a flat amount or a percentage off, never below zero', () => {
    expect(discountedPrice(4500, null)).toBe(4500);
    expect(discountedPrice(4500, { couponType: 'flat', discountCents: 500, percentage: 0 })).toBe(4000);
    expect(discountedPrice(300, { couponType: 'flat', discountCents: 500, percentage: 0 })).toBe(0);
    expect(discountedPrice(4500, { couponType: 'percentage', discountCents: 0, percentage: 0.15 })).toBe(3825);
    expect(discountedPrice(999, { couponType: 'percentage', discountCents: 0, percentage: 1 })).toBe(0);
  });

  it('opens a promo only when active, published and within its days', () => {
    const now = new Date('2026-12-01T12:00:00Z');
    const base = {
      active: true,
      draft: false,
      startDate: new Date('2026-11-30T12:00:00Z'),
      endDate: new Date('2026-12-02T12:00:00Z'),
    };
    expect(isPromoOpen(base, now)).toBe(true);
    expect(isPromoOpen({ ...base, active: false }, now)).toBe(false);
    expect(isPromoOpen({ ...base, draft: true }, now)).toBe(false);
    expect(isPromoOpen({ ...base, startDate: new Date('2026-12-01T12:00:01Z') }, now)).toBe(false);
    expect(isPromoOpen({ ...base, endDate: new Date('2026-12-01T11:59:59Z') }, now)).toBe(false);
    expect(isPromoOpen({ ...base, endDate: new Date(0) }, now)).toBe(true);
  });
});
