import { expect, test } from '@playwright/test';
import { eventNamed, signInTo, specPartner } from './fixtures.ts';

/** This spec's own organization, with the demo's orders, made once in each worker that runs its tests. */
const partner = specPartner({ sales: true });

test('editing an event whose sale has started warns that its tickets must be re-minted', async ({ page }) => {
  await signInTo(page, partner());
  const periods = page.getByRole('button', { name: /^[A-Z][a-z]+ \d{4}$/ });
  await expect(periods.first()).toBeVisible();
  for (const heading of await periods.all()) {
    if ((await heading.getAttribute('aria-expanded')) === 'false') await heading.click();
  }
  const card = page.getByRole('article', { name: 'Saltwater Sessions' });
  await card.hover();
  await card.getByRole('button', { name: 'Edit' }).click();
  const warning = page.getByRole('dialog', { name: 'Tickets are already minted' });
  await expect(warning).toContainText('its tickets must be re-minted');
  await warning.getByRole('button', { name: 'Continue to edit' }).click();
  await expect(page).toHaveURL(/\/event-summary\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Saltwater Sessions' })).toBeVisible();
});

test('the summary refuses to delete a sold slot with the spec message, and dates clamp as typed', async ({ page }) => {
  await signInTo(page, partner());
  const tours = await eventNamed(page, partner(), 'Lighthouse Night Tours');
  expect(tours.event_days[0]!.sold).toBeGreaterThan(0);
  await page.goto(`/event-summary/${tours.ID}`);

  const slot = page.getByRole('region', { name: 'Slot 1' });
  await slot.getByRole('button', { name: 'Delete slot 1' }).click();
  await expect(slot.getByRole('alert')).toHaveText(
    'You have already sold tickets for this timeslot. You cannot delete timeslots with existing tickets.',
  );

  // Month 13 resets to 01; an hour of 13 is ignored; a past year becomes this year.
  const month = slot.getByRole('textbox', { name: 'Slot 1 start month' });
  await month.fill('13');
  await month.blur();
  await expect(month).toHaveValue('01');
  const hour = slot.getByRole('textbox', { name: 'Slot 1 start hour' });
  const before = await hour.inputValue();
  await hour.fill('13');
  await hour.blur();
  await expect(hour).toHaveValue(before);
  const year = slot.getByRole('textbox', { name: 'Slot 1 start year' });
  await year.fill('2019');
  await year.blur();
  await expect(year).toHaveValue(String(new Date().getFullYear()));
  await slot.getByRole('button', { name: 'Undo changes' }).click();
  await expect(slot.getByRole('button', { name: 'Save slot 1' })).toHaveCount(0);
});

test('the promo wizard saves a draft from a later step', async ({ page }) => {
  await signInTo(page, partner());
  await page.goto('/promo-code');
  await page.getByRole('button', { name: '+ Add Promo Code' }).click();
  const info = page.getByRole('region', { name: 'Promo Code Information' });
  await info.getByRole('textbox', { name: 'Code name' }).fill('DRAFTY');
  await info.getByRole('textbox', { name: /^Discount/ }).fill('3');
  await info.getByRole('textbox', { name: /^Discount/ }).blur();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('region', { name: 'Set Active days' }).getByText('Unlimited').click();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  const card = page.getByRole('article', { name: 'DRAFTY' });
  await expect(card.getByText('Draft', { exact: true })).toBeVisible();
  await expect(card.getByText('Unlimited')).toBeVisible();
});
