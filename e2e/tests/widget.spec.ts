import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  parseTicketPass,
  type CheckoutResult,
  type EventDetail,
  type EventsByPeriod,
  type PromoCode,
  type PublicEvent,
  type WidgetSettings,
  widgetSnippets,
} from '@portal/contract';
import { expectAccessible } from '../support/axe.ts';
import { servePartnerSite, type PartnerSite } from '../support/partner-site.ts';
import { ports } from '../support/ports.ts';
import { readQrPng } from '../support/qr.ts';
import { apiToken, mailed, ownPartner, signInTo, type OwnPartner } from './fixtures.ts';
import { whenIn } from '../support/when.ts';

const buyer = { name: 'Wren Widget', email: `wren-${Date.now()}@fans.test` };
const friend = { name: 'Fox Friend', email: `fox-${Date.now()}@fans.test` };

let partner: OwnPartner;
let partnerSite: PartnerSite;
/** The partner's origin. */
let site = '';
/** What the partner's page embeds: the portal's own snippets, once the first test has copied them. */
let snippets: { script: string; iframe: string };
let concertDetail: EventDetail;

/** The partner's styles that would spoil the widget if they could reach it. */
const hostStyle =
  'body{font-family:"Courier New",monospace;color:rgb(0,128,0)} button{background:rgb(0,128,0)!important} h3{color:red}';

/** The script snippet at /, the iframe snippet at /iframe, on a page with its own heading and button. */
const hostBody = (snippets: { script: string; iframe: string }) => (path: string) =>
  `<h1>Harbour Lights Live</h1><button id="host-button">Host button</button>${path === '/iframe' ? snippets.iframe : snippets.script}`;

/** The newest widget sign-in link mailed to this address. */
const mailedWidgetLink = (to: string) => mailed(to, /https?:\/\/\S+\/widget\/sign-in\?code=\S+/);

async function confirmSaved(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Your changes have been saved' });
  await expect(dialog.getByText('These changes are now live on your site.')).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
}

/** The demo concert on the widget with transfers on, and a 20 % promo on its General Admission. */
async function concertWithPromo(request: APIRequestContext, token: string) {
  const auth = { authorization: `Bearer ${token}` };
  const ok = async <T>(res: Awaited<ReturnType<APIRequestContext['get']>>) => {
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { data: T }).data;
  };
  const groups = await ok<EventsByPeriod>(
    await request.get(`/api/events?partner_id=${partner.id}&ordered=true`, { headers: auth }),
  );
  const concert = groups.flatMap((g) => g.events).find((e) => e.name === 'Saltwater Sessions')!;
  await ok(
    await request.put(`/api/events/${concert.ID}`, {
      headers: auth,
      data: { active_on_widget: true, transfering_allowed: true },
    }),
  );
  const detail = await ok<EventDetail>(await request.get(`/api/events/${concert.ID}`, { headers: auth }));
  const ga = detail.ticket_types.find((t) => t.name === 'General Admission')!;
  const promo = await ok<PromoCode>(
    await request.post('/api/promocodes', {
      headers: auth,
      data: {
        code: 'WIDGET20',
        percentage: 0.2,
        coupon_type: 'percentage',
        start_date: new Date(Date.now() - 86_400_000).toISOString(),
        end_date: new Date(0).toISOString(),
        partner_id: partner.id,
      },
    }),
  );
  await ok(
    await request.post(`/api/promocodes/${promo.ID}/attach`, { headers: auth, data: [{ id: ga.ID, quantity: -1 }] }),
  );
  return detail;
}

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  try {
    partner = await ownPartner(page.request);
    snippets = widgetSnippets(`http://localhost:${ports.portal}`, partner.id);
    partnerSite = await servePartnerSite((path) => hostBody(snippets)(path), hostStyle);
    site = partnerSite.origin;
    concertDetail = await concertWithPromo(page.request, await apiToken(page, partner));
  } finally {
    await page.close();
  }
});
test.afterAll(() => partnerSite?.server.close());

test('customises the widget, embeds it on another origin, sells with a promo, signs in by mail, transfers and resells', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInTo(page, partner);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/widget-customization$/);
  await expect(page.getByRole('heading', { name: 'Widget Customization' })).toBeVisible();

  // The website address decides who may embed the widget.
  const address = page.getByRole('textbox', { name: 'Website address' });
  await address.fill(site);
  await page.getByRole('button', { name: 'Save address' }).click();
  await confirmSaved(page);

  await page.getByRole('button', { name: 'Edit the primary colour' }).click();
  const picker = page.getByRole('dialog', { name: 'Primary brand colour' });
  await picker.getByRole('textbox', { name: 'Hex colour' }).fill('#C2185B');
  await picker.getByRole('button', { name: 'Save' }).click();
  await confirmSaved(page);
  await expect(page.getByLabel('Primary colour', { exact: true })).toHaveText('#C2185B');

  await page.getByRole('combobox', { name: 'Title font' }).fill('Playfair Disp');
  await page.getByRole('option', { name: 'Playfair Display', exact: true }).click();
  await confirmSaved(page);

  // The preview draws the chosen colour and font, with sample data only.
  await page.getByRole('button', { name: 'Preview widget' }).click();
  const preview = page.getByRole('dialog', { name: 'PREVIEW WIDGET' });
  const sample = preview.getByRole('article', { name: 'Summer Sounds Festival', exact: true });
  await expect(sample).toBeVisible();
  await expect(sample.getByRole('button', { name: 'Buy Tickets' })).toHaveCSS('background-color', 'rgb(194, 24, 91)');
  const titleFont = await sample.getByRole('heading').evaluate((el) => getComputedStyle(el).fontFamily);
  expect(titleFont).toContain('Playfair Display');
  await expect(sample.getByRole('heading')).toHaveCSS('font-weight', '800');
  await preview.getByRole('tab', { name: 'Sell and Transfer' }).click();
  await expect(preview.getByRole('button', { name: 'Transfer' })).toBeVisible();
  await preview.getByRole('tab', { name: 'Existing Tickets' }).click();
  await expect(preview.getByText('SAMPLE0001')).toBeVisible();
  await preview.getByRole('button', { name: 'Close preview' }).click();
  await expect(preview).toBeHidden();

  // The snippet, as shown in the portal, goes onto the partner's page.
  const snippet = (await page.getByLabel('Script snippet', { exact: true }).textContent())!;
  expect(snippet).toContain('/widget/widget.js');
  snippets = { script: snippet, iframe: (await page.getByLabel('Iframe snippet', { exact: true }).textContent())! };

  // The fan's browser is in Tokyo: the widget must still show the concert at its own local time.
  const fan = await (await browser.newContext({ timezoneId: 'Asia/Tokyo' })).newPage();
  await fan.goto(`${site}/`);
  const concert = fan.getByRole('article', { name: 'Saltwater Sessions', exact: true });
  const buyButton = concert.getByRole('button', { name: 'Buy Tickets' });
  await expect(buyButton).toHaveCSS('background-color', 'rgb(194, 24, 91)');
  // No style crosses the shadow root either way.
  await expect(concert.getByRole('heading')).not.toHaveCSS('color', 'rgb(255, 0, 0)');
  await expect(fan.locator('#host-button')).toHaveCSS('background-color', 'rgb(0, 128, 0)');
  await buyButton.click();
  await fan.getByLabel('General Admission quantity').fill('2');
  await fan.getByLabel('Promo code').fill('WIDGET20');
  await fan.getByLabel('Full name').fill(buyer.name);
  await fan.getByLabel('Email').fill(buyer.email);
  await fan.getByLabel('Card number').fill('4242 4242 4242 4242');
  await fan.getByRole('button', { name: 'Pay' }).click();
  await expect(fan.getByText(`Thank you, ${buyer.name}!`)).toBeVisible();
  // $45 less 20 %, twice.
  await expect(fan.getByText('You paid $72.00 for 2 ticket(s) to Saltwater Sessions.')).toBeVisible();

  // The order and the buyer reach the portal.
  const token = await apiToken(page, partner);
  const auth = { authorization: `Bearer ${token}` };
  const orders = (
    await (await page.request.get(`/api/orders?search=${buyer.email}&date=all_time`, { headers: auth })).json()
  ).data;
  expect(orders.data).toEqual([
    expect.objectContaining({ events_name: 'Saltwater Sessions', quantity: 2, price: 72, status: 'completed' }),
  ]);
  const fans = (
    await (await page.request.get(`/api/partners/${partner.id}/fans?search=Wren`, { headers: auth })).json()
  ).data;
  expect(fans.data).toEqual([expect.objectContaining({ email: buyer.email, full_name: buyer.name })]);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Orders' }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(buyer.email);
  const orderRows = page.getByRole('table', { name: 'Orders' }).getByRole('row');
  await expect(orderRows).toHaveCount(2);
  await expect(orderRows.nth(1)).toContainText('Saltwater Sessions');

  // The buyer signs in by the mailed link, which comes back to the partner's page.
  await fan.getByRole('tab', { name: 'Existing Tickets' }).click();
  await fan.getByLabel('Email').fill(buyer.email);
  await fan.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(fan.getByText(`We sent a sign-in link to ${buyer.email}.`, { exact: false })).toBeVisible();
  await fan.goto(await mailedWidgetLink(buyer.email));
  await fan.getByRole('button', { name: 'Continue' }).click();
  await expect(fan).toHaveURL(`${site}/`);
  await expect(fan.getByRole('tab', { name: 'Existing Tickets' })).toHaveAttribute('aria-selected', 'true');
  await expect(fan.getByRole('article', { name: 'Saltwater Sessions General Admission' })).toHaveCount(2);
  const concertStart = concertDetail.event_days[0]!.start_date;
  const held = fan.getByRole('article', { name: 'Saltwater Sessions General Admission' }).first();
  await expect(held).toContainText(whenIn(concertStart, concertDetail.time_zone));
  await expect(held).not.toContainText(whenIn(concertStart, 'Asia/Tokyo'));
  const heldCodes = await fan
    .getByRole('article', { name: 'Saltwater Sessions General Admission' })
    .locator('.code')
    .allTextContents();

  // Sell and Transfer shows each ticket's code, and a transfer confirms what moved and to whom.
  await fan.getByRole('tab', { name: 'Sell and Transfer' }).click();
  const first = fan.getByRole('article', { name: 'Saltwater Sessions General Admission' }).first();
  await expect(first).toContainText(whenIn(concertStart, concertDetail.time_zone));
  const code = (await first.locator('.code').textContent())!;
  expect(heldCodes).toContain(code);
  await first.getByRole('button', { name: 'Transfer' }).click();
  await first.getByLabel('Recipient email').fill(friend.email);
  await first.getByLabel('Recipient name').fill(friend.name);
  await first.getByRole('button', { name: 'Transfer ticket' }).click();
  const confirmed = fan.getByRole('status').filter({ hasText: 'transferred to' });
  await expect(confirmed).toContainText(
    `Ticket ${code} (General Admission, Saltwater Sessions) transferred to ${friend.name} (${friend.email}).`,
  );
  await expect(confirmed).toBeFocused();
  await expect(fan.getByRole('article', { name: 'Saltwater Sessions General Admission' })).toHaveCount(1);
  await fan.getByRole('tab', { name: 'Existing Tickets' }).click();
  const left = fan.getByRole('article', { name: 'Saltwater Sessions General Admission' });
  await expect(left).toHaveCount(1);
  await expect(left.locator('.code')).not.toHaveText(code);

  // The other ticket goes up for resale, and another visitor buys it on the partner's page.
  await fan.getByRole('tab', { name: 'Sell and Transfer' }).click();
  const kept = fan.getByRole('article', { name: 'Saltwater Sessions General Admission' });
  await kept.getByRole('button', { name: 'Sell' }).click();
  await kept.getByLabel('Price (USD)').fill('50');
  await kept.getByRole('button', { name: 'List for sale' }).click();
  await expect(fan.getByText('Your ticket is listed for sale.')).toBeVisible();
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`${site}/`);
  await visitor
    .getByRole('article', { name: 'Resale: Saltwater Sessions General Admission' })
    .getByRole('button', { name: 'Buy resale ticket' })
    .click();
  await visitor.getByLabel('Full name').fill('Vic Visitor');
  await visitor.getByLabel('Email').fill(`vic-${Date.now()}@fans.test`);
  await visitor.getByLabel('Card number').fill('4242424242424242');
  await visitor.getByRole('button', { name: 'Pay $50.00' }).click();
  await expect(
    visitor.getByText('The General Admission ticket to Saltwater Sessions is yours.', { exact: false }),
  ).toBeVisible();

  // The transfer and the resale are in the buyer's fan history.
  const fanId = fans.data[0].ID;
  const history = (
    await (await page.request.get(`/api/analytics/fandata/${partner.id}/${fanId}`, { headers: auth })).json()
  ).data;
  expect(history.TicketHistory.Transfers).toEqual([
    expect.objectContaining({ Event: 'Saltwater Sessions', TicketType: 'General Admission' }),
  ]);
  expect(history.TicketHistory.Transfers[0].TransferedTo).toMatch(/Fox Friend|fox-/);
  expect(history.TicketHistory.TicketsSolds).toEqual([
    expect.objectContaining({ Event: 'Saltwater Sessions', TicketType: 'General Admission', Price: 50 }),
  ]);
  await nav.getByRole('link', { name: 'Fan Database' }).click();
  await page.getByRole('textbox', { name: 'Filter by fan' }).fill(buyer.name);
  await page.getByRole('link', { name: `View ${buyer.name}` }).click();
  await expect(page.getByRole('heading', { name: buyer.email })).toBeVisible();
  await page.getByRole('tab', { name: 'Transfers' }).click();
  await expect(page.getByRole('table', { name: 'Transfers' }).getByRole('row').nth(1)).toContainText(
    'Saltwater Sessions',
  );
});

test.describe('on the partner site saved as its website', () => {
  // The first test saves the address on the settings screen; without it (another worker), the API does.
  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    try {
      const auth = { authorization: `Bearer ${await apiToken(page, partner)}` };
      const saved = await page.request.patch(`/api/partners/${partner.id}/widget`, {
        headers: auth,
        data: { website_url: site },
      });
      expect(saved.ok(), await saved.text()).toBe(true);
    } finally {
      await page.close();
    }
  });

  test('the iframe snippet works on the saved site, and neither snippet works on another origin', async ({ page }) => {
    // The frame's own policy lets the widget do all it does: show the events and sell a ticket.
    const violations: string[] = [];
    const onConsole = (m: { text(): string }) => {
      if (m.text().includes('Content Security Policy')) violations.push(m.text());
    };
    page.on('console', onConsole);
    await page.goto(`${site}/iframe`);
    const frame = page.frameLocator('iframe');
    const concert = frame.getByRole('article', { name: 'Saltwater Sessions', exact: true });
    await expect(concert).toBeVisible();
    await concert.getByRole('button', { name: 'Buy Tickets' }).click();
    await frame.getByLabel('General Admission quantity').fill('1');
    await frame.getByLabel('Full name').fill('Iris Frame');
    await frame.getByLabel('Email').fill(`iris-${Date.now()}@fans.test`);
    await frame.getByLabel('Card number').fill('4242 4242 4242 4242');
    await frame.getByRole('button', { name: 'Pay' }).click();
    await expect(frame.getByText('Thank you, Iris Frame!')).toBeVisible();
    page.off('console', onConsole);
    expect(violations).toEqual([]);

    // 127.0.0.1 is not the saved origin (localhost): the API refuses it and the frame may not be drawn there.
    const elsewhere = site.replace('localhost', '127.0.0.1');
    await page.goto(`${elsewhere}/`);
    await expect(
      page.getByText(
        `Tickets are unavailable. This ticket shop only works on ${site}: the website address does not match.`,
      ),
    ).toBeVisible();
    const refused = page.waitForEvent('console', (m) => m.text().includes('frame-ancestors'));
    await page.goto(`${elsewhere}/iframe`);
    await refused;
  });

  test('lists the events soonest first, whatever order they were made in', async ({ page }) => {
    const auth = { authorization: `Bearer ${await apiToken(page, partner)}` };
    const groups = (
      await (await page.request.get(`/api/events?partner_id=${partner.id}&ordered=true`, { headers: auth })).json()
    ).data as EventsByPeriod;
    // Made after the festival, on two months before it: by id it would come last of the three.
    const tours = groups.flatMap((g) => g.events).find((e) => e.name === 'Lighthouse Night Tours')!;
    const put = (active: boolean) =>
      page.request.put(`/api/events/${tours.ID}`, { headers: auth, data: { active_on_widget: active } });
    expect((await put(true)).ok()).toBe(true);
    try {
      const listed = (await (await page.request.get(`/api/public/partners/${partner.id}/events`)).json())
        .data as PublicEvent[];
      const soonestFirst = [...listed]
        .sort((a, b) => a.days[0]!.start_date.localeCompare(b.days[0]!.start_date) || a.ID - b.ID)
        .map((e) => e.name);
      expect(soonestFirst).toEqual(expect.arrayContaining(['Lighthouse Night Tours', 'Harbour Lights Festival']));
      expect(soonestFirst.indexOf('Lighthouse Night Tours')).toBeLessThan(
        soonestFirst.indexOf('Harbour Lights Festival'),
      );

      await page.goto(`${site}/`);
      await expect(page.getByRole('article', { name: 'Lighthouse Night Tours', exact: true })).toBeVisible();
      const shown = await page
        .getByRole('article')
        .evaluateAll((cards) =>
          cards.map((c) => c.getAttribute('aria-label')!).filter((n) => !n.startsWith('Resale:')),
        );
      expect(shown).toEqual(soonestFirst);
    } finally {
      if (!tours.active_on_widget) await put(false);
    }
  });

  test('marks a refunded ticket as refunded, and offers it neither for sale nor for transfer', async ({ page }) => {
    const fanEmail = `rita-${Date.now()}@fans.test`;
    const auth = { authorization: `Bearer ${await apiToken(page, partner)}` };
    const concert = (
      (await (await page.request.get(`/api/public/partners/${partner.id}/events`)).json()).data as PublicEvent[]
    ).find((e) => e.name === 'Saltwater Sessions')!;
    const bought = await page.request.post('/api/public/checkout', {
      data: {
        partner_id: partner.id,
        event_id: concert.ID,
        event_day_id: concert.days[0]!.ID,
        items: [{ ticket_type_id: concert.ticket_types.find((t) => t.name === 'General Admission')!.ID, quantity: 2 }],
        buyer: { email: fanEmail, full_name: 'Rita Refund' },
        payment_method: '4242424242424242',
      },
    });
    expect(bought.ok(), await bought.text()).toBe(true);
    const [refunded, kept] = ((await bought.json()).data as CheckoutResult).tickets;
    const refund = await page.request.post('/api/financial/refund', {
      headers: auth,
      data: { ticket_ids: [refunded!.ID], amount: 10 },
    });
    expect(refund.ok(), await refund.text()).toBe(true);

    // The holder signs in on the partner's page, as a fan does.
    const asked = await page.request.post(`/api/public/partners/${partner.id}/widget/sign-in-link`, {
      data: { email: fanEmail, return_url: `${site}/` },
    });
    expect(asked.ok()).toBe(true);
    await page.goto(await mailedWidgetLink(fanEmail));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('tab', { name: 'Existing Tickets' })).toHaveAttribute('aria-selected', 'true');
    const gone = page.getByRole('article', { name: 'Saltwater Sessions General Admission, Refunded' });
    await expect(gone).toContainText('Refunded');
    await expect(gone).toContainText(`Code ${refunded!.code}`);
    await expect(gone).toContainText('This ticket was refunded: its code no longer gets anyone in.');
    await expect(gone.locator('.code')).toHaveCSS('text-decoration-line', 'line-through');
    await expect(page.getByRole('article', { name: 'Saltwater Sessions General Admission' })).toHaveCount(2);
    await expect(gone.getByRole('img')).toHaveCount(0);

    // The valid ticket shows the QR code of its signed pass, as a scanner at the gate reads it, and its PDF.
    const valid = page.getByRole('article', { name: 'Saltwater Sessions General Admission' }).filter({
      hasText: kept!.code,
    });
    const qr = valid.getByRole('img', { name: `QR code of ticket ${kept!.code}` });
    const pass = parseTicketPass(readQrPng(await qr.screenshot()) ?? '');
    expect(pass).toMatchObject({ eventId: concert.ID, code: kept!.code });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      valid.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`ticket-${kept!.code}.pdf`);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // The widget, not the host page's own deliberately clashing button.
    await expectAccessible(page, { exclude: ['#host-button'] });

    await page.getByRole('tab', { name: 'Sell and Transfer' }).click();
    const movable = page.getByRole('article', { name: 'Saltwater Sessions General Admission' });
    await expect(movable).toHaveCount(1);
    await expect(movable).toContainText(`Code ${kept!.code}`);
    await expect(page.getByText(refunded!.code)).toHaveCount(0);
  });
});

test('warns the partner, without stopping them, when brand colours make the widget hard to read', async ({ page }) => {
  const auth = { authorization: `Bearer ${await apiToken(page, partner)}` };
  const settings = await page.request.get(`/api/partners/${partner.id}/widget`, { headers: auth });
  const before = ((await settings.json()) as { data: WidgetSettings }).data.primary_brand_color;
  await signInTo(page, partner);
  await page.goto('/widget-customization');
  try {
    await page.getByRole('button', { name: 'Edit the primary colour' }).click();
    const picker = page.getByRole('dialog', { name: 'Primary brand colour' });
    await picker.getByRole('textbox', { name: 'Hex colour' }).fill('#FFEB3B');
    await expect(picker.getByRole('note')).toContainText(
      'White button text on the primary colour (#FFFFFF on #FFEB3B): 1.2:1',
    );
    await picker.getByRole('button', { name: 'Save' }).click();
    await confirmSaved(page);
    const warning = page.getByRole('status').filter({ hasText: 'Some text in the widget may be hard to read' });
    await expect(warning).toContainText('Links in the primary colour on white (#FFEB3B on #FFFFFF): 1.2:1');
    await expect(page.getByLabel('Primary colour', { exact: true })).toHaveText('#FFEB3B');
    await expectAccessible(page);
  } finally {
    await page.request.patch(`/api/partners/${partner.id}/widget`, {
      headers: auth,
      data: { primary_brand_color: before },
    });
  }
});
