import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { partnerApi, signInTo } from './fixtures.ts';
import { draftTheatre } from './seat-map-editor.ts';
import { widgetPartner, type WidgetPartner } from './widget-partner.ts';

let world: WidgetPartner;
test.beforeAll(async ({ browser }) => {
  world = await widgetPartner(browser);
  const page = await browser.newPage();
  try {
    await (
      await partnerApi(page, world.partner)
    )('PATCH', `/api/partners/${world.partner.id}/widget`, {
      website_url: world.origin,
    });
  } finally {
    await page.close();
  }
});
test.afterAll(() => world?.site.server.close());

test('a theatre drawn in the editor sells two adjacent seats through the widget, sold on the summary map and in orders', async ({
  page,
  browser,
}) => {
  // The editor, the portal's seating tab, a phone buying on the partner's site, then the portal again.
  test.setTimeout(120_000);
  await signInTo(page, world.partner);
  await draftTheatre(page);
  await page.getByRole('button', { name: 'Save seat map' }).click();
  await expect(page.getByText('Seat map saved')).toBeVisible();

  // The demo concert sells its General Admission from the theatre's Standard seats.
  await page.goto(`/event-summary/${world.concert.ID}?tab=seating`);
  await page.getByRole('combobox', { name: 'Seat map' }).click();
  await page.getByRole('option', { name: /^Main house/ }).click();
  await page.getByRole('combobox', { name: 'Ticket type General Admission category' }).click();
  await page.getByRole('option', { name: 'Standard' }).click();
  await page.getByRole('button', { name: 'Save seating' }).click();
  await expect(page.getByText('Seating saved')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Stalls, row A, seat 1, free', exact: true })).toBeVisible();

  // A buyer on the partner's own site picks row A's first two seats on the map.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const buyer = await phone.newPage();
  try {
    await buyer.goto(`${world.origin}/`);
    const concert = buyer.getByRole('article', { name: 'Saltwater Sessions', exact: true });
    await concert.getByRole('button', { name: 'Buy Tickets' }).click();
    const seat = (name: string) => buyer.getByRole('checkbox', { name: new RegExp(`^Stalls, row A, seat ${name},`) });
    // Closer, as on a phone, then the map dragged right to bring the row's start into view.
    await buyer.getByRole('button', { name: 'Zoom in' }).click();
    const map = (await buyer.getByRole('group', { name: 'Seat map' }).boundingBox())!;
    await buyer.mouse.move(map.x + map.width / 2, map.y + map.height / 2);
    await buyer.mouse.down();
    await buyer.mouse.move(map.x + map.width / 2 + 250, map.y + map.height / 2 + 250, { steps: 10 });
    await buyer.mouse.up();
    await seat('1').click();
    await seat('2').click();
    await expect(buyer.getByText('2 seats chosen: Stalls row A seat 1; Stalls row A seat 2.')).toBeVisible();
    // The partner's own button, in the partner's colours, is not ours to judge.
    await expectAccessible(buyer, { exclude: ['#host-button'] });
    await buyer.getByRole('button', { name: 'Continue with 2 seats' }).click();
    await expect(buyer.getByRole('timer')).toContainText('Your seats are held for you for');
    const mine = buyer.getByRole('list', { name: 'Your seats' });
    await expect(mine).toContainText('Stalls row A seat 1');
    await expect(mine).toContainText('Stalls row A seat 2');
    await buyer.getByLabel('Full name').fill('Viola Hart');
    await buyer.getByLabel('Email').fill(`viola-${Date.now()}@fans.test`);
    await buyer.getByLabel('Card number').fill('4242 4242 4242 4242');
    await buyer.getByRole('button', { name: 'Pay' }).click();
    const thanks = buyer.getByRole('status').filter({ hasText: 'Thank you, Viola Hart!' });
    await expect(thanks).toContainText('General Admission, Stalls, row A, seat 1:');
    await expect(thanks).toContainText('General Admission, Stalls, row A, seat 2:');
  } finally {
    await phone.close();
  }

  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Stalls, row A, seat 1, sold', exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Stalls, row A, seat 2, sold', exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Stalls, row A, seat 3, free', exact: true })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
  const order = page.getByRole('row', { name: /Viola Hart/ });
  await expect(order).toContainText('Stalls, row A, seat 1; Stalls, row A, seat 2');
});
