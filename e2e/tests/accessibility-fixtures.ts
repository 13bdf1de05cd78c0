import { expect, test, type Page } from '@playwright/test';
import type { FanList, RefundEvent } from '@portal/contract';
import { expectAccessible } from '../support/axe.ts';
import { eventNamed, fromApi, signInTo, specPartner, type OwnPartner } from './fixtures.ts';

/**
 * Sets up an accessibility spec: its own organization, with the demo's orders, made once in each
 * worker that runs its tests, and time for the axe passes; with `signedIn`, each test starts signed in
 * to it as its admin. Answers the organization, for the tests.
 */
export function accessibilitySpec(options: { signedIn?: boolean } = {}): () => OwnPartner {
  const partner = specPartner({ sales: true });
  if (options.signedIn)
    test.beforeEach(async ({ page }) => {
      await signInTo(page, partner());
    });
  // A test here runs several axe passes, each of which can take seconds on a busy machine.
  test.describe.configure({ timeout: 90_000 });
  return partner;
}

/** The id of the organization's event of this name. */
export const eventId = async (page: Page, partner: OwnPartner, name: string) =>
  (await eventNamed(page, partner, name)).ID;

/** A demo fan who holds tickets that can be refunded, and the first such event. */
export async function fanWithTickets(page: Page, partner: OwnPartner) {
  const fans = await fromApi<FanList>(page, `/api/partners/${partner.id}/fans?per_page=100`);
  for (const fan of fans.data) {
    const events = await fromApi<RefundEvent[]>(page, `/api/transactions/tickets_for_refund/${partner.id}/${fan.ID}`);
    if (events[0]) return { fan, eventId: events[0].EventID };
  }
  throw new Error('no demo fan holds refundable tickets');
}

/** Opens the history of a fan who holds tickets, once its purchases show. */
export async function openFanHistory(page: Page, partner: OwnPartner) {
  const { fan } = await fanWithTickets(page, partner);
  await page.goto(`/fan-history/${fan.ID}`);
  await expect(page.getByRole('table', { name: 'Purchases' })).toBeVisible();
}

/** Opens a dialog through `open`, checks the page with it, and closes it with Escape. */
export async function checkDialog(page: Page, name: string | RegExp, open: () => Promise<void>) {
  await open();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}
