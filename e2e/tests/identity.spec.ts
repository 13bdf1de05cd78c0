import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { SignJWT } from 'jose';
import { apiToken, createMember, demo, mailedLink, signIn, signInTo, specPartner } from './fixtures.ts';

/** This spec's own organization, made once in each worker that runs its tests. */
const partner = specPartner();

test('an invitation mail leads to /member-login, where the invitee creates an account and signs in', async ({
  page,
}) => {
  const email = `invitee-${Date.now()}@example.test`;
  const token = await apiToken(page, partner());
  const roles = (await (await page.request.get('/api/roles', { headers: { authorization: `Bearer ${token}` } })).json())
    .data;
  const invite = await page.request.post('/api/members', {
    headers: { authorization: `Bearer ${token}` },
    data: { full_name: 'Ines Invitee', email, roles: [roles[1].ID], partner_id: partner().id },
  });
  expect(invite.ok()).toBe(true);

  await page.goto(await mailedLink(email));
  await expect(page).toHaveURL(/\/member-login\?/);
  await expect(page.getByText(`Dana Whitaker invited you to join ${partner().name}.`)).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  expect(await page.evaluate(() => localStorage.getItem('partnerId'))).toBe(String(partner().id));

  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('ines-password-1');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('ines-password-2');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('ines-password-1');
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, { email, password: 'ines-password-1' });
  await page.getByRole('button', { name: partner().name }).click();
  await expect(page.getByRole('heading', { name: 'My Events' })).toBeVisible();
});

test('forgot password: the mailed link resets the password and the new one signs in', async ({ page }) => {
  const { email: staff } = await createMember(page, partner(), 'BoxOffice');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The login page has an Email box too: fill the one of the page that asks for the reset.
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await page.getByLabel('Email').fill(staff);
  await page.getByRole('button', { name: 'Send email' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await page.getByRole('link', { name: 'Okay' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto(await mailedLink(staff));
  await expect(page).toHaveURL(/\/reset-password\?oobCode=/);
  await expect(page.getByText(`Choose a new password for ${staff}.`)).toBeVisible();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('staff-new-password');
  await page.getByRole('textbox', { name: 'Repeat new password' }).fill('staff-new-password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  await page.getByRole('link', { name: 'Log In', exact: true }).click();

  await signIn(page, { email: staff, password: 'staff-new-password' });

  // The same link does not work twice.
  const used = await mailedLink(staff);
  await page.evaluate(() => localStorage.clear());
  await page.goto(used);
  await expect(page.getByRole('alert')).toHaveText('This link is invalid or has expired. Ask for a new one.');
});

test('Google sign-in through the OpenID Connect provider', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await page.locator('input[name="login"]').fill(demo.email);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/organization$/);
  await expect(page.getByRole('heading', { name: 'Select an organization' })).toBeVisible();
});

test('Google sign-in with an address that has no account shows why', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await page.locator('input[name="login"]').fill('stranger@example.test');
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/login\?error=/);
  await expect(page.getByRole('alert')).toContainText('No Partner Portal account uses stranger@example.test.');
});

// The demo login belongs to two organizations, which these tests only read.
test('switching organization from the Team dropdown changes the data shown', async ({ page }) => {
  await signInTo(page, 'Harbour Lights Live');
  await expect(page.getByRole('article', { name: 'Spring Speaker Series' })).toBeVisible();
  await page.getByRole('button', { name: 'Team' }).hover();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  expect((await menu.boundingBox())?.width).toBe(200);
  await menu.getByRole('menuitem', { name: 'Northfield Arts Centre' }).click();

  await expect(page.getByRole('article', { name: 'Winter Gala' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Spring Speaker Series' })).toHaveCount(0);
  const me = await page.request.get('/api/users', {
    headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}` },
  });
  const organizations = (await me.json()).data[0].Partners as { ID: number; name: string }[];
  const northfield = organizations.find((o) => o.name === 'Northfield Arts Centre')!;
  expect(await page.evaluate(() => localStorage.getItem('partnerId'))).toBe(String(northfield.ID));

  // The dropdown closes when the pointer leaves it.
  await page.getByRole('button', { name: 'Team' }).hover();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.mouse.move(5, 500);
  await expect(page.getByRole('menu')).toBeHidden();
});

test('the Team dropdown opens from the keyboard and gives the focus back when closed', async ({ page }) => {
  await signInTo(page, 'Harbour Lights Live');
  const team = page.getByRole('button', { name: 'Team' });
  await team.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Northfield Arts Centre' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(team).toBeFocused();
});

test('an expired token sends you to /login and clears the session', async ({ page }) => {
  await signInTo(page, partner());
  const secret = JSON.parse(
    readFileSync(path.join(process.env.PORTAL_E2E_DATA_DIR!, 'secrets.json'), 'utf8'),
  ).tokenSecret;
  const current = await page.evaluate(() => localStorage.getItem('accessToken'));
  const claims = JSON.parse(Buffer.from(current!.split('.')[1]!, 'base64url').toString());
  const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(secret));
  await page.evaluate((token) => localStorage.setItem('accessToken', token), expired);

  await page.goto('/event-list');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => ({ ...localStorage }))).toEqual({});
});
