import { randomBytes } from 'node:crypto';
import type { Payments } from './index.ts';

/**
 * The built-in provider: no money moves. Onboarding leads to a page of this server where the tester
 * picks the outcome (see modules/payouts), so the whole round trip runs offline.
 */
export function createTestPayments(publicUrl: string): Payments {
  return {
    kind: 'test',
    async onboardingLink({ partnerId, accountId }, returnUrl) {
      const account = accountId ?? `acct_test_${partnerId}_${randomBytes(6).toString('hex')}`;
      const url = new URL('/api/payments/test-provider/onboarding', publicUrl);
      url.searchParams.set('account', account);
      url.searchParams.set('return_url', returnUrl);
      return { accountId: account, url: url.toString() };
    },
    webhook() {
      return null;
    },
  };
}
