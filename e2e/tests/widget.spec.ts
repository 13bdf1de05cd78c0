import { expect, test } from '@playwright/test';
import { formatWeekdayInZone, type EventDetail, type WidgetSettings } from '@portal/contract';
import { expectAccessible } from '../support/axe.ts';
import { apiToken, signInTo, type OwnPartner } from './fixtures.ts';
import { confirmSaved, mailedWidgetLink, widgetPartner, type WidgetPartner } from './widget-partner.ts';

const buyer = { name: 'Wren Widget', email: `wren-${Date.now()}@fans.test` };
const friend = { name: 'Fox Friend', email: `fox-${Date.now()}@fans.test` };

let world: WidgetPartner;
let partner: OwnPartner;
/** The partner's origin. */
let site = '';
let concertDetail: EventDetail;

test.beforeAll(async ({ browser }) => {
  world = await widgetPartner(browser);
  ({ partner, origin: site, concert: concertDetail } = world);
});
test.afterAll(() => world?.site.server.close());

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
  world.snippets = {
    script: snippet,
    iframe: (await page.getByLabel('Iframe snippet', { exact: true }).textContent())!,
  };

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
  await expect(held).toContainText(formatWeekdayInZone(concertStart, concertDetail.time_zone));
  await expect(held).not.toContainText(formatWeekdayInZone(concertStart, 'Asia/Tokyo'));
  const heldCodes = await fan
    .getByRole('article', { name: 'Saltwater Sessions General Admission' })
    .locator('.code')
    .allTextContents();

  // Sell and Transfer shows each ticket's code, and a transfer confirms what moved and to whom.
  await fan.getByRole('tab', { name: 'Sell and Transfer' }).click();
  const first = fan.getByRole('article', { name: 'Saltwater Sessions General Admission' }).first();
  await expect(first).toContainText(formatWeekdayInZone(concertStart, concertDetail.time_zone));
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
