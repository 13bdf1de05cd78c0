import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { mailed, signInTo } from './fixtures.ts';

test.describe.configure({ mode: 'serial' });

const run = Date.now().toString(36);
const buyer = { email: `fan-${run}@fans.test`, full_name: `Quinn Fanshawe${run}` };

/** A purchase of three tickets of one type through the public checkout, as the widget makes it. */
async function buyThreeTickets(page: Page) {
  const events = (await (await page.request.get('/api/public/partners/1/events')).json()).data as {
    ID: number;
    name: string;
    days: { ID: number; left: number | null }[];
    ticket_types: { ID: number; left: number; price: number }[];
  }[];
  const event = events.find((e) => e.ticket_types.some((t) => t.left >= 3 && t.price > 0))!;
  const type = event.ticket_types.find((t) => t.left >= 3 && t.price > 0)!;
  const res = await page.request.post('/api/public/checkout', {
    data: {
      partner_id: 1,
      event_id: event.ID,
      event_day_id: event.days.find((d) => d.left === null || d.left >= 3)!.ID,
      items: [{ ticket_type_id: type.ID, quantity: 3 }],
      buyer,
      payment_method: '4242424242424242',
    },
  });
  expect(res.ok()).toBe(true);
  return event.name;
}

let eventName = '';

async function openFan(page: Page) {
  await signInTo(page, 'Harbour Lights Live');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Fan Database' }).click();
  await page.getByRole('textbox', { name: 'Filter by fan' }).fill(buyer.full_name.toUpperCase());
  const fans = page.getByRole('table', { name: 'Fans' });
  await expect(fans.getByRole('row')).toHaveCount(2);
  await expect(fans.getByRole('row').nth(1)).toContainText(buyer.email);
  await fans.getByRole('link', { name: `View ${buyer.full_name}` }).click();
  await expect(page.getByRole('heading', { name: buyer.email })).toBeVisible();
}

test('filters the fan database by name and adds a note to a fan', async ({ page }) => {
  eventName = await buyThreeTickets(page);
  await openFan(page);
  await expect(page.getByText('Quinn', { exact: true })).toBeVisible();
  const purchases = page.getByRole('table', { name: 'Purchases' });
  await expect(purchases).toContainText(eventName);
  await expect(purchases).toContainText('completed');

  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  const note = `Prefers aisle seats <b>${run}</b>`;
  await page.getByRole('textbox', { name: 'Add a note' }).fill(note);
  await submit.click();
  await expect(page.getByText(note)).toBeVisible();
  await expect(page.getByText('demo@partnerportal.test').first()).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.reload();
  await expect(page.getByText(note)).toBeVisible();
  await page.getByRole('button', { name: 'View More' }).click();
  await expect(page.getByRole('dialog', { name: 'Notes' }).getByText(note)).toBeVisible();
});

test('confirms a fan’s identity with the PIN the fan received', async ({ page }) => {
  await openFan(page);
  await page.getByRole('button', { name: 'Confirm identity' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm identity' });
  await expect(dialog.getByRole('radio', { name: 'Mobile number' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog).toContainText('A PIN was sent to f•••@fans.test');
  const first = await mailed(buyer.email, /PIN is (\d{6})/);
  await dialog.getByRole('button', { name: 'Send Another Pin' }).click();
  await expect.poll(() => mailed(buyer.email, /PIN is (\d{6})/)).not.toBe(first);
  const pin = await mailed(buyer.email, /PIN is (\d{6})/);
  await dialog.locator('input').first().click();
  await page.keyboard.type(pin);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const confirmed = page.getByRole('dialog', { name: 'Identity confirmed' });
  await expect(confirmed).toBeVisible();
  await confirmed.getByRole('button', { name: 'Dismiss' }).click();
  await expect(confirmed).toBeHidden();
});

test('searches orders by e-mail and event, pages them and downloads the Bookings CSV', async ({ page }) => {
  await signInTo(page, 'Harbour Lights Live');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
  const table = page.getByRole('table', { name: 'Orders' });
  await expect(table.getByRole('row').first()).toBeVisible();
  const search = page.getByRole('textbox', { name: 'Search' });
  await search.fill(buyer.email);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(buyer.full_name);

  await page.getByRole('combobox', { name: 'Date range' }).click();
  await page.getByRole('option', { name: 'All time' }).click();
  await search.fill('');
  const shownTotal = async () => Number((await page.getByText(/^[\d,]+ orders$/).innerText()).replace(/\D/g, ''));
  await expect.poll(shownTotal).toBeGreaterThan(20);
  const total = await shownTotal();
  await expect(table.getByRole('row')).toHaveCount(21);
  await page.getByRole('combobox', { name: 'Rows per page' }).click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  await expect(table.getByRole('row')).toHaveCount(11);
  const firstPage = await table.getByRole('row').nth(1).innerText();
  await page.getByRole('button', { name: 'next page' }).click();
  await expect(table.getByRole('row').nth(1)).not.toHaveText(firstPage);

  await search.fill(eventName);
  await expect(page.getByText(/^[\d,]+ orders$/)).not.toHaveText(`${total.toLocaleString('en-US')} orders`);
  const matching = await shownTotal();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Bookings CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^bookings-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await file.path())!, 'utf8')).trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'Order ID,Purchased at,Event,Event date,Ticket type,Quantity,Unit price,Total,Status,Buyer name,Buyer email,Promo code',
  );
  expect(lines).toHaveLength(matching + 1);
  expect(lines.slice(1).every((l) => l.includes(eventName))).toBe(true);
  expect(lines.some((l) => l.includes(buyer.email))).toBe(true);
});

test('refunds two tickets and shows them refunded in the fan’s history and in orders', async ({ page }) => {
  await openFan(page);
  await page.getByRole('button', { name: 'Refund ticket' }).click();
  await expect(page.getByRole('heading', { name: `Refund tickets of ${buyer.full_name}` })).toBeVisible();
  await page.getByRole('link', { name: `${eventName}: 3 tickets` }).click();
  const tickets = page.getByRole('table', { name: 'Tickets' });
  await expect(tickets.getByRole('row')).toHaveCount(4);
  const boxes = tickets.getByRole('checkbox', { name: /^Choose ticket/ });
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await page.getByRole('button', { name: 'Refund 2 Tickets' }).click();
  const modal = page.getByRole('dialog', { name: 'Refund 2 Tickets' });
  await expect(modal.getByText('Total refund:')).toBeVisible();
  await modal.getByRole('button', { name: 'Refund' }).click();
  const done = page.getByRole('dialog', { name: 'Tickets refunded' });
  await expect(done).toContainText('2 tickets were refunded');
  await done.getByRole('button', { name: 'Back to list' }).click();
  await expect(page.getByRole('link', { name: `${eventName}: 1 ticket`, exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Back to fan' }).click();
  const purchases = page.getByRole('table', { name: 'Purchases' });
  await expect(purchases.getByRole('row').filter({ hasText: 'refunded' })).toContainText('× 2');
  await expect(purchases.getByRole('row').filter({ hasText: 'completed' })).toHaveCount(1);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(buyer.email);
  const orders = page.getByRole('table', { name: 'Orders' });
  await expect(orders.getByRole('row')).toHaveCount(3);
  await expect(orders.getByRole('row').filter({ hasText: 'refunded' })).toHaveCount(1);
  await expect(orders.getByRole('row').filter({ hasText: 'completed' })).toHaveCount(1);
});
