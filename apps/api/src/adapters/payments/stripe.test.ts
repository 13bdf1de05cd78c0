import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { statusOfAccount } from './stripe.ts';

const account = (a: Partial<Stripe.Account>, req: Partial<Stripe.Account.Requirements> = {}) =>
  ({
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: false,
    ...a,
    requirements: {
      currently_due: [],
      past_due: [],
      eventually_due: [],
      pending_verification: [],
      disabled_reason: null,
      ...req,
    },
  }) as unknown as Stripe.Account;

describe('statusOfAccount', () => {
  const ready = { charges_enabled: true, payouts_enabled: true, details_submitted: true };
  it.each([
    ['complete', account(ready)],
    ['restricted soon', account(ready, { eventually_due: ['individual.id_number'] })],
    ['enabled', account({ charges_enabled: true })],
    ['restricted soon', account({ charges_enabled: true }, { currently_due: ['external_account'] })],
    ['pending', account({ details_submitted: true }, { pending_verification: ['individual.verification.document'] })],
    ['pending', account({})],
    ['restricted', account(ready, { disabled_reason: 'requirements.past_due' })],
    ['rejected', account(ready, { disabled_reason: 'rejected.fraud' })],
  ])('%s', (status, a) => {
    expect(statusOfAccount(a)).toBe(status);
  });
});
