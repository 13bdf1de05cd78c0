export const navItems = [
  { label: 'My Events', to: '/event-list' },
  { label: 'Create Event', to: '/event-creation' },
  { label: 'Promo Codes', to: '/promo-code' },
  { label: 'Analytics', to: '/analytics' },
  { label: 'Fan Database', to: '/fan-database' },
  { label: 'Orders', to: '/orders' },
  { label: 'Settings', to: '/widget-customization' },
] as const;

const firstSegment = (path: string) => path.split('/')[1] ?? '';

/** The active item is the one whose first path segment matches the current path's (spec, access §2). */
export const isActive = (itemPath: string, currentPath: string) => firstSegment(itemPath) === firstSegment(currentPath);

/**
 * How many items, from the first, the bar shows when `available` pixels hold them: all when all fit,
 * else as many as fit beside the More button that holds the rest (at least none).
 */
export function fittingCount(itemWidths: readonly number[], moreWidth: number, available: number, gap: number) {
  const widthOf = (count: number) =>
    itemWidths.slice(0, count).reduce((sum, width) => sum + width, 0) + gap * Math.max(0, count - 1);
  if (widthOf(itemWidths.length) <= available) return itemWidths.length;
  let count = itemWidths.length - 1;
  while (count > 0 && widthOf(count) + gap + moreWidth > available) count -= 1;
  return count;
}
