import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { accessibilitySpec, checkDialog, eventId } from './accessibility-fixtures.ts';
import { continueStep } from './fixtures.ts';

const partner = accessibilitySpec({ signedIn: true });

test('organization choice', async ({ page }) => {
  await page.goto('/organization');
  await expect(page.getByRole('heading', { name: 'Select an organization' })).toBeVisible();
  await expectAccessible(page);
});

test('event list, its team menu and its dialogs', async ({ page }) => {
  await expect(page.getByRole('heading', { name: 'My Events' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Team' }).hover();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible(page);
  await page.mouse.move(5, 500);
  await expect(page.getByRole('menu')).toBeHidden();

  const periods = page.getByRole('button', { name: /^[A-Z][a-z]+ \d{4}$/ });
  for (const heading of await periods.all()) {
    if ((await heading.getAttribute('aria-expanded')) === 'false') await heading.click();
  }
  const card = page.getByRole('article', { name: 'Saltwater Sessions' });
  await checkDialog(page, 'Delete event', async () => {
    await card.hover();
    await card.getByRole('button', { name: 'Delete' }).click();
  });
  await checkDialog(page, 'Tickets are already minted', async () => {
    await card.hover();
    await card.getByRole('button', { name: 'Edit' }).click();
  });
});

test('event creation: every step, the event-type choice, and the ticket step with its dialogs', async ({ page }) => {
  await page.goto('/event-creation');
  await expect(page.getByRole('region', { name: 'Event and Venue' })).toBeVisible();
  await expectAccessible(page);
  await continueStep(page);
  await expect(page.getByRole('textbox', { name: 'Event name' })).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);

  await page.getByRole('textbox', { name: 'Event name' }).fill('Accessible Evening');
  await page.getByRole('combobox', { name: 'Event type' }).click();
  await expect(page.getByRole('option', { name: 'Concert' })).toBeVisible();
  // The options scroll inside their list while focus stays in the combobox, which moves through them
  // with the arrow keys (aria-activedescendant); the list itself is not meant to take focus.
  await expectAccessible(page, { exclude: ['[role="listbox"] .mantine-ScrollArea-viewport'] });
  await page.getByRole('option', { name: 'Concert' }).click();
  await page.getByRole('textbox', { name: 'Venue' }).fill('The Boathouse');
  await page.getByRole('textbox', { name: 'City' }).fill('Portland');
  await continueStep(page);

  const scheduling = page.getByRole('region', { name: 'Scheduling' });
  await expect(scheduling).toBeVisible();
  await expectAccessible(page);
  await scheduling.getByText('Custom', { exact: true }).click();
  await expect(scheduling.getByRole('button', { name: 'Add day' })).toBeVisible();
  await expectAccessible(page);
  await scheduling.getByRole('switch', { name: 'Multiday' }).click();
  await scheduling.getByRole('switch', { name: 'Timeslots' }).click();
  await expect(scheduling.getByRole('button', { name: 'Add slot' })).toBeVisible();
  await expectAccessible(page);
  await scheduling.getByRole('switch', { name: 'Timeslots' }).click();
  await scheduling.getByRole('switch', { name: 'Recurring' }).click();
  await expectAccessible(page);
  await continueStep(page);

  await expect(page.getByRole('region', { name: 'Custom Recurrence' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('radio', { name: 'After' }).check();
  await page.getByRole('textbox', { name: 'Number of occurrences' }).fill('2');
  await continueStep(page);

  for (const step of ['Event Info', 'On sale time', 'Sponsor', 'Event Images', 'Additional Details']) {
    await expect(page.getByRole('region', { name: step })).toBeVisible();
    await expectAccessible(page);
    if (step !== 'Additional Details') await continueStep(page);
  }
  await page.getByRole('button', { name: 'Create Event' }).click();

  await expect(page.getByRole('region', { name: 'Ticket Types' })).toBeVisible();
  await expectAccessible(page);
  const ticket = page.getByRole('group', { name: 'Ticket 1' });
  await checkDialog(page, 'Select Promo Codes to apply', () =>
    ticket.getByRole('button', { name: 'Select Promo Codes' }).click(),
  );
  await checkDialog(page, 'Ticket library', () => ticket.getByRole('button', { name: 'Choose a design' }).click());
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(ticket.getByRole('alert').first()).toBeVisible();
  await expectAccessible(page);
});

test('event summary, each tab', async ({ page }) => {
  await page.goto(`/event-summary/${await eventId(page, partner(), 'Saltwater Sessions')}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Saltwater Sessions' })).toBeVisible();
  await expectAccessible(page);
  for (const tab of await page.getByRole('tab').all()) {
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await expectAccessible(page);
  }
});

test('event summary of time slots, with an inline edit open', async ({ page }) => {
  await page.goto(`/event-summary/${await eventId(page, partner(), 'Lighthouse Night Tours')}`);
  await expect(page.getByRole('region', { name: 'Slot 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit venue' }).click();
  await expect(page.getByRole('button', { name: 'Save venue' })).toBeVisible();
  await expectAccessible(page);
});

test('promo codes and each step of a new one', async ({ page }) => {
  await page.goto('/promo-code');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: '+ Add Promo Code' }).click();
  const first = page.getByRole('region', { name: 'Promo Code Information' });
  await expect(first).toBeVisible();
  await expectAccessible(page);
  await first.getByRole('textbox', { name: 'Code name' }).fill(`A11Y${Date.now() % 100_000}`);
  await first.getByText('Percentage (%)').click();
  await first.getByRole('textbox', { name: /^Discount/ }).fill('10');
  await first.getByRole('textbox', { name: /^Discount/ }).blur();
  for (const step of ['Set Active days', 'Attach to Ticket Type', 'Summary/Preview']) {
    await continueStep(page);
    await expect(page.getByRole('region', { name: step })).toBeVisible();
    if (step === 'Attach to Ticket Type') {
      await page.getByRole('region', { name: 'Saltwater Sessions' }).getByRole('checkbox').first().check();
    }
    await expectAccessible(page);
  }
});
