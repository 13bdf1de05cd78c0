import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { partners } from '../../db/schema/index.ts';
import { notFound } from '../../lib/http-error.ts';

/**
 * 404 unless a partner has this id: a list under an id that names nobody is not empty, it is
 * missing. Public lists call it only when they found nothing, so a full list costs no extra query.
 */
export async function assertPartnerExists(db: Db, partnerId: number) {
  const [partner] = await db.select({ id: partners.id }).from(partners).where(eq(partners.id, partnerId));
  if (!partner) throw notFound('Partner');
}
