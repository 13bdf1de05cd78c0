import { expect, test, type Page } from '@playwright/test';
import type { EventListItem, FanList, RefundEvent } from '@portal/contract';
import { expectAccessible } from '../support/axe.ts';
import { ownPartner, type OwnPartner } from './fixtures.ts';

/**
 * Sets up an accessibility spec: its own organization, with the demo's orders, made once in each
 * worker that runs its tests, and time for the axe passes. Answers the organization, for the tests.
 */
export function accessibilitySpec(): () => OwnPartner {
  let partner: OwnPartner;
  test.beforeAll(async ({ request }) => {
    partner = await ownPartner(request, { sales: true });
  });
  // A test here runs several axe passes, each of which can take seconds on a busy machine.
  test.describe.configure({ timeout: 90_000 });
  return () => partner;
}

/** What the API answers the signed-in admin. */
async function fromApi<T>(page: Page, url: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const res = await page.request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), url).toBe(true);
  return (await res.json()).data as T;
}

/** The id of the organization's event of this name. */
export const eventId = async (page: Page, partner: OwnPartner, name: string) =>
  (await fromApi<EventListItem[]>(page, `/api/events?partner_id=${partner.id}`)).find((e) => e.name === name)!.ID;

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
