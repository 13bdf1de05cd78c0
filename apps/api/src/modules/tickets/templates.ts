import { asc, eq } from 'drizzle-orm';
import type { Template } from '@portal/contract';
import type { Storage } from '../../adapters/storage/index.ts';
import type { Db } from '../../db/client.ts';
import { templates } from '../../db/schema/index.ts';
import { invalid } from '../../lib/http-error.ts';
import { storeImage } from '../../lib/images.ts';

const toTemplate = (t: typeof templates.$inferSelect): Template => ({
  ID: t.id,
  image: t.image,
  partner_id: t.partnerId,
});

export async function listTemplates(db: Db, partnerId: number): Promise<Template[]> {
  const rows = await db.select().from(templates).where(eq(templates.partnerId, partnerId)).orderBy(asc(templates.id));
  return rows.map(toTemplate);
}

/** POST /templates: a ticket design, sent as a data URL (PNG or JPEG). */
export async function createTemplate(db: Db, storage: Storage, partnerId: number, image: string): Promise<Template> {
  const url = await storeImage(storage, image, 'image');
  if (!url) throw invalid('You need to add a ticket image first.', { image: 'choose an image' });
  const [row] = await db.insert(templates).values({ partnerId, image: url }).returning();
  return toTemplate(row!);
}
