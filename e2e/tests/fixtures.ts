import { expect, type Page } from '@playwright/test';

export const demo = { email: 'demo@partnerportal.test', password: 'demo-password' } as const;

/** Signs in through the login screen and lands on /organization. */
export async function signIn(page: Page, credentials: { email: string; password: string } = demo) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/organization$/);
}
