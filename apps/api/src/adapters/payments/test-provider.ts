import { createHash, randomBytes } from 'node:crypto';
import type { Payments } from './port.ts';

/** The test provider's cards, as card providers' own test modes have them. */
export const testCards = { succeeds: '4242424242424242', declined: '4000000000000002' } as const;

/**
 * The built-in provider: no money moves. Onboarding leads to a page of this server where the tester
 * picks the outcome (see modules/payouts), so the whole round trip runs offline.
 */
export function createTestPayments(publicUrl: string): Payments {
  return {
    kind: 'test',
    browser: { provider: 'test' },
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
    async charge({ paymentMethod, idempotencyKey }) {
      const card = paymentMethod.replace(/[\s-]/g, '');
      // As a real provider does, one key is one charge however often it is sent.
      const ref = `ch_test_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 16)}`;
      if (card === testCards.succeeds) return { ok: true, ref };
      if (card === testCards.declined) return { ok: false, reason: 'Your card was declined.' };
      return { ok: false, reason: 'Use a test card: 4242 4242 4242 4242 is paid, 4000 0000 0000 0002 is declined.' };
    },
    async refund(ref) {
      return { ref: `re_test_${ref.slice(-8)}_${randomBytes(4).toString('hex')}` };
    },
  };
}
