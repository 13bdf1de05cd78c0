import { expect, test, type Page } from '@playwright/test';
import { signInTo, specPartner } from './fixtures.ts';

/** This spec's own organization, made once in each worker that runs its tests. */
const partner = specPartner();

async function confirmSaved(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Your changes have been saved' });
  await expect(dialog.getByText('These changes are now live on your site.')).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
}

test('an event’s widget toggles on Settings confirm each save, like the colours and fonts', async ({ page }) => {
  await signInTo(page, partner());
  await page.goto('/widget-customization');
  const card = page.getByRole('article').first();
  const name = (await card.getAttribute('aria-label'))!;
  const shown = card.getByRole('checkbox', { name: `Show ${name} on widget` });
  const before = await shown.isChecked();

  await shown.click();
  await confirmSaved(page);
  await expect(shown).toBeChecked({ checked: !before });
  await page.reload();
  await expect(page.getByRole('checkbox', { name: `Show ${name} on widget` })).toBeChecked({ checked: !before });

  await page.getByRole('checkbox', { name: `Show ${name} on widget` }).click();
  await confirmSaved(page);
  await expect(page.getByRole('checkbox', { name: `Show ${name} on widget` })).toBeChecked({ checked: before });
});

test('an address typed but not saved asks before the page is left', async ({ page }) => {
  await signInTo(page, partner());
  await page.goto('/widget-customization');
  const address = page.getByRole('textbox', { name: 'Website address' });
  const saved = await address.inputValue();
  await address.fill('https://typed-but-not-saved.example');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Events' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave.getByText('If you leave this page now, the website address you typed is lost.')).toBeVisible();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(address).toHaveValue('https://typed-but-not-saved.example');

  // Put back as it was: nothing unsaved, so the way out is open.
  await address.fill(saved);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Events' }).click();
  await expect(page).toHaveURL(/\/event-list$/);
  await expect(leave).toHaveCount(0);
});
