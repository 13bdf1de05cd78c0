import { expect, test, type Page } from '@playwright/test';
import type { EventListItem, FanList, RefundEvent } from '@portal/contract';
import { expectAccessible } from '../support/axe.ts';
import { continueStep, demo, inviteMember, mailedLink, ownPartner, signInTo, type OwnPartner } from './fixtures.ts';

/** This spec's own organization, with the demo's orders, made once in each worker that runs its tests. */
let partner: OwnPartner;
test.beforeAll(async ({ request }) => {
  partner = await ownPartner(request, { sales: true });
});

/** What the API answers the signed-in demo admin. */
async function fromApi<T>(page: Page, url: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const res = await page.request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), url).toBe(true);
  return (await res.json()).data as T;
}

const eventId = async (page: Page, name: string) =>
  (await fromApi<EventListItem[]>(page, `/api/events?partner_id=${partner.id}`)).find((e) => e.name === name)!.ID;

/** A demo fan who holds tickets that can be refunded, and the first such event. */
async function fanWithTickets(page: Page) {
  const fans = await fromApi<FanList>(page, `/api/partners/${partner.id}/fans?per_page=100`);
  for (const fan of fans.data) {
    const events = await fromApi<RefundEvent[]>(page, `/api/transactions/tickets_for_refund/${partner.id}/${fan.ID}`);
    if (events[0]) return { fan, eventId: events[0].EventID };
  }
  throw new Error('no demo fan holds refundable tickets');
}

/** Opens a dialog through `open`, checks the page with it, and closes it with Escape. */
async function checkDialog(page: Page, name: string | RegExp, open: () => Promise<void>) {
  await open();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

// A test here runs several axe passes, each of which can take seconds on a busy machine.
test.describe.configure({ timeout: 90_000 });

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
    await inviteMember(page, partner, { fullName: 'Ada Invitee', email, roleValue: 'Manager' });
    await page.goto(await mailedLink(email));
    await expect(page).toHaveURL(/\/member-login\?/);
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectAccessible(page);
  });
});

test.describe('signed in', () => {
  test.beforeEach(async ({ page }) => {
    await signInTo(page, partner);
  });

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
    await page.goto(`/event-summary/${await eventId(page, 'Saltwater Sessions')}`);
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
    await page.goto(`/event-summary/${await eventId(page, 'Lighthouse Night Tours')}`);
    await expect(page.getByRole('region', { name: 'Slot 1' })).toBeVisible();
    await page.getByRole('button', { name: 'Edit venue' }).click();
    await expect(page.getByRole('button', { name: 'Save venue' })).toBeVisible();
    await expectAccessible(page);
  });

  test('profile and its dialogs', async ({ page }) => {
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Organization profile' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Organization members' }).getByRole('listitem').first(),
    ).toBeVisible();
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

    const { fan } = await fanWithTickets(page);
    await page.goto(`/fan-history/${fan.ID}`);
    await expect(page.getByRole('table', { name: 'Purchases' })).toBeVisible();
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
    const { fan, eventId: refundEvent } = await fanWithTickets(page);
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

    await page.goto(`/event-analysis/${await eventId(page, 'Saltwater Sessions')}`);
    await expect(page.getByRole('group', { name: 'Tickets sold', exact: true })).toBeVisible();
    await expectAccessible(page);

    await page.goto('/billing-history');
    await expect(page.getByRole('table').first()).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('below 730 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('login', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expectAccessible(page);
  });

  test('event list with the navigation drawer, orders and a fan’s history', async ({ page }) => {
    await signInTo(page, partner);
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

    const { fan } = await fanWithTickets(page);
    await page.goto(`/fan-history/${fan.ID}`);
    await expect(page.getByRole('table', { name: 'Purchases' })).toBeVisible();
    await expectAccessible(page);
  });
});
