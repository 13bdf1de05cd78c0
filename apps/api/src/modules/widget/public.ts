import { and, eq, sql } from 'drizzle-orm';
import { webFontStylesheet, type PublicWidget } from '@portal/contract';
import type { BrowserPayments } from '../../adapters/payments/index.ts';
import type { Db } from '../../db/client.ts';
import { partners, websiteOrigin, widgetSettings } from '../../db/schema/index.ts';
import { notFound } from '../../lib/http-error.ts';
import { widgetRow } from './settings.ts';

/** What the widget draws itself with: colours, fonts (as stylesheets or @font-face sources), payments. */
export async function publicWidget(
  db: Db,
  partnerId: number,
  publicUrl: string,
  payments: BrowserPayments,
): Promise<PublicWidget> {
  const [partner] = await db
    .select({ name: partners.name })
    .from(partners)
    .where(and(eq(partners.id, partnerId), eq(partners.status, true)));
  if (!partner) throw notFound('Partner');
  const row = await widgetRow(db, partnerId);
  const chosen = [...new Set([row.titleBrandFont, row.textBrandFont].filter(Boolean))];
  const uploaded = chosen.flatMap((family) => row.fonts.filter((f) => f.family === family));
  const stylesheets = chosen
    .filter((family) => !uploaded.some((f) => f.family === family))
    .map(webFontStylesheet)
    .filter((url): url is string => url !== null);
  return {
    partner_name: partner.name,
    primary_brand_color: row.primaryBrandColor,
    secondary_brand_color: row.secondaryBrandColor,
    title_brand_color: row.titleBrandColor,
    text_brand_color: row.textBrandColor,
    title_brand_font: row.titleBrandFont,
    text_brand_font: row.textBrandFont,
    font_stylesheets: stylesheets,
    font_faces: uploaded.map((f) => ({ family: f.family, url: new URL(f.url, publicUrl).href })),
    payments,
  };
}

/**
 * May a page of this origin use the widget? Only a partner's saved website origin may: that partner's
 * own widget calls when the partner is known, any fan call (checkout, holder) otherwise.
 */
export async function originAllowed(db: Db, origin: string, partnerId?: number): Promise<boolean> {
  const [row] = await db
    .select({ partnerId: widgetSettings.partnerId })
    .from(widgetSettings)
    .where(
      and(
        sql`${websiteOrigin(widgetSettings.websiteUrl)} = ${origin.toLowerCase()}`,
        partnerId === undefined ? undefined : eq(widgetSettings.partnerId, partnerId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * May a page of this origin use this partner's widget, and where does it work? One read, judged by the
 * same origin rule as `originAllowed`; `site` is null when the partner saved no website address.
 */
export async function partnerOriginCheck(db: Db, origin: string, partnerId: number) {
  const [row] = await db
    .select({
      websiteUrl: widgetSettings.websiteUrl,
      allowed: sql<boolean>`coalesce(${websiteOrigin(widgetSettings.websiteUrl)} = ${origin.toLowerCase()}, false)`,
    })
    .from(widgetSettings)
    .where(eq(widgetSettings.partnerId, partnerId));
  return { allowed: row?.allowed ?? false, site: row?.websiteUrl ? new URL(row.websiteUrl).origin : null };
}
