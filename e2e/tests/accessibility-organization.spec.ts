import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { accessibilitySpec, checkDialog, eventId, fanWithTickets, openFanHistory } from './accessibility-fixtures.ts';

const partner = accessibilitySpec({ signedIn: true });

test('profile and its dialogs', async ({ page }) => {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Organization profile' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Organization members' }).getByRole('listitem').first()).toBeVisible();
  await expectAccessible(page);

  await checkDialog(page, 'Edit Name', () => page.getByLabel('Organization name').click());
  await checkDialog(page, 'Upload A Profile Image', () =>
    page.getByRole('button', { name: 'Change the profile image' }).click(),
  );
  await checkDialog(page, 'Primary colour', () =>
    page.getByRole('region', { name: 'Colours' }).getByRole('button', { name: 'Edit the primary colour' }).click(),
  );
  await checkDialog(page, 'Add Default Royalties', () =>
    page.getByRole('button', { name: 'Edit the default royalty' }).click(),
  );
  await checkDialog(page, 'Add Document', () =>
    page.getByRole('region', { name: 'Terms of service' }).getByRole('button', { name: 'Add Document' }).click(),
  );
  await checkDialog(page, 'Add team member', async () => {
    await page.getByRole('button', { name: 'ADD MEMBER' }).click();
    // With its validation messages showing.
    await page.getByRole('dialog', { name: 'Add team member' }).getByRole('button', { name: 'Send Invite' }).click();
    await expect(page.getByText('name is required')).toBeVisible();
  });
  await checkDialog(page, 'Member Role and Permissions', () =>
    page
      .getByRole('button', { name: /^Edit the role of/ })
      .first()
      .click(),
  );
});

test('widget customization and its preview', async ({ page }) => {
  await page.goto('/widget-customization');
  await expect(page.getByRole('button', { name: 'Preview widget' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Preview widget' }).click();
  await expect(page.getByRole('dialog', { name: 'PREVIEW WIDGET' })).toBeVisible();
  // The real widget's code in its shadow root, drawn in the partner's colours, on each of its tabs.
  const tabs = page.getByTestId('widget-preview').getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  for (const tab of await tabs.all()) {
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expectAccessible(page);
  }
});

test('fan database, a fan’s history and its dialogs', async ({ page }) => {
  await page.goto('/fan-database');
  await expect(page.getByRole('table', { name: 'Fans' }).getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page);

  await openFanHistory(page, partner());
  await expectAccessible(page);
  await checkDialog(page, 'Confirm identity', () => page.getByRole('button', { name: 'Confirm identity' }).click());
  await page.getByRole('textbox', { name: 'Add a note' }).fill('Asked about step-free access');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Asked about step-free access')).toBeVisible();
  await checkDialog(page, 'Notes', () => page.getByRole('button', { name: 'View More' }).click());
});

test('orders', async ({ page }) => {
  await page.goto('/orders');
  await expect(page.getByRole('table', { name: 'Orders' }).getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page);
});

test('refunds: a fan’s events, an event’s tickets and the refund dialog', async ({ page }) => {
  const { fan, eventId: refundEvent } = await fanWithTickets(page, partner());
  await page.goto(`/fan-refund/${fan.ID}`);
  await expect(page.getByRole('link', { name: /tickets?$/ }).first()).toBeVisible();
  await expectAccessible(page);

  await page.goto(`/fan-refund/${fan.ID}/${refundEvent}`);
  const tickets = page.getByRole('table', { name: 'Tickets' });
  await expect(tickets.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page);
  await tickets
    .getByRole('checkbox', { name: /^Choose ticket/ })
    .first()
    .check();
  await checkDialog(page, 'Refund 1 Ticket', () => page.getByRole('button', { name: 'Refund 1 Ticket' }).click());
});

test('overall analytics, an event’s analysis and the billing history', async ({ page }) => {
  await page.goto('/analytics');
  await expect(page.getByRole('region', { name: 'Overall Summary' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Gross revenue', exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.goto(`/event-analysis/${await eventId(page, partner(), 'Saltwater Sessions')}`);
  await expect(page.getByRole('group', { name: 'Tickets sold', exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/billing-history');
  await expect(page.getByRole('table').first()).toBeVisible();
  await expectAccessible(page);
});
