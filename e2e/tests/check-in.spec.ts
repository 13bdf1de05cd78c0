import { writeFileSync } from 'node:fs';
import { chromium, expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { CheckoutResult, HolderTicket, PublicEvent } from '@portal/contract';
import qrcode from 'qrcode-generator';
import { expectAccessible } from '../support/axe.ts';
import { chromiumArgs, chromiumPath } from '../support/chromium.ts';
import { mailedLink, signInTo } from './fixtures.ts';
import { whenIn } from '../support/when.ts';

const holder = { name: 'Gina Gate', email: `gina-${Date.now()}@fans.test` };

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** Three Day Passes for the festival's second day, bought on the widget's checkout; answers the day. */
async function buyDayPasses(request: APIRequestContext) {
  const events = await data<PublicEvent[]>(await request.get('/api/public/partners/1/events'));
  const festival = events.find((e) => e.name === 'Harbour Lights Festival')!;
  const day = [...festival.days].sort((a, b) => a.start_date.localeCompare(b.start_date))[1]!;
  await data<CheckoutResult>(
    await request.post('/api/public/checkout', {
      data: {
        partner_id: 1,
        event_id: festival.ID,
        event_day_id: day.ID,
        items: [{ ticket_type_id: festival.ticket_types.find((t) => t.name === 'Day Pass')!.ID, quantity: 3 }],
        buyer: { email: holder.email, full_name: holder.name },
        payment_method: '4242424242424242',
      },
    }),
  );
  return { eventId: festival.ID, timeZone: festival.time_zone, day };
}

/** The holder's tickets with their signed passes, read as the fan's widget reads them after a mailed sign-in. */
async function holderTickets(request: APIRequestContext) {
  await data(await request.post('/api/identity/sign-in-link', { data: { email: holder.email } }));
  const oobCode = new URL(await mailedLink(holder.email)).searchParams.get('oobCode');
  const { id_token } = await data<{ id_token: string }>(
    await request.post('/api/identity/sign-in-with-code', { data: { oobCode } }),
  );
  const { access_token } = await data<{ access_token: string }>(
    await request.post('/api/login', { data: { firebase_id: id_token } }),
  );
  const tickets = await data<HolderTicket[]>(
    await request.get('/api/holder/tickets', { headers: { authorization: `Bearer ${access_token}` } }),
  );
  return tickets.filter((t) => t.event_name === 'Harbour Lights Festival' && t.pass);
}

/**
 * A camera's video of `text` as a QR code, in the format Chromium's fake camera plays (YUV4MPEG2,
 * 4:2:0): black modules on white with the quiet zone, a few identical frames that Chromium loops.
 */
function qrVideo(text: string, file: string) {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const side = 480;
  const modules = qr.getModuleCount() + 8;
  const scale = Math.floor(side / modules);
  const offset = Math.floor((side - modules * scale) / 2) + 4 * scale;
  const luma = Buffer.alloc(side * side, 235);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const row = Math.floor((y - offset) / scale);
      const col = Math.floor((x - offset) / scale);
      const inside = row >= 0 && col >= 0 && row < qr.getModuleCount() && col < qr.getModuleCount();
      if (inside && qr.isDark(row, col)) luma[y * side + x] = 16;
    }
  }
  const chroma = Buffer.alloc((side / 2) * (side / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${side} H${side} F10:1 Ip A1:1 C420jpeg\n`), ...Array(5).fill(frame)]),
  );
}

/** Chromium whose camera films `file`, the camera allowed without asking. */
const browserFilming = (file: string) =>
  chromium.launch({
    executablePath: chromiumPath,
    args: [
      ...chromiumArgs,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${file}`,
    ],
  });

/** Opens the festival's check-in from its card on the event list, on the given day. */
async function openGate(page: Page, dayLabel: string) {
  await signInTo(page, 'Harbour Lights Live');
  // The festival is months away, in a period the list shows closed.
  await expect(page.getByRole('article').first()).toBeVisible();
  const periods = page.getByRole('button', { name: /^[A-Z][a-z]+ \d{4}$/ });
  for (const heading of await periods.all()) {
    if ((await heading.getAttribute('aria-expanded')) === 'false') await heading.click();
  }
  const card = page.getByRole('article', { name: 'Harbour Lights Festival' });
  await card.hover();
  await card.getByRole('button', { name: 'Check-in' }).click();
  await expect(page.getByRole('heading', { name: 'Check-in' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Day' }).selectOption({ label: dayLabel });
}

/** "N admitted of M expected", as the page shows it. */
async function admissions(page: Page) {
  const text = page.getByRole('region', { name: 'Admissions' });
  await expect(text).toContainText(/\d+ admitted of \d+ expected/);
  const [, admitted, expected] = /(\d+) admitted of (\d+) expected/.exec((await text.textContent())!)!;
  return { admitted: Number(admitted), expected: Number(expected) };
}

let sale: Awaited<ReturnType<typeof buyDayPasses>>;
let passes: HolderTicket[];
let browser: Browser | undefined;
test.afterAll(() => browser?.close());

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  sale = await buyDayPasses(request);
  passes = await holderTickets(request);
  expect(passes).toHaveLength(3);
});

test('admits a ticket its QR code shows to the camera once, decoded by jsQR, and refuses it when shown again', async ({
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const ticket = passes[0]!;
  const video = testInfo.outputPath('ticket.y4m');
  qrVideo(ticket.pass, video);
  browser = await browserFilming(video);
  const context = await browser.newContext({ baseURL: baseURL! });
  // Whatever this Chromium offers, this page reads frames with jsQR, as browsers without BarcodeDetector do.
  await context.addInitScript(() => delete (window as { BarcodeDetector?: unknown }).BarcodeDetector);
  const page = await context.newPage();
  const decoder: string[] = [];
  page.on('request', (r) => {
    if (/jsqr/i.test(r.url())) decoder.push(r.url());
  });
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/check-in')) sent.push(r.postData() ?? '');
  });

  await openGate(page, whenIn(sale.day.start_date, sale.timeZone));
  const before = await admissions(page);
  expect(before.expected).toBeGreaterThanOrEqual(3);
  // The decoder is not part of the portal's pages: it comes with the camera.
  expect(decoder).toEqual([]);

  await page.getByRole('button', { name: 'Start camera' }).click();
  const panel = page.getByRole('status', { name: 'Last ticket' });
  await expect(panel).toContainText('Admitted');
  await expect(panel).toContainText(holder.name);
  await expect(panel).toContainText('Day Pass');
  await expect(panel).toContainText(`Ticket ${ticket.code}`);
  expect(decoder).toHaveLength(1);
  await expect(page.getByRole('region', { name: 'Admissions' })).toContainText(
    `${before.admitted + 1} admitted of ${before.expected} expected`,
  );

  // The ticket stays in view: through two more of the count's polls, five seconds apart, it is not sent again.
  for (let polls = 0; polls < 2; polls++) {
    await page.waitForResponse((r) => r.url().includes(`/check-in/days/${sale.day.ID}`));
  }
  expect(sent).toHaveLength(1);
  await expect(panel).toContainText('Admitted');
  await expectAccessible(page);

  // Shown again to a camera started afresh, the same ticket is sent again and refused.
  await page.getByRole('button', { name: 'Stop camera' }).click();
  await page.getByRole('button', { name: 'Start camera' }).click();
  await expect(panel).toContainText('Not admitted');
  await expect(panel).toContainText(/This ticket was already admitted at \d{1,2}:\d{2} [AP]M\./);
  expect(sent).toHaveLength(2);
  await expect(page.getByRole('region', { name: 'Admissions' })).toContainText(
    `${before.admitted + 1} admitted of ${before.expected} expected`,
  );
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Stop camera' }).click();
});

test('reads with the browser’s own BarcodeDetector where there is one, without fetching jsQR', async ({ baseURL }) => {
  test.setTimeout(60_000);
  expect(browser, 'the camera browser the test before launched').toBeDefined();
  const ticket = passes[1]!;
  const context = await browser!.newContext({ baseURL: baseURL! });
  // A detector that sees this ticket in every frame, standing in for a browser that has one.
  await context.addInitScript((pass) => {
    class Detector {
      static getSupportedFormats = async () => ['qr_code'];
      detect = async () => [{ rawValue: pass }];
    }
    Object.assign(window, { BarcodeDetector: Detector });
  }, ticket.pass);
  const page = await context.newPage();
  const decoder: string[] = [];
  page.on('request', (r) => {
    if (/jsqr/i.test(r.url())) decoder.push(r.url());
  });
  await openGate(page, whenIn(sale.day.start_date, sale.timeZone));
  await page.getByRole('button', { name: 'Start camera' }).click();
  const panel = page.getByRole('status', { name: 'Last ticket' });
  await expect(panel).toContainText('Admitted');
  await expect(panel).toContainText(`Ticket ${ticket.code}`);
  await page.getByRole('button', { name: 'Stop camera' }).click();
  expect(decoder).toEqual([]);
});

test('admits a typed code on its day, refuses it on another, and checks the page with axe', async ({ page }) => {
  const ticket = passes[2]!;
  await signInTo(page, 'Harbour Lights Live');
  await page.goto(`/event-summary/${sale.eventId}`);
  await page.getByRole('link', { name: 'Check-in' }).click();
  await expect(page).toHaveURL(new RegExp(`/event-check-in/${sale.eventId}$`));
  await expectAccessible(page);

  // The gate opens on the festival's first day; this ticket is for the second.
  const code = page.getByRole('textbox', { name: 'Ticket code' });
  const panel = page.getByRole('status', { name: 'Last ticket' });
  await code.fill(ticket.code.toLowerCase());
  await code.press('Enter');
  await expect(panel).toContainText('Not admitted');
  await expect(panel).toContainText('This ticket is for another day or time slot.');
  await expectAccessible(page);

  await page.getByRole('combobox', { name: 'Day' }).selectOption({ label: whenIn(sale.day.start_date, sale.timeZone) });
  const before = await admissions(page);
  await code.fill(ticket.code);
  await code.press('Enter');
  await expect(panel).toContainText('Admitted');
  await expect(panel).toContainText(holder.name);
  await expect(code).toHaveValue('');
  await expect(code).toBeFocused();
  await expect(page.getByRole('region', { name: 'Admissions' })).toContainText(
    `${before.admitted + 1} admitted of ${before.expected} expected`,
  );
  await expectAccessible(page);
});

test('an address with a bad or unknown event id shows the not-found page', async ({ page }) => {
  await signInTo(page, 'Harbour Lights Live');
  for (const address of ['/event-check-in/abc', '/event-check-in/999999']) {
    await page.goto(address);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  }
});
