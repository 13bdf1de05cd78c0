import { eq, sql } from 'drizzle-orm';
import { webFonts, type FontUpload, type WidgetSettings, type WidgetUpdate } from '@portal/contract';
import type { Storage } from '../../adapters/storage/index.ts';
import type { Db } from '../../db/client.ts';
import { widgetSettings } from '../../db/schema/index.ts';
import { invalid } from '../../lib/http-error.ts';
import { checkFont } from './fonts.ts';

type Row = typeof widgetSettings.$inferSelect;

const toSettings = (r: Row): WidgetSettings => ({
  primary_brand_color: r.primaryBrandColor,
  secondary_brand_color: r.secondaryBrandColor,
  title_brand_color: r.titleBrandColor,
  text_brand_color: r.textBrandColor,
  title_brand_font: r.titleBrandFont,
  text_brand_font: r.textBrandFont,
  website_url: r.websiteUrl,
  fonts: r.fonts,
});

const unset = (partnerId: number): Row => ({
  partnerId,
  primaryBrandColor: '',
  secondaryBrandColor: '',
  titleBrandColor: '',
  textBrandColor: '',
  titleBrandFont: '',
  textBrandFont: '',
  websiteUrl: '',
  fonts: [],
  updatedAt: new Date(0),
});

/** The partner's settings; a partner who never saved any has them all unset (reading writes nothing). */
export async function widgetRow(db: Db, partnerId: number): Promise<Row> {
  const [row] = await db.select().from(widgetSettings).where(eq(widgetSettings.partnerId, partnerId));
  return row ?? unset(partnerId);
}

/** The row to change, created on the first change. */
async function ensureRow(db: Db, partnerId: number): Promise<Row> {
  await db.insert(widgetSettings).values({ partnerId }).onConflictDoNothing();
  return widgetRow(db, partnerId);
}

export const getWidget = async (db: Db, partnerId: number) => toSettings(await widgetRow(db, partnerId));

/** A font is one of the listed web fonts or one the partner uploaded; '' leaves the widget's default. */
function checkFontName(name: string | undefined, uploaded: Row['fonts'], field: string) {
  if (name === undefined || name === '' || Object.hasOwn(webFonts, name) || uploaded.some((f) => f.family === name))
    return;
  throw invalid('Choose a font from the list, or upload it first.', { [field]: 'unknown font' });
}

/** The update of partners/{id}/widget: only the fields given change. */
export async function updateWidget(db: Db, partnerId: number, patch: WidgetUpdate): Promise<WidgetSettings> {
  const current = await ensureRow(db, partnerId);
  checkFontName(patch.title_brand_font, current.fonts, 'title_brand_font');
  checkFontName(patch.text_brand_font, current.fonts, 'text_brand_font');
  const values: Partial<typeof widgetSettings.$inferInsert> = {
    primaryBrandColor: patch.primary_brand_color?.toUpperCase(),
    secondaryBrandColor: patch.secondary_brand_color?.toUpperCase(),
    titleBrandColor: patch.title_brand_color?.toUpperCase(),
    textBrandColor: patch.text_brand_color?.toUpperCase(),
    titleBrandFont: patch.title_brand_font,
    textBrandFont: patch.text_brand_font,
    // Stored as the browser writes it (lower-case host, no default port), so its origin compares as sent.
    websiteUrl:
      patch.website_url === undefined || patch.website_url === '' ? patch.website_url : new URL(patch.website_url).href,
  };
  const changes = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  if (Object.keys(changes).length === 0) return toSettings(current);
  const [row] = await db
    .update(widgetSettings)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(widgetSettings.partnerId, partnerId))
    .returning();
  return toSettings(row!);
}

/** Stores an uploaded font (checked by content) under the family name given; the same name is replaced. */
export async function addFont(db: Db, storage: Storage, partnerId: number, upload: FontUpload) {
  const { data, type } = checkFont(upload.file);
  await ensureRow(db, partnerId);
  const url = await storage.put(data, type);
  const font = JSON.stringify([{ family: upload.family, url }]);
  const [row] = await db
    .update(widgetSettings)
    .set({
      fonts: sql`(select coalesce(jsonb_agg(f), '[]'::jsonb) from jsonb_array_elements(${widgetSettings.fonts}) f
        where f->>'family' <> ${upload.family}) || ${font}::jsonb`,
      updatedAt: new Date(),
    })
    .where(eq(widgetSettings.partnerId, partnerId))
    .returning();
  return toSettings(row!);
}
