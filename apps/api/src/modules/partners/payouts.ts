import { eq } from 'drizzle-orm';
import type { StripeStatus } from '@portal/contract';
import type { AccountStatusUpdate, Payments } from '../../adapters/payments/index.ts';
import type { Db } from '../../db/client.ts';
import { partners } from '../../db/schema/index.ts';
import { notFound } from '../../lib/http-error.ts';

/** Where the partner's payout onboarding continues; the connected account is created on first use. */
export async function onboardingUrl(db: Db, payments: Payments, partnerId: number, returnUrl: string) {
  const [partner] = await db
    .select({ accountId: partners.stripeAccountId })
    .from(partners)
    .where(eq(partners.id, partnerId));
  if (!partner) throw notFound('Partner');
  const link = await payments.onboardingLink({ partnerId, accountId: partner.accountId }, returnUrl);
  if (link.accountId !== partner.accountId) {
    await db.update(partners).set({ stripeAccountId: link.accountId }).where(eq(partners.id, partnerId));
  }
  return link.url;
}

/** A provider's word on an account: the partner holding it gets the new status. */
export async function applyAccountStatus(db: Db, update: AccountStatusUpdate): Promise<boolean> {
  const rows = await db
    .update(partners)
    .set({ stripeStatus: update.status satisfies StripeStatus })
    .where(eq(partners.stripeAccountId, update.accountId))
    .returning({ id: partners.id });
  return rows.length > 0;
}
