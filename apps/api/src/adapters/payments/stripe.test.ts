import { describe, expect, it } from 'vitest';
import { stripeAccount as account } from '../../../test/fixtures/stripe.ts';
import { statusOfAccount } from './stripe.ts';

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
