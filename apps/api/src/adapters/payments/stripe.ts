import type { StripeStatus } from '@portal/contract';
import Stripe from 'stripe';
import type { AccountStatusUpdate, Payments } from './port.ts';

/** A Connect account's state, in the six words the portal shows (spec, access §4). */
export function statusOfAccount(account: Stripe.Account): StripeStatus {
  const req = account.requirements;
  const reason = req?.disabled_reason ?? null;
  if (reason?.startsWith('rejected')) return 'rejected';
  if (reason) return 'restricted';
  const due = (req?.currently_due?.length ?? 0) + (req?.past_due?.length ?? 0);
  if (account.charges_enabled && account.payouts_enabled && account.details_submitted && due === 0) {
    return (req?.eventually_due?.length ?? 0) > 0 ? 'restricted soon' : 'complete';
  }
  if ((req?.pending_verification?.length ?? 0) > 0) return 'pending';
  if (account.charges_enabled) return due > 0 ? 'restricted soon' : 'enabled';
  return 'pending';
}

/** Stripe Connect Express: accounts, account links, and the account.updated webhook. */
export function createStripePayments(
  secretKey: string,
  options: {
    apiBase?: string | undefined;
    webhookSecret?: string | undefined;
    publishableKey?: string | undefined;
  } = {},
): Payments {
  const base = options.apiBase ? new URL(options.apiBase) : undefined;
  const stripe = new Stripe(secretKey, {
    ...(base
      ? { host: base.hostname, port: Number(base.port), protocol: base.protocol.replace(':', '') as 'http' | 'https' }
      : {}),
    maxNetworkRetries: 2,
  });
  return {
    kind: 'stripe',
    browser: { provider: 'stripe', publishable_key: options.publishableKey ?? '' },
    async onboardingLink({ partnerId, accountId }, returnUrl) {
      const account =
        accountId ??
        (await stripe.accounts.create({ type: 'express', metadata: { partner_id: String(partnerId) } })).id;
      const link = await stripe.accountLinks.create({
        account,
        type: 'account_onboarding',
        refresh_url: returnUrl,
        return_url: returnUrl,
      });
      return { accountId: account, url: link.url };
    },
    async charge({ amountCents, paymentMethod, description, idempotencyKey }) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: 'usd',
            payment_method: paymentMethod,
            confirm: true,
            description,
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          },
          { idempotencyKey },
        );
        return intent.status === 'succeeded'
          ? { ok: true, ref: intent.id }
          : { ok: false, reason: 'The payment was not completed.' };
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError) return { ok: false, reason: err.message };
        throw err;
      }
    },
    async refund(ref, amountCents, idempotencyKey) {
      const refund = await stripe.refunds.create({ payment_intent: ref, amount: amountCents }, { idempotencyKey });
      return { ref: refund.id };
    },
    webhook(rawBody, signature): AccountStatusUpdate | null {
      if (!options.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
      // Throws when the signature does not match: the caller answers 400-free with 401.
      const event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      if (event.type !== 'account.updated') return null;
      const account = event.data.object;
      return { accountId: account.id, status: statusOfAccount(account) };
    },
  };
}
