import type { StripeStatus } from '@portal/contract';

export type PartnerAccount = { partnerId: number; accountId: string | null };

/** Card payments and payouts; the rest of the code never knows which provider is behind it. */
export interface Payments {
  readonly kind: 'test' | 'stripe';
  /** What a buyer's browser needs to produce a payment method (the widget's card field). */
  readonly browser: BrowserPayments;
  /** Creates the partner's connected account if needed and answers where onboarding continues. */
  onboardingLink(account: PartnerAccount, returnUrl: string): Promise<{ accountId: string; url: string }>;
  /** A provider's signed notification about an account; throws if the signature is wrong. */
  webhook(rawBody: Buffer, signature: string): AccountStatusUpdate | null;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  refund(ref: string, amountCents: number, idempotencyKey: string): Promise<{ ref: string }>;
}

export type BrowserPayments = { provider: 'test' } | { provider: 'stripe'; publishable_key: string };

export type AccountStatusUpdate = { accountId: string; status: StripeStatus };

export type ChargeRequest = {
  amountCents: number;
  /** The test provider's card number, or a provider's payment method id. */
  paymentMethod: string;
  description: string;
  /** The same key never charges twice. */
  idempotencyKey: string;
};
export type ChargeResult = { ok: true; ref: string } | { ok: false; reason: string };
