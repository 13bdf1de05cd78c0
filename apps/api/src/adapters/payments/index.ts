import type { Config } from '../../config.ts';
import { createStripePayments } from './stripe.ts';
import type { Payments } from './port.ts';
import { createTestPayments } from './test-provider.ts';

export type {
  AccountStatusUpdate,
  BrowserPayments,
  ChargeRequest,
  ChargeResult,
  PartnerAccount,
  Payments,
} from './port.ts';

export function createPayments(config: Config): Payments {
  return config.stripeSecretKey
    ? createStripePayments(config.stripeSecretKey, {
        apiBase: config.stripeApiBase,
        webhookSecret: config.stripeWebhookSecret,
        publishableKey: config.stripePublishableKey,
      })
    : createTestPayments(config.publicUrl);
}
