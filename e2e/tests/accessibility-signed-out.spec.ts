import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { accessibilitySpec } from './accessibility-fixtures.ts';
import { demo, inviteMember, mailedLink } from './fixtures.ts';

const partner = accessibilitySpec();

test.describe('signed out', () => {
  test('login, with and without an error', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Email').fill(demo.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectAccessible(page);
  });

  test('forgot password, before and after sending', async ({ page }) => {
    await page.goto('/forgot-password');
    await expect(page.getByRole('button', { name: 'Send email' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Email').fill(`nobody-${Date.now()}@example.test`);
    await page.getByRole('button', { name: 'Send email' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expectAccessible(page);
  });

  test('reset password with a mailed link, and usermgmt’s reset mode with a bad one', async ({ page }) => {
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(demo.email);
    await page.getByRole('button', { name: 'Send email' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await page.goto(await mailedLink(demo.email));
    await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expectAccessible(page);

    await page.goto('/usermgmt?mode=resetPassword&oobCode=not-a-code');
    await expect(page).toHaveURL(/\/reset-password\?oobCode=not-a-code$/);
    await expect(page.getByRole('alert')).toBeVisible();
    await expectAccessible(page);
  });

  test('usermgmt: an incomplete link and an unusable one', async ({ page }) => {
    await page.goto('/usermgmt');
    await expect(page.getByRole('alert')).toBeVisible();
    await expectAccessible(page);
    await page.goto('/usermgmt?mode=signIn&oobCode=not-a-code');
    await expect(page.getByRole('alert')).toBeVisible();
    await expectAccessible(page);
  });

  test('member login from an invitation', async ({ page }) => {
    const email = `a11y-invitee-${Date.now()}@example.test`;
    await inviteMember(page, partner(), { fullName: 'Ada Invitee', email, roleValue: 'Manager' });
    await page.goto(await mailedLink(email));
    await expect(page).toHaveURL(/\/member-login\?/);
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectAccessible(page);
  });
});
