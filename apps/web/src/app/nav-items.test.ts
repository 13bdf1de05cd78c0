import { describe, expect, it } from 'vitest';
import { fittingCount, isActive, navItems } from './nav-items.ts';

describe('navigation', () => {
  it('offers the spec’s seven items in order', () => {
    expect(navItems.map((i) => i.label)).toEqual([
      'My Events',
      'Create Event',
      'Promo Codes',
      'Analytics',
      'Fan Database',
      'Orders',
      'Settings',
    ]);
  });

  it('marks the item whose first path segment matches', () => {
    const active = (path: string) => navItems.filter((i) => isActive(i.to, path)).map((i) => i.label);
    expect(active('/event-list')).toEqual(['My Events']);
    expect(active('/widget-customization')).toEqual(['Settings']);
    expect(active('/promo-code')).toEqual(['Promo Codes']);
    expect(active('/promo-code-steps')).toEqual([]);
    expect(active('/event-summary/4')).toEqual([]);
  });
});

describe('fittingCount', () => {
  const widths = [80, 100, 100, 70, 100, 60, 70];
  const total = 580 + 6 * 2;

  it('shows every item when all fit, with no More button', () => {
    expect(fittingCount(widths, 60, total, 2)).toBe(7);
  });

  it('keeps room for the More button once one item does not fit', () => {
    // All seven need 592 px; at 591 six (520 with gaps) and More (2 + 60) still fit.
    expect(fittingCount(widths, 60, total - 1, 2)).toBe(6);
    // At 560 six and More need 582, so five (458) and More remain.
    expect(fittingCount(widths, 60, 560, 2)).toBe(5);
  });

  it('puts everything under More when not even the first item fits beside it', () => {
    expect(fittingCount(widths, 60, 100, 2)).toBe(0);
  });
});
