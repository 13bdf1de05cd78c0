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
