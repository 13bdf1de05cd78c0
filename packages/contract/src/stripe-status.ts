/** A partner's payout account status at Stripe, and what the profile says for each. */
export const stripeStatuses = ['enabled', 'pending', 'restricted soon', 'restricted', 'rejected', 'complete'] as const;
export type StripeStatus = (typeof stripeStatuses)[number];

/** What the profile shows for each payout status (spec, access §4). */
export const stripeStatusText: Record<StripeStatus, string> = {
  enabled: 'Enabled: your account is in good standing. A payout threshold may be reached soon.',
  pending: 'Pending: your account is being verified.',
  'restricted soon': 'Restricted soon: your account may be restricted if information is missing.',
  restricted: 'Restricted: transfers or payments are disabled.',
  rejected: 'Rejected: the account was rejected because fraud is suspected.',
  complete: 'Account Connected',
};
