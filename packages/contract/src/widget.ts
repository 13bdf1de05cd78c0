import { z } from 'zod';
import { colourSchema, idParamsSchema, uploadSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { emailSchema } from './identity.ts';
import { webFonts } from './web-fonts.ts';

/** A font the partner uploaded, served by us as an @font-face source. */
export const uploadedFontSchema = z.object({ family: z.string(), url: z.string() });
export type UploadedFont = z.infer<typeof uploadedFontSchema>;

/** The widget's colours and fonts; an empty string means unset. */
const brandFields = {
  primary_brand_color: z.string(),
  secondary_brand_color: z.string(),
  title_brand_color: z.string(),
  text_brand_color: z.string(),
  title_brand_font: z.string(),
  text_brand_font: z.string(),
};

/** Spec, back-office §3 "Widget customization". */
export const widgetSettingsSchema = z.object({
  ...brandFields,
  website_url: z.string(),
  /** The partner's uploaded fonts, choosable like the web fonts. */
  fonts: z.array(uploadedFontSchema),
});
export type WidgetSettings = z.infer<typeof widgetSettingsSchema>;

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** Where the widget may be embedded: an http(s) address, whose origin is what counts. */
export const websiteUrlSchema = z.union([
  z.literal(''),
  z
    .url({ protocol: /^https?$/, error: 'Give the full address, like https://www.example.com' })
    .max(500)
    // Only a plain host: no user name or password, and nothing a security header could misread.
    .refine((v) => {
      // The url check does not stop the chain, so text that is no address at all arrives here too.
      const u = parseUrl(v);
      return u !== null && !u.username && !u.password && /^[a-z0-9.-]+$/i.test(u.hostname);
    }, 'Give the full address, like https://www.example.com'),
]);

const fontName = z.string().trim().max(100);

/** The update of partners/{id}/widget: any of the spec's fields. */
export const widgetUpdateSchema = z
  .object({
    primary_brand_color: colourSchema,
    secondary_brand_color: colourSchema,
    title_brand_color: colourSchema,
    text_brand_color: colourSchema,
    title_brand_font: fontName,
    text_brand_font: fontName,
    website_url: websiteUrlSchema,
  })
  .partial();
export type WidgetUpdate = z.infer<typeof widgetUpdateSchema>;

export const fontFormats = { woff2: 'font/woff2', woff: 'font/woff', ttf: 'font/ttf' } as const;
export const maxFontBytes = 2 * 1024 * 1024;

export const fontUploadBodySchema = z.object({
  family: z
    .string()
    .trim()
    .min(1, 'Give the font a name')
    .max(60)
    .regex(/^[\p{L}\p{N} _-]+$/u, 'Use letters, digits, spaces, - and _'),
  /** A data URL of a woff2, woff or ttf file; checked by its content. */
  file: uploadSchema.min(1, 'Choose a font file'),
});
export type FontUpload = z.infer<typeof fontUploadBodySchema>;

/** What the widget on a partner's site needs to draw itself. */
export const publicWidgetSchema = z.object({
  partner_name: z.string(),
  ...brandFields,
  /** Stylesheets of the chosen web fonts, loaded by the visitor's browser. */
  font_stylesheets: z.array(z.string()),
  /** @font-face sources of the chosen uploaded fonts (absolute URLs). */
  font_faces: z.array(uploadedFontSchema),
  /** How the browser pays: the test provider takes a test card number; Stripe a card element. */
  payments: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('test') }),
    z.object({ provider: z.literal('stripe'), publishable_key: z.string() }),
  ]),
});
export type PublicWidget = z.infer<typeof publicWidgetSchema>;

/** The widget's own sign-in link: it comes back to the page the fan asked from. */
export const widgetSignInLinkBodySchema = z.object({
  email: emailSchema,
  return_url: z.url({ protocol: /^https?$/ }).max(2000),
});
export const widgetSignInLinkSentSchema = z.object({ sent: z.literal(true) });
export type WidgetSignInLinkSent = z.infer<typeof widgetSignInLinkSentSchema>;

const tags = ['widget'];
const manage = { access: 'partner', permission: 'manage_widget', tags } as const;
/** The spec leaves the method open: PUT and PATCH both change only the fields sent. */
const change = {
  ...manage,
  path: '/partners/:id/widget',
  summary: 'Change the widget’s settings',
  params: idParamsSchema,
  body: widgetUpdateSchema,
  response: widgetSettingsSchema,
} as const;

/** The widget's settings in the portal, and what the widget reads and asks for on a partner's site. */
export const widgetEndpoints = {
  get: endpoint({
    access: 'partner',
    tags,
    method: 'GET',
    path: '/partners/:id/widget',
    summary: 'Read the widget’s settings',
    params: idParamsSchema,
    response: widgetSettingsSchema,
  }),
  update: endpoint({ ...change, method: 'PATCH' }),
  replace: endpoint({ ...change, method: 'PUT' }),
  uploadFont: endpoint({
    ...manage,
    method: 'POST',
    path: '/partners/:id/widget/fonts',
    summary: 'Upload a font for the widget',
    params: idParamsSchema,
    body: fontUploadBodySchema,
    response: widgetSettingsSchema,
  }),
  public: endpoint({
    access: 'public',
    tags,
    method: 'GET',
    path: '/public/partners/:id/widget',
    summary: 'Read what the widget shows for an organization',
    params: idParamsSchema,
    response: publicWidgetSchema,
  }),
  signInLink: endpoint({
    access: 'public',
    tags,
    method: 'POST',
    path: '/public/partners/:id/widget/sign-in-link',
    summary: 'Send a fan a sign-in link for the widget',
    errors: [429, 503],
    params: idParamsSchema,
    body: widgetSignInLinkBodySchema,
    response: widgetSignInLinkSentSchema,
  }),
};

const fontsBase = 'https://fonts.googleapis.com/css2';

/** The font service's stylesheet for a listed family, with the weights the widget draws. */
export function webFontStylesheet(family: string): string | null {
  const weights = webFonts[family];
  if (!weights) return null;
  return `${fontsBase}?family=${encodeURIComponent(family).replace(/%20/g, '+')}:wght@${weights}&display=swap`;
}

/** The two ways to embed the widget: a script, or an iframe for sites that forbid outside scripts. */
export function widgetSnippets(serverOrigin: string, partnerId: number) {
  return {
    script: `<div id="partner-portal-widget"></div>\n<script src="${serverOrigin}/widget/widget.js" data-partner="${partnerId}" async></script>`,
    iframe: `<iframe src="${serverOrigin}/widget/frame?partner=${partnerId}" title="Tickets" style="width:100%;min-height:720px;border:0"></iframe>`,
  };
}
