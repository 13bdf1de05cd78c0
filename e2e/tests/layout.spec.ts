import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { inviteMember, signInTo, specPartner } from './fixtures.ts';

/** This spec's own organization, made once in each worker that runs its tests. */
const partner = specPartner();

const items = ['My Events', 'Create Event', 'Promo Codes', 'Analytics', 'Fan Database', 'Orders', 'Settings'];

/** Every item of the main navigation, whether on the bar or behind More, and no item cut off. */
async function expectWholeNavigation(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const more = nav.getByRole('button', { name: 'More' });
  // The bar may still be measuring, and only then put items behind More: look again until every item
  // is reachable, opening More whenever it is there and closed, as a person would.
  await expect(async () => {
    if ((await more.isVisible()) && (await more.getAttribute('aria-expanded')) !== 'true') await more.click();
    for (const label of items) {
      const link = nav.getByRole('link', { name: label });
      await expect(link).toBeVisible({ timeout: 1_000 });
      await expect(link).toBeInViewport({ ratio: 1, timeout: 1_000 });
    }
  }).toPass();
  const clipped = await nav.evaluate((element) =>
    Array.from(element.querySelectorAll('a')).some((link) => {
      const box = link.getBoundingClientRect();
      return box.width > 0 && (box.left < 0 || box.right > window.innerWidth);
    }),
  );
  expect(clipped).toBe(false);
}

for (const width of [731, 800, 880, 1280]) {
  test(`at ${width} px every navigation item is reachable and none is cut off`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInTo(page, partner());
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeHidden();
    const more = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'More' });
    // The bar is measured before it is drawn: at the narrowest some items must be behind More, at
    // full width none.
    if (width === 731) await expect(more).toBeVisible();
    if (width === 1280) await expect(more).toHaveCount(0);
    await expectWholeNavigation(page);
  });
}

test('at 731 px the items behind More open from the keyboard, close with Escape and mark the page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 731, height: 800 });
  await signInTo(page, partner());
  const nav = page.getByRole('navigation', { name: 'Main' });
  const more = nav.getByRole('button', { name: 'More' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await expect(more).toBeFocused();
  await more.click();
  await nav.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/widget-customization$/);
  await expect(nav.getByRole('link', { name: 'Settings' })).toBeHidden();
  await more.click();
  await expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the login’s Google button shows its whole label', async ({ page }) => {
    await page.goto('/login');
    const google = page.getByRole('link', { name: 'Continue with Google' });
    await expect(google).toBeInViewport({ ratio: 1 });
    const label = google.locator('.mantine-Button-label');
    expect(await label.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  });

  test('a pending member keeps their name and e-mail on the profile', async ({ page }) => {
    const email = `pending-${Date.now()}@example.test`;
    await inviteMember(page, partner(), { fullName: 'Priya Pending', email, roleValue: 'BoxOffice' });
    await signInTo(page, partner());
    await page.goto('/profile');
    const row = page.getByRole('list', { name: 'Members' }).getByRole('listitem').filter({ hasText: email });
    await expect(row.getByText('Invitation pending')).toBeVisible();
    for (const text of ['Priya Pending', email]) {
      const line = row.getByText(text, { exact: true });
      await expect(line).toBeVisible();
      // Shown whole, not cut to an ellipsis.
      expect(await line.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    }
    const edit = row.getByRole('button', { name: 'Edit the role of Priya Pending' });
    await edit.scrollIntoViewIfNeeded();
    await expect(edit).toBeInViewport({ ratio: 1 });
    await expectAccessible(page);
  });
});

test('an address with a bad or unknown id shows a friendly not-found page, never a message about its parts', async ({
  page,
}) => {
  await signInTo(page, partner());
  const bad = ['/event-summary/abc', '/fan-history/0', '/event-analysis/NaN', '/fan-refund/1/x'];
  // Well formed, but naming nothing of this organization.
  const unknown = ['/event-summary/999999', '/fan-history/999999', '/event-analysis/999999'];
  for (const address of [...bad, ...unknown]) {
    await page.goto(address);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByText(/invalid input|expected number|\bid:/i)).toHaveCount(0);
  }
  await page.getByRole('link', { name: 'Back to My Events' }).click();
  await expect(page).toHaveURL(/\/event-list$/);
});

test('closing a modal gives focus back to the control that opened it', async ({ page }) => {
  await signInTo(page, partner());
  await page.goto('/profile');
  const opener = page
    .getByRole('button', { name: 'Edit the default royalty' })
    .or(page.getByRole('button', { name: 'Add Secondary' }))
    .first();
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add Default Royalties' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});
