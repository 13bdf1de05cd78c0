import { describe, expect, it } from 'vitest';
import { isActive, navItems } from './nav-items.ts';

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
