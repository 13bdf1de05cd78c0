import { eq } from 'drizzle-orm';
import type { Partner, PartnerUpdate, StripeStatus } from '@portal/contract';
import type { Storage } from '../../adapters/storage/index.ts';
import type { Db } from '../../db/client.ts';
import { partners } from '../../db/schema/index.ts';
import { notFound } from '../../lib/http-error.ts';
import { storeImage } from '../../lib/images.ts';

type Row = typeof partners.$inferSelect;

const toPartner = (p: Row): Partner => ({
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
});

export async function getPartner(db: Db, partnerId: number): Promise<Partner | null> {
  const [p] = await db.select().from(partners).where(eq(partners.id, partnerId));
  return p ? toPartner(p) : null;
}

/** PUT and PATCH /partners/{id}: only the fields given change. */
export async function updatePartner(
  db: Db,
  storage: Storage,
  partnerId: number,
  patch: PartnerUpdate,
): Promise<Partner> {
  const [current] = await db.select().from(partners).where(eq(partners.id, partnerId));
  if (!current) throw notFound('Partner');
  const image = patch.image === undefined ? undefined : await storeImage(storage, patch.image, 'image');
  const values: Partial<typeof partners.$inferInsert> = {
    name: patch.name,
    image,
    primaryColor: patch.primary_color,
    secondaryColor: patch.secondary_color,
    tertiaryColor: patch.tertiary_color,
    secondaryRoyalty: patch.secondary_royalty,
    partnerSecondaryDefaultRoyalty: patch.partner_secondary_default_royalty,
    status: patch.status,
  };
  const changes = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  if (Object.keys(changes).length === 0) return toPartner(current);
  const [updated] = await db.update(partners).set(changes).where(eq(partners.id, partnerId)).returning();
  return toPartner(updated!);
}
