import { expect, test } from '@playwright/test';
import type { EventsByPeriod } from '@portal/contract';
import { demo, signIn } from './fixtures.ts';

test('the demo login reaches the seeded events of the chosen organization', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Select an organization' })).toBeVisible();
  await page.getByRole('button', { name: 'Harbour Lights Live' }).click();

  await expect(page).toHaveURL(/\/event-list$/);
  await expect(page.getByRole('heading', { name: 'My Events' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Spring Speaker Series' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Events' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // Every event the API holds for this partner is shown, under its period, oldest period first.
  const [token, partnerId] = await page.evaluate(() => [
    localStorage.getItem('accessToken'),
    localStorage.getItem('partnerId'),
  ]);
  const answer = await page.request.get(`/api/events?partner_id=${partnerId}&ordered=true`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const groups = (await answer.json()).data as EventsByPeriod;
  expect(groups.length).toBeGreaterThan(1);
  const headings = page.getByRole('button', { name: /^[A-Z][a-z]+ \d{4}$/ });
  await expect(headings).toHaveText(groups.map((g) => g.period));
  await expect(headings.first()).toHaveAttribute('aria-expanded', 'true');
  await expect(headings.nth(1)).toHaveAttribute('aria-expanded', 'false');
  for (const [i, group] of groups.entries()) {
    if (i > 0) await headings.nth(i).click();
    for (const event of group.events) {
      await expect(page.getByRole('article', { name: event.name }).first()).toBeVisible();
    }
  }

  // The other organization's events never appear here.
  await expect(page.getByText('Winter Gala')).toHaveCount(0);
});

test('a wrong password shows the spec message and stays on /login', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(demo.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Account information incorrect. Try again.');
  await expect(page).toHaveURL(/\/login$/);
});

test('protected and unknown paths send a visitor without a token to /login', async ({ page }) => {
  await page.goto('/event-list');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/login$/);
});

test('logout clears the session and returns to /login', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: 'Harbour Lights Live' }).click();
  await expect(page).toHaveURL(/\/event-list$/);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await page.goto('/event-list');
  await expect(page).toHaveURL(/\/login$/);
});
