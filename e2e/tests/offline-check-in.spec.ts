import { expect, test, type Browser, type Page } from '@playwright/test';
import type { HolderTicket } from '@portal/contract';
import { expectAccessible } from '../support/axe.ts';
import { ownPartner, type OwnPartner } from './fixtures.ts';
import { admissions, buyDayPasses, holderTickets, openGate, typeAtGate } from '../support/gate.ts';

const fan = { name: 'Olive Offline', email: `olive-${Date.now()}@fans.test` };

let partner: OwnPartner;
let sale: Awaited<ReturnType<typeof buyDayPasses>>;
let passes: HolderTicket[];

test.beforeAll(async ({ request }) => {
  // The festival's first day: the other gate spec admits on the second.
  partner = await ownPartner(request);
  sale = await buyDayPasses(request, partner, fan, 0, 4);
  passes = await holderTickets(request, fan, sale.eventId);
  expect(passes).toHaveLength(4);
});

/** A gate page of its own (a device), open on the fan's day with the day's list taken. */
async function device(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await openGate(page, partner, sale.dayLabel);
  await expect(page.getByRole('status', { name: 'Connection' })).toContainText(/List of \d+ tickets taken at/);
  return { context, page };
}

const panel = (page: Page) => page.getByRole('status', { name: 'Last ticket' });
const forge = (pass: string) => pass.slice(0, -2) + (pass.endsWith('AA') ? 'BB' : 'AA');

test('admits two tickets offline, refuses a forged pass and a second showing, and syncs both when back online', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { context, page } = await device(browser, baseURL!);
  const [first, second] = passes as [HolderTicket, HolderTicket];
  // Online, a forged pass is refused by the server.
  await typeAtGate(page, forge(first.pass));
  await expect(panel(page)).toContainText('This QR code is not a genuine ticket of this organisation.');
  const before = await admissions(page);

  await context.setOffline(true);
  await expect(page.getByRole('status', { name: 'Connection' })).toContainText('Offline');
  await typeAtGate(page, first.pass);
  await expect(panel(page)).toContainText('Admitted by this device offline');
  await expect(panel(page)).toContainText(fan.name);
  await typeAtGate(page, second.code);
  await expect(panel(page)).toContainText(`Ticket ${second.code}`);
  await expect(panel(page)).toContainText('Admitted by this device offline');
  // Refused offline with the server's own words: forged, and already admitted on this device.
  await typeAtGate(page, forge(second.pass));
  await expect(panel(page)).toContainText('This QR code is not a genuine ticket of this organisation.');
  await typeAtGate(page, first.code);
  await expect(panel(page)).toContainText(/This ticket was already admitted at \d{1,2}:\d{2} [AP]M\./);
  await expect(page.getByRole('status', { name: 'Connection' })).toContainText('2 admissions waiting to sync.');
  await expect(page.getByRole('list', { name: 'Check-ins' })).toContainText('Waiting to sync');
  await expectAccessible(page);

  await context.setOffline(false);
  await expect(page.getByRole('status', { name: 'Connection' })).toContainText('Online');
  await expect(page.getByRole('status', { name: 'Connection' })).not.toContainText('waiting to sync');
  await expect(page.getByRole('region', { name: 'Admissions' })).toContainText(
    `${before.admitted + 2} admitted of ${before.expected} expected`,
  );
  await expect(page.getByRole('alert')).toHaveCount(0);

  // The server has both: a gate opened afresh reads them from it.
  const other = await device(browser, baseURL!);
  await other.page.getByRole('textbox', { name: 'Search check-ins' }).fill(fan.name);
  const list = other.page.getByRole('list', { name: 'Check-ins' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list).toContainText(first.code);
  await expect(list).toContainText(second.code);
  await expect(list.getByRole('listitem').first()).toContainText(/Admitted at \d{1,2}:\d{2} [AP]M by /);
  await Promise.all([context.close(), other.context.close()]);
});

test('the same ticket admitted on two offline devices ends as one admission and one refusal after sync', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const ticket = passes[2]!;
  const [one, two] = await Promise.all([device(browser, baseURL!), device(browser, baseURL!)]);
  const before = await admissions(one.page);
  for (const gate of [one, two]) {
    await gate.context.setOffline(true);
    await expect(gate.page.getByRole('status', { name: 'Connection' })).toContainText('Offline');
    await typeAtGate(gate.page, ticket.pass);
    await expect(panel(gate.page)).toContainText('Admitted by this device offline');
  }

  await one.context.setOffline(false);
  await expect(one.page.getByRole('status', { name: 'Connection' })).not.toContainText('waiting to sync');
  await two.context.setOffline(false);
  const refused = two.page.getByRole('alert').filter({ hasText: 'Refused after sync' });
  await expect(refused).toContainText(ticket.code);
  await expect(refused).toContainText(/This ticket was already admitted at \d{1,2}:\d{2} [AP]M\./);
  await expectAccessible(two.page);
  await expect(one.page.getByRole('alert')).toHaveCount(0);
  for (const gate of [one, two]) {
    await expect(gate.page.getByRole('region', { name: 'Admissions' })).toContainText(
      `${before.admitted + 1} admitted of ${before.expected} expected`,
    );
  }
  await refused.getByRole('button', { name: 'Dismiss' }).click();
  await expect(refused).toHaveCount(0);
  await Promise.all([one.context.close(), two.context.close()]);
});

test('an admission is undone with a reason, kept with who and when, and the ticket can come in again', async ({
  browser,
  baseURL,
}) => {
  const ticket = passes[3]!;
  const { context, page } = await device(browser, baseURL!);
  await typeAtGate(page, ticket.code);
  await expect(panel(page)).toContainText('Admitted');
  const before = await admissions(page);

  await page.getByRole('textbox', { name: 'Search check-ins' }).fill(ticket.code.toLowerCase());
  const list = page.getByRole('list', { name: 'Check-ins' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await list.getByRole('button', { name: `Undo the admission of ${fan.name}, ticket ${ticket.code}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Undo this admission?' });
  await dialog.getByRole('button', { name: 'Undo admission' }).click();
  await expect(dialog).toContainText('Say why the admission is undone.');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Scanned the wrong ticket');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Undo admission' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(list).toContainText(/Admission undone at \d{1,2}:\d{2} [AP]M by .+: Scanned the wrong ticket/);
  await expect(page.getByRole('region', { name: 'Admissions' })).toContainText(
    `${before.admitted - 1} admitted of ${before.expected} expected`,
  );

  await typeAtGate(page, ticket.code);
  await expect(panel(page)).toContainText('Admitted');
  await expect(page.getByRole('region', { name: 'Admissions' })).toContainText(
    `${before.admitted} admitted of ${before.expected} expected`,
  );
  await context.close();
});
