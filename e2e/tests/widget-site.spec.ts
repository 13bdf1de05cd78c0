import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { parseTicketPass, type CheckoutResult, type EventsByPeriod, type PublicEvent } from '@portal/contract';
import { expectAccessible } from '../support/axe.ts';
import { readQrPng } from '../support/qr.ts';
import { apiToken, type OwnPartner } from './fixtures.ts';
import { mailedWidgetLink, widgetPartner, type WidgetPartner } from './widget-partner.ts';

let world: WidgetPartner;
let partner: OwnPartner;
/** The partner's origin. */
let site = '';

test.beforeAll(async ({ browser }) => {
  world = await widgetPartner(browser);
  ({ partner, origin: site } = world);
});
test.afterAll(() => world?.site.server.close());

test.describe('on the partner site saved as its website', () => {
  // widget.spec.ts saves the address on the settings screen; here the API does.
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
