import { eq } from 'drizzle-orm';
import type { Partner, StripeStatus } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { partners } from '../../db/schema/index.ts';

export async function getPartner(db: Db, partnerId: number): Promise<Partner | null> {
  const [p] = await db.select().from(partners).where(eq(partners.id, partnerId));
  if (!p) return null;
  return {
    ID: p.id,
    name: p.name,
    image: p.image,
    primary_color: p.primaryColor,
    secondary_color: p.secondaryColor,
    tertiary_color: p.tertiaryColor,
    secondary_royalty: p.secondaryRoyalty,
    partner_secondary_default_royalty: p.partnerSecondaryDefaultRoyalty,
    stripe_status: p.stripeStatus as StripeStatus | '',
    status: p.status,
  };
}
