import { expect, test, type Page } from '@playwright/test';
import { createMember, mailedLink, onePixelPng as PNG, signIn, signInTo, specPartner } from './fixtures.ts';

const partner = specPartner();

const PDF = Buffer.from('%PDF-1.4\n%portal test document\n');

async function openProfile(page: Page) {
  await signInTo(page, partner());
  await page.getByRole('link', { name: 'Organization profile' }).click();
  await expect(page.getByRole('heading', { name: 'Organization profile' })).toBeVisible();
}

const section = (page: Page, name: string) => page.getByRole('region', { name });

/** The spec's confirmation after a profile save, acknowledged. */
async function expectSaved(page: Page) {
  const saved = page.getByRole('dialog', { name: 'Your changes have been saved' });
  await expect(saved).toBeVisible();
  await saved.getByRole('button', { name: 'OK' }).click();
  await expect(saved).toBeHidden();
}

test('an admin edits the name, logo, colours and default royalty', async ({ page }) => {
  await openProfile(page);

  await page.getByLabel('Organization name').click();
  const nameDialog = page.getByRole('dialog', { name: 'Edit Name' });
  await nameDialog.getByRole('textbox').fill(`${partner().name} & Co`);
  await nameDialog.getByRole('button', { name: 'Save' }).click();
  await expect(nameDialog).toBeHidden();
  await expectSaved(page);
  await expect(page.getByLabel('Organization name')).toHaveValue(`${partner().name} & Co`);

  const headerLogo = page.getByRole('link', { name: 'Organization profile' }).locator('img');
  const before = await headerLogo.getAttribute('src');
  await page.getByRole('button', { name: 'Change the profile image' }).click();
  const imageDialog = page.getByRole('dialog', { name: 'Upload A Profile Image' });
  const chooser = page.waitForEvent('filechooser');
  await imageDialog.getByRole('button', { name: 'Upload Image' }).click();
  await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await imageDialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(imageDialog).toBeHidden();
  await expectSaved(page);
  await expect(headerLogo).toHaveAttribute('src', /^\/api\/files\/[0-9a-f-]+\.png$/);
  expect(await headerLogo.getAttribute('src')).not.toBe(before);

  const colours = section(page, 'Colours');
  await colours.getByRole('button', { name: 'Edit the primary colour' }).click();
  const picker = page.getByRole('dialog', { name: 'Primary colour' });
  await picker.getByLabel('Hex colour').fill('#AA3355');
  await picker.getByRole('button', { name: 'Save' }).click();
  await expectSaved(page);
  await expect(colours.getByText('#AA3355')).toBeVisible();
  await colours.getByRole('button', { name: 'Clear the secondary colour' }).click();
  await expectSaved(page);
  await expect(colours.getByRole('button', { name: 'Add secondary colour' })).toBeVisible();
  await colours.getByRole('button', { name: 'Add secondary colour' }).click();
  await page.getByRole('dialog', { name: 'Secondary colour' }).getByLabel('Hex colour').fill('#00FF88');
  await page.getByRole('dialog', { name: 'Secondary colour' }).getByRole('button', { name: 'Save' }).click();
  await expectSaved(page);
  await expect(colours.getByText('#00FF88')).toBeVisible();
  await colours.getByRole('button', { name: 'Edit the tertiary colour' }).click();
  await page.getByRole('dialog', { name: 'Tertiary colour' }).getByLabel('Hex colour').fill('#123456');
  await page.getByRole('dialog', { name: 'Tertiary colour' }).getByRole('button', { name: 'Save' }).click();
  await expectSaved(page);
  await expect(colours.getByText('#123456')).toBeVisible();

  const royalty = section(page, 'Default royalities');
  await royalty.getByRole('button', { name: 'Edit the default royalty' }).click();
  const royaltyDialog = page.getByRole('dialog', { name: 'Add Default Royalties' });
  await royaltyDialog.getByLabel('Royalty (%)').fill('101');
  await royaltyDialog.getByRole('button', { name: 'Save' }).click();
  await expect(royaltyDialog.getByText('* Value must be between 0 and 100')).toBeVisible();
  await royaltyDialog.getByLabel('Royalty (%)').fill('7.5');
  await royaltyDialog.getByRole('button', { name: 'Save' }).click();
  await expectSaved(page);
  await expect(royalty.getByText('7.5%')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Organization name')).toHaveValue(`${partner().name} & Co`);
  await expect(section(page, 'Colours').getByText('#AA3355')).toBeVisible();

  // Back to the name the other tests sign in to.
  await page.getByLabel('Organization name').click();
  await page.getByRole('dialog', { name: 'Edit Name' }).getByRole('textbox').fill(partner().name);
  await page.getByRole('dialog', { name: 'Edit Name' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Name' })).toBeHidden();
  await expectSaved(page);
  await expect(page.getByLabel('Organization name')).toHaveValue(partner().name);
});

test('an admin adds a linked and an uploaded document, and deletes one', async ({ page }) => {
  await openProfile(page);
  const terms = section(page, 'Terms of service');

  await terms.getByRole('button', { name: 'Add Document' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Document' });
  await dialog.getByText('Give a link').click();
  await dialog.getByLabel('Document name').fill('Venue rules');
  await dialog.getByRole('textbox', { name: 'Link' }).fill('https://harbourlights.example/rules');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(terms.getByRole('link', { name: 'Venue rules' })).toHaveAttribute(
    'href',
    'https://harbourlights.example/rules',
  );

  await terms.getByRole('button', { name: 'Add Document' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Document' });
  await dialog.getByLabel('Document name').fill('Ticket terms');
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles({ name: 'terms.pdf', mimeType: 'application/pdf', buffer: PDF });
  await dialog.getByRole('button', { name: 'Add' }).click();
  const uploaded = terms.getByRole('link', { name: 'Ticket terms' });
  await expect(uploaded).toHaveAttribute('href', /^\/api\/files\/.+\.pdf$/);
  const download = await page.request.get((await uploaded.getAttribute('href'))!);
  expect((await download.body()).toString()).toContain('%PDF-1.4');

  await terms.getByRole('button', { name: 'Delete Venue rules' }).click();
  await page.getByRole('dialog', { name: 'Delete document' }).getByRole('button', { name: 'Delete' }).click();
  await expect(terms.getByRole('link', { name: 'Venue rules' })).toHaveCount(0);
  await expect(uploaded).toBeVisible();
});

test('an admin onboards the bank through the test provider to Account Connected', async ({ page }) => {
  await openProfile(page);
  const bank = section(page, 'Bank Info');
  await bank.getByRole('button', { name: 'Add bank info' }).click();
  await expect(page.getByRole('heading', { name: 'Test payout provider' })).toBeVisible();
  await page.getByRole('button', { name: /^pending/ }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(section(page, 'Bank Info').getByText('Pending: your account is being verified.')).toBeVisible();

  await section(page, 'Bank Info').getByRole('button', { name: 'Update bank info' }).click();
  await page.getByRole('button', { name: /^complete/ }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(section(page, 'Bank Info').getByText('Account Connected')).toBeVisible();
});

test('an admin invites a member who accepts, then changes their role and removes them', async ({ page }) => {
  const email = `teammate-${Date.now()}@example.test`;
  await openProfile(page);
  const team = section(page, 'Organization members');
  await team.getByRole('button', { name: 'ADD MEMBER' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add team member' });
  await dialog.getByRole('button', { name: 'Send Invite' }).click();
  await expect(dialog.getByText('name is required')).toBeVisible();
  await expect(dialog.getByText('email is required')).toBeVisible();
  await dialog.getByLabel('Name').fill('Tariq Teammate');
  await dialog.getByLabel('Email').fill('not-an-address');
  await dialog.getByRole('button', { name: 'Send Invite' }).click();
  await expect(dialog.getByText('invalid email')).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('radio', { name: 'Manager' }).check();
  await expect(dialog.getByText('Manage events')).toBeVisible();
  await dialog.getByRole('button', { name: 'Send Invite' }).click();
  await page.getByRole('dialog', { name: 'Invite Sent' }).getByRole('button', { name: 'Okay' }).click();
  const row = team.getByRole('listitem').filter({ hasText: email });
  await expect(row.getByText('Invitation pending')).toBeVisible();
  await expect(row).toHaveCSS('font-style', 'italic');

  // The invitee accepts in their own browser.
  const invitee = await page.context().browser()!.newPage();
  await invitee.goto(await mailedLink(email));
  await invitee.getByRole('textbox', { name: 'Password', exact: true }).fill('tariq-password');
  await invitee.getByRole('textbox', { name: 'Confirm password' }).fill('tariq-password');
  await invitee.getByRole('button', { name: 'Create Account' }).click();
  await expect(invitee).toHaveURL(/\/login$/);
  await invitee.close();

  await page.reload();
  await expect(row.getByText('Invitation pending')).toHaveCount(0);
  await expect(row).toHaveCSS('font-style', 'normal');

  await row.getByRole('button', { name: 'Edit the role of Tariq Teammate' }).click();
  const roleDialog = page.getByRole('dialog', { name: 'Member Role and Permissions' });
  await roleDialog.getByRole('radio', { name: 'Box office' }).check();
  await roleDialog.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByText('box office')).toBeVisible();

  await row.getByRole('button', { name: 'Edit the role of Tariq Teammate' }).click();
  await roleDialog.getByRole('button', { name: 'Remove user from team' }).click();
  await roleDialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(team.getByRole('listitem').filter({ hasText: email })).toHaveCount(0);
});

test('a non-admin sees the profile read-only', async ({ page }) => {
  const staff = await createMember(page, partner(), 'BoxOffice');
  await signIn(page, staff);
  await page.getByRole('button', { name: partner().name }).click();
  await page.getByRole('link', { name: 'Organization profile' }).click();
  await expect(page.getByRole('heading', { name: 'Organization profile' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Organization members' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Bank Info' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Default royalities' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'ADD MEMBER' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit the role of/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Change the profile image' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Edit|Clear) the .* colour$/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Document' })).toHaveCount(0);
  await page.getByLabel('Organization name').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
