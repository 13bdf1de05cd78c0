import { expect, test, type Page } from '@playwright/test';
import type { EventCreated } from '@portal/contract';
import { expectAccessible } from '../support/axe.ts';
import { apiToken, continueStep, eventNamed, fromApi, onePixelPng, signInTo, specPartner } from './fixtures.ts';

/** This spec's own organization, made once in each worker that runs its tests. */
const partner = specPartner();

type Promo = {
  code: string;
  percentage: number;
  discount: number;
  draft: boolean;
  active: boolean;
  start_date: string;
  end_date: string;
  TicketTypes: { name: string; event_id: number; event_name: string; quantity: number }[];
};
const promo = async (page: Page, code: string) =>
  (await fromApi<Promo[]>(page, `/api/promocodes?partner_id=${partner().id}`)).find((p) => p.code === code)!;

async function fillStepOne(page: Page, code: string, type: 'Flat ($)' | 'Percentage (%)', amount: string) {
  const step = page.getByRole('region', { name: 'Promo Code Information' });
  await step.getByRole('textbox', { name: 'Code name' }).fill(code);
  await step.getByText(type).click();
  const discount = step.getByRole('textbox', { name: /^Discount/ });
  await discount.fill(amount);
  await discount.blur();
}

test('creates a percentage promo limited to two days, attached to two ticket types with quantities', async ({
  page,
}) => {
  await signInTo(page, partner());
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Promo Codes' }).click();
  await page.getByRole('button', { name: '+ Add Promo Code' }).click();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await fillStepOne(page, 'SPRING20', 'Percentage (%)', '20');
  await page.getByRole('button', { name: 'Continue' }).click();

  const days = page.getByRole('region', { name: 'Set Active days' });
  const inTwoDays = await page.evaluate(() => {
    const d = new Date(Date.now() + 2 * 86_400_000);
    return {
      month: String(d.getMonth() + 1).padStart(2, '0'),
      day: String(d.getDate()).padStart(2, '0'),
      year: String(d.getFullYear()),
    };
  });
  await days.getByRole('textbox', { name: 'Ends month' }).fill(inTwoDays.month);
  await days.getByRole('textbox', { name: 'Ends month' }).blur();
  await days.getByRole('textbox', { name: 'Ends day' }).fill(inTwoDays.day);
  await days.getByRole('textbox', { name: 'Ends day' }).blur();
  await days.getByRole('textbox', { name: 'Ends year' }).fill(inTwoDays.year);
  await days.getByRole('textbox', { name: 'Ends year' }).blur();
  await page.getByRole('button', { name: 'Continue' }).click();

  const attach = page.getByRole('region', { name: 'Attach to Ticket Type' });
  const concert = attach.getByRole('region', { name: 'Saltwater Sessions' });
  await concert.getByRole('checkbox', { name: 'General Admission' }).check();
  await concert.getByRole('textbox', { name: 'Quantity for Saltwater Sessions General Admission' }).fill('30');
  await concert.getByRole('checkbox', { name: 'VIP' }).check();
  await concert.getByRole('textbox', { name: 'Quantity for Saltwater Sessions VIP' }).fill('10');
  await page.getByRole('button', { name: 'Continue' }).click();

  const summary = page.getByRole('region', { name: 'Summary/Preview' });
  await expect(summary.getByText('20% off')).toBeVisible();
  await expect(summary.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Create', exact: true }).click();

  await expect(page).toHaveURL(/\/promo-code$/);
  const card = page.getByRole('article', { name: 'SPRING20' });
  await expect(card.getByText('NEW')).toBeVisible();
  await expect(card.getByText('20% off')).toBeVisible();
  const saved = await promo(page, 'SPRING20');
  expect(saved).toMatchObject({ percentage: 0.2, draft: false, active: true });
  expect(new Date(saved.end_date).getTime() - new Date(saved.start_date).getTime()).toBe(2 * 86_400_000);
  expect(saved.TicketTypes.map((t) => [t.name, t.quantity])).toEqual([
    ['General Admission', 30],
    ['VIP', 10],
  ]);
});

test('creates a flat unlimited promo from an event summary and lands back there', async ({ page }) => {
  await signInTo(page, partner());
  const festival = await eventNamed(page, partner(), 'Harbour Lights Festival');
  await page.goto(`/event-summary/${festival.ID}`);
  await page.getByRole('tab', { name: 'Promo Codes' }).click();
  await page.getByRole('button', { name: '+ Add Promo Code' }).click();
  await expect(page).toHaveURL(/\/promo-code-steps$/);

  await fillStepOne(page, 'FLAT7', 'Flat ($)', '7.50');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('region', { name: 'Set Active days' }).getByText('Unlimited').click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page
    .getByRole('region', { name: 'Harbour Lights Festival' })
    .getByRole('checkbox', { name: 'Weekend Pass' })
    .check();
  await page.getByRole('button', { name: 'Continue' }).click();
  // Unlimited days, and an unlimited quantity of Weekend Passes.
  await expect(
    page.getByRole('region', { name: 'Summary/Preview' }).getByText('Unlimited', { exact: true }),
  ).toHaveCount(2);
  await page.getByRole('button', { name: 'Create', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/event-summary/${festival.ID}$`));
  await page.getByRole('tab', { name: 'Promo Codes' }).click();
  await expect(page.getByRole('article', { name: 'FLAT7' })).toBeVisible();
  expect(await promo(page, 'FLAT7')).toMatchObject({
    discount: 7.5,
    end_date: '1970-01-01T00:00:00.000Z',
    draft: false,
  });
});

// On the seeded codes: a flat one and a percentage one attached to two ticket types.
test('disables, re-activates and edits a promo', async ({ page }) => {
  await signInTo(page, partner());
  await page.goto('/promo-code');
  const card = page.getByRole('article', { name: 'HARBOUR5' });
  await card.getByRole('button', { name: 'Disable' }).click();
  await expect(card.getByRole('button', { name: 'Activate' })).toBeVisible();
  await expect(card.getByText('Inactive')).toBeVisible();
  expect((await promo(page, 'HARBOUR5')).active).toBe(false);
  await card.getByRole('button', { name: 'Activate' }).click();
  await expect(card.getByRole('button', { name: 'Disable' })).toBeVisible();
  expect((await promo(page, 'HARBOUR5')).active).toBe(true);

  await page.getByRole('article', { name: 'EARLYBIRD' }).getByRole('button', { name: 'Edit' }).click();
  const info = page.getByRole('region', { name: 'Promo Code Information' });
  await expect(info.getByRole('textbox', { name: 'Code name' })).toHaveValue('EARLYBIRD');
  await info.getByRole('textbox', { name: /^Discount/ }).fill('25');
  await info.getByRole('textbox', { name: /^Discount/ }).blur();
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('article', { name: 'EARLYBIRD' }).getByText('25% off')).toBeVisible();
  expect((await promo(page, 'EARLYBIRD')).TicketTypes).toHaveLength(2);
});

test('a duplicate code name shows the spec message under the name', async ({ page }) => {
  await signInTo(page, partner());
  await page.goto('/promo-code');
  await page.getByRole('button', { name: '+ Add Promo Code' }).click();
  await fillStepOne(page, 'earlybird', 'Flat ($)', '5');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByRole('region', { name: 'Promo Code Information' }).getByText('Promocode name already used'),
  ).toBeVisible();
  // What was typed is not saved: Cancel asks before it is dropped.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/promo-code$/);
});

test('Enter continues a step, and leaving with unsaved changes asks first', async ({ page }) => {
  await signInTo(page, partner());
  await page.goto('/promo-code');
  await page.getByRole('button', { name: '+ Add Promo Code' }).click();
  await fillStepOne(page, `ENTER${Date.now() % 100000}`, 'Flat ($)', '5');
  await page.getByRole('textbox', { name: 'Code name' }).press('Enter');
  const days = page.getByRole('region', { name: 'Set Active days' });
  await expect(days).toBeVisible();

  // Saved by Continue: nothing to lose yet, so the way out is open.
  await days.getByRole('textbox', { name: 'Ends year' }).fill('2031');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Events' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(days).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Events' }).click();
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/event-list$/);
});

test.describe('with many events', () => {
  // The browser sits in UTC; the series happens in New York, and its dates read in New York time.
  test.use({ timezoneId: 'UTC' });

  test('attaches a code to every date of a series with its "select all"', async ({ page }) => {
    const run = Date.now().toString(36);
    const name = `Quiz Night ${run}`;
    const auth = { authorization: `Bearer ${await apiToken(page, partner())}` };
    const post = async (url: string, data: unknown) => {
      const res = await page.request.post(url, { headers: auth, data });
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()).data;
    };
    const start = new Date(Date.now() + 10 * 86_400_000);
    start.setUTCHours(23, 0, 0, 0);
    const dates = (await post('/api/events', {
      name,
      venue: 'The Pier',
      event_type: 'other',
      time_zone: 'America/New_York',
      partner_id: partner().id,
      rrule: 'FREQ=DAILY;INTERVAL=7;COUNT=4',
      event_days: [{ start_date: start.toISOString(), end_date: new Date(start.getTime() + 7_200_000).toISOString() }],
    })) as EventCreated[];
    expect(dates).toHaveLength(4);
    const design = await post('/api/templates', {
      partner_id: partner().id,
      image: `data:image/png;base64,${onePixelPng.toString('base64')}`,
    });
    await post('/api/ticket_types?recurrence=1', [
      { name: 'Entry', initial_price: 10, amount: 40, template_id: design.ID, event_id: dates[0]!.ID },
      { name: 'Team Table', initial_price: 40, amount: 10, template_id: design.ID, event_id: dates[0]!.ID },
    ]);

    await signInTo(page, partner());
    await page.goto('/promo-code');
    await page.getByRole('button', { name: '+ Add Promo Code' }).click();
    await fillStepOne(page, `QUIZ${run}`.toUpperCase(), 'Flat ($)', '3');
    await continueStep(page);
    await expect(page.getByRole('region', { name: 'Set Active days' })).toBeVisible();
    await continueStep(page);

    const attach = page.getByRole('region', { name: 'Attach to Ticket Type' });
    const search = attach.getByRole('searchbox', { name: 'Search events or ticket types' });
    await search.fill(name);
    // Enter in the search box searches; it does not continue the wizard.
    await search.press('Enter');
    await expect(attach).toBeVisible();
    const series = attach.getByRole('region', { name });
    await expect(series.getByText(/^4 dates · /)).toBeVisible();
    const all = series.getByRole('checkbox', { name: `Select all 4 dates of ${name}` });
    await all.check();
    await expect(series.getByText('8 of 8 ticket types selected')).toBeVisible();

    // Each date under the series, in New York time and named so, whatever the browser's zone.
    await series.getByRole('button', { name: 'Show dates' }).click();
    const days = series.getByRole('group');
    await expect(days).toHaveCount(4);
    await expect(days.first()).toHaveAccessibleName(/\d{4}, \d{1,2}:00\s[AP]M E[SD]T$/);
    // On a phone too: nothing runs off the side, and axe finds nothing to fix.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await days.nth(2).getByRole('checkbox', { name: 'Team Table' }).uncheck();
    await expect(all).toBeChecked({ indeterminate: true });
    await all.check();
    await expect(all).toBeChecked();

    await continueStep(page);
    const summary = page.getByRole('region', { name: 'Summary/Preview' });
    await expect(summary.getByRole('row', { name: `${name} · 4 dates Entry Unlimited` })).toBeVisible();
    await expect(summary.getByRole('row', { name: `${name} · 4 dates Team Table Unlimited` })).toBeVisible();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page).toHaveURL(/\/promo-code$/);

    const saved = await promo(page, `QUIZ${run}`.toUpperCase());
    expect(saved.draft).toBe(false);
    expect(saved.TicketTypes).toHaveLength(8);
    expect(new Set(saved.TicketTypes.map((t) => t.event_id))).toEqual(new Set(dates.map((d) => d.ID)));
    expect(saved.TicketTypes.every((t) => t.event_name === name && t.quantity === -1)).toBe(true);
  });
});
