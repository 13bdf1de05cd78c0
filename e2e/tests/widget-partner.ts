import { expect, type Browser, type Page } from '@playwright/test';
import { widgetSnippets, type EventDetail, type EventsByPeriod, type PromoCode } from '@portal/contract';
import { servePartnerSite, type PartnerSite } from '../support/partner-site.ts';
import { ports } from '../support/ports.ts';
import { mailed, ownPartner, partnerApi, type OwnPartner } from './fixtures.ts';

/** The partner's styles that would spoil the widget if they could reach it. */
const hostStyle =
  'body{font-family:"Courier New",monospace;color:rgb(0,128,0)} button{background:rgb(0,128,0)!important} h3{color:red}';

type Snippets = { script: string; iframe: string };

/** The script snippet at /, the iframe snippet at /iframe, on a page with its own heading and button. */
const hostBody = (snippets: Snippets, path: string) =>
  `<h1>Harbour Lights Live</h1><button id="host-button">Host button</button>${path === '/iframe' ? snippets.iframe : snippets.script}`;

/** A spec's own organization, selling through the widget on its own website. */
export type WidgetPartner = {
  partner: OwnPartner;
  /** The partner's website, for the spec to close. */
  site: PartnerSite;
  /** The website's origin. */
  origin: string;
  /** What the partner's page embeds: the portal's own snippets, or those a test copied from the portal. */
  snippets: Snippets;
  /** The demo concert, on the widget with transfers on, with a 20 % promo (WIDGET20) on its General Admission. */
  concert: EventDetail;
};

/** The demo concert on the widget with transfers on, and a 20 % promo on its General Admission. */
async function concertWithPromo(page: Page, partner: OwnPartner): Promise<EventDetail> {
  const call = await partnerApi(page, partner);
  const groups = (await call('GET', `/api/events?partner_id=${partner.id}&ordered=true`)) as EventsByPeriod;
  const concert = groups.flatMap((g) => g.events).find((e) => e.name === 'Saltwater Sessions')!;
  await call('PUT', `/api/events/${concert.ID}`, { active_on_widget: true, transfering_allowed: true });
  const detail = (await call('GET', `/api/events/${concert.ID}`)) as EventDetail;
  const ga = detail.ticket_types.find((t) => t.name === 'General Admission')!;
  const promo = (await call('POST', '/api/promocodes', {
    code: 'WIDGET20',
    percentage: 0.2,
    coupon_type: 'percentage',
    start_date: new Date(Date.now() - 86_400_000).toISOString(),
    end_date: new Date(0).toISOString(),
    partner_id: partner.id,
  })) as PromoCode;
  await call('POST', `/api/promocodes/${promo.ID}/attach`, [{ id: ga.ID, quantity: -1 }]);
  return detail;
}

/** A new organization whose website embeds the widget, and whose demo concert sells with a promo. */
export async function widgetPartner(browser: Browser): Promise<WidgetPartner> {
  const page = await browser.newPage();
  try {
    const partner = await ownPartner(page.request);
    const snippets = widgetSnippets(`http://localhost:${ports.portal}`, partner.id);
    const concert = await concertWithPromo(page, partner);
    const world: Omit<WidgetPartner, 'site' | 'origin'> = { partner, snippets, concert };
    const site = await servePartnerSite((path) => hostBody(world.snippets, path), hostStyle);
    return Object.assign(world, { site, origin: site.origin });
  } finally {
    await page.close();
  }
}

/** The newest widget sign-in link mailed to this address. */
export const mailedWidgetLink = (to: string) => mailed(to, /https?:\/\/\S+\/widget\/sign-in\?code=\S+/);

/** Closes the portal's "saved" dialog that follows each change to the widget's settings. */
export async function confirmSaved(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Your changes have been saved' });
  await expect(dialog.getByText('These changes are now live on your site.')).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
}
