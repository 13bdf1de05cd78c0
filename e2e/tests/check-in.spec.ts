import { writeFileSync } from 'node:fs';
import { chromium, expect, test, type Browser } from '@playwright/test';
import type { HolderTicket } from '@portal/contract';
import qrcode from 'qrcode-generator';
import { expectAccessible } from '../support/axe.ts';
import { chromiumArgs, chromiumPath } from '../support/chromium.ts';
import { ownPartner, signInTo, type OwnPartner } from './fixtures.ts';
import { admissions, buyDayPasses, holderTickets, openGate } from '../support/gate.ts';

const holder = { name: 'Gina Gate', email: `gina-${Date.now()}@fans.test` };

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

let partner: OwnPartner;
let sale: Awaited<ReturnType<typeof buyDayPasses>>;
let passes: HolderTicket[];
let browser: Browser | undefined;
test.afterAll(() => browser?.close());

// The second test films with the camera browser the first launched: the two run in order, in one worker.
test.describe.configure({ mode: 'default' });

test.beforeAll(async ({ request }) => {
  partner = await ownPartner(request);
  sale = await buyDayPasses(request, partner, holder, 1, 3);
  passes = await holderTickets(request, holder, sale.eventId);
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

  await openGate(page, partner, sale.dayLabel);
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
    await page.waitForResponse((r) => r.url().endsWith(`/check-in/days/${sale.day.ID}`));
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
  await openGate(page, partner, sale.dayLabel);
  await page.getByRole('button', { name: 'Start camera' }).click();
  const panel = page.getByRole('status', { name: 'Last ticket' });
  await expect(panel).toContainText('Admitted');
  await expect(panel).toContainText(`Ticket ${ticket.code}`);
  await page.getByRole('button', { name: 'Stop camera' }).click();
  expect(decoder).toEqual([]);
});

test('admits a typed code on its day, refuses it on another, and checks the page with axe', async ({ page }) => {
  const ticket = passes[2]!;
  await signInTo(page, partner);
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

  await page.getByRole('combobox', { name: 'Day' }).selectOption({ label: sale.dayLabel });
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
  await signInTo(page, partner);
  for (const address of ['/event-check-in/abc', '/event-check-in/999999']) {
    await page.goto(address);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  }
});
