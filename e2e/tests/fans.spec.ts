import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { PublicEvent } from '@portal/contract';
import { eventOnSale, mailed, mailedLink, ownPartner, partnerApi, signInTo, type OwnPartner } from './fixtures.ts';

/** This spec's own organization, with the demo's orders, made once in each worker that runs its tests. */
let partner: OwnPartner;
test.beforeAll(async ({ request }) => {
  partner = await ownPartner(request, { sales: true });
  eventName = await buyThreeTickets(request);
});

const run = Date.now().toString(36);
const buyer = { email: `fan-${run}@fans.test`, full_name: `Quinn Fanshawe${run}` };

/** A purchase of three tickets of one type through the public checkout, as the widget makes it. */
async function buyThreeTickets(request: APIRequestContext) {
  const events = (await (await request.get(`/api/public/partners/${partner.id}/events`)).json()).data as PublicEvent[];
  const event = events.find((e) => e.ticket_types.some((t) => t.left >= 3 && t.price > 0))!;
  const type = event.ticket_types.find((t) => t.left >= 3 && t.price > 0)!;
  const res = await request.post('/api/public/checkout', {
    data: {
      partner_id: partner.id,
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
  await signInTo(page, partner);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Fan Database' }).click();
  await page.getByRole('textbox', { name: 'Filter by fan' }).fill(buyer.full_name.toUpperCase());
  const fans = page.getByRole('table', { name: 'Fans' });
  await expect(fans.getByRole('row')).toHaveCount(2);
  await expect(fans.getByRole('row').nth(1)).toContainText(buyer.email);
  await fans.getByRole('link', { name: `View ${buyer.full_name}` }).click();
  await expect(page.getByRole('heading', { name: buyer.email })).toBeVisible();
}

test('filters the fan database by name and adds a note to a fan', async ({ page }) => {
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
  await expect(page.getByText(partner.admin.email).first()).toBeVisible();
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
  await signInTo(page, partner);
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
    'Order ID,Purchased at,Event,Event date,Ticket type,Quantity,Unit price,Total,Status,Buyer name,Buyer email,Promo code,Seats',
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

test.describe('in a browser far from the event', () => {
  // Tokyo is a day ahead of an evening show in Los Angeles: every date must read as the event's own.
  test.use({ timezoneId: 'Asia/Tokyo' });
  const LA = 'America/Los_Angeles';
  const giver = { email: `giver-${run}@fans.test`, full_name: `Gil Giver${run}` };
  const recipient = { email: `taker-${run}@fans.test`, full_name: `Tia Taker${run}` };

  /** A fan's own session, from the sign-in link mailed to them, as the widget's holder calls use. */
  async function holderApi(page: Page, email: string) {
    const post = async (url: string, data: unknown, token?: string) => {
      const res = await page.request.post(url, { data, headers: token ? { authorization: `Bearer ${token}` } : {} });
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()).data;
    };
    await post('/api/identity/sign-in-link', { email });
    const oobCode = new URL(await mailedLink(email)).searchParams.get('oobCode');
    const { id_token } = await post('/api/identity/sign-in-with-code', { oobCode });
    const { access_token } = await post('/api/login', { firebase_id: id_token });
    return { post: (url: string, data: unknown) => post(url, data, access_token), token: access_token as string };
  }

  test('a transfer shows in the recipient’s history, and a refund’s amount and date on its order', async ({ page }) => {
    const call = await partnerApi(page, partner);
    // Tuesday December 14, 2027, 8 pm in Los Angeles: Wednesday afternoon in Tokyo.
    const show = await eventOnSale(
      call,
      partner,
      {
        name: `Pier Farewell ${run}`,
        timeZone: LA,
        start: '2027-12-15T04:00:00.000Z',
        end: '2027-12-15T06:00:00.000Z',
        ticketType: 'Deck',
        amount: 20,
      },
      { transfers: true },
    );
    const eventId = show.id;
    const bought = await page.request.post('/api/public/checkout', {
      data: {
        partner_id: partner.id,
        event_id: eventId,
        event_day_id: show.dayId,
        items: [{ ticket_type_id: show.typeId, quantity: 2 }],
        buyer: giver,
        payment_method: '4242424242424242',
      },
    });
    expect(bought.ok(), await bought.text()).toBe(true);

    const holder = await holderApi(page, giver.email);
    const held = (await (
      await page.request.get('/api/holder/tickets', { headers: { authorization: `Bearer ${holder.token}` } })
    ).json()) as { data: { ID: number; event_id: number }[] };
    const [given, refunded] = held.data.filter((t) => t.event_id === eventId);
    await holder.post(`/api/holder/tickets/${given!.ID}/transfer`, recipient);
    await call('POST', '/api/financial/refund', { ticket_ids: [refunded!.ID], amount: 15, description: '' });

    const fanId = async (name: string) =>
      (await call('GET', `/api/partners/${partner.id}/fans?search=${encodeURIComponent(name)}`)).data[0].ID as number;
    await signInTo(page, partner);
    await page.goto(`/fan-history/${await fanId(recipient.full_name)}`);
    await expect(page.getByRole('heading', { name: recipient.email })).toBeVisible();
    await page.getByRole('tab', { name: 'Transfers' }).click();
    const received = page.getByRole('table', { name: 'Transfers' }).getByRole('row').nth(1);
    await expect(received).toContainText(`Pier Farewell ${run}`);
    await expect(received).toContainText('Dec 14, 2027');
    await expect(received).not.toContainText('Dec 15, 2027');
    await expect(received).toContainText(giver.email);
    await expect(received).toContainText(recipient.email);
    await expect(received).toContainText(/P[SD]T.*Deck.*P[SD]T/);

    // The refunded line says what went back and when, in Los Angeles time, not Tokyo's.
    const refundNote = /\$15\.00 refunded on [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M P[SD]T/;
    await page.goto(`/fan-history/${await fanId(giver.full_name)}`);
    const purchases = page.getByRole('table', { name: 'Purchases' });
    const refundedRow = purchases.getByRole('row').filter({ hasText: 'refunded' });
    await expect(refundedRow).toContainText('Dec 14, 2027, 8:00 PM PST');
    await expect(refundedRow).toContainText('$25.00');
    await expect(refundedRow).toContainText(refundNote);
    await expect(purchases.getByRole('row').filter({ hasText: 'completed' })).not.toContainText('refunded on');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('textbox', { name: 'Search' }).fill(giver.email);
    const orders = page.getByRole('table', { name: 'Orders' });
    await expect(orders.getByRole('row')).toHaveCount(3);
    await expect(orders.getByRole('row').filter({ hasText: 'refunded' })).toContainText(refundNote);
    await expect(orders.getByRole('row').filter({ hasText: 'completed' })).toContainText(/P[SD]T/);
    await expect(orders).not.toContainText('GMT+9');
  });
});
