/** Every permission a role can grant; routes name the one they need in `config.permission`. */
export const permissionValues = [
  'manage_team',
  'manage_payouts',
  'manage_events',
  'manage_promo_codes',
  'view_analytics',
  'manage_fans',
  'refund_tickets',
  'check_in',
  'manage_widget',
] as const;

export type Permission = (typeof permissionValues)[number];
