import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { accessibilitySpec, openFanHistory } from './accessibility-fixtures.ts';
import { signInTo } from './fixtures.ts';

const partner = accessibilitySpec();

test.describe('below 730 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('login', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expectAccessible(page);
  });

  test('event list with the navigation drawer, orders and a fan’s history', async ({ page }) => {
    await signInTo(page, partner());
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectAccessible(page);
    const burger = page.getByRole('button', { name: 'Open navigation' });
    await burger.click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expectAccessible(page);
    // Closed from the keyboard, even the first time (its code arriving then), focus returns to the burger.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    await expect(burger).toBeFocused();
    await burger.click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Orders' }).click();
    await expect(page.getByRole('table', { name: 'Orders' }).getByRole('row').nth(1)).toBeVisible();
    await expectAccessible(page);

    await openFanHistory(page, partner());
    await expectAccessible(page);
  });
});
