import { expect, test, type Locator, type Page } from '@playwright/test';
import type { EventCreated } from '@portal/contract';
import { continueStep, eventOnSale, fillEventAndVenue, partnerApi, signInTo, specPartner } from './fixtures.ts';

const partner = specPartner();

// The browser sits in UTC while every event here happens elsewhere: what a person reads must be the
// event's own wall clock, with its zone named, never the browser's.
test.use({ timezoneId: 'UTC' });

const run = Date.now().toString(36);
const LA = 'America/Los_Angeles';

/** An event in `timeZone` on sale now, with one paid ticket type; answers its ids and the API to ask more. */
async function showOnSale(page: Page, name: string, timeZone: string, start: string, end: string) {
  const call = await partnerApi(page, partner());
  const show = await eventOnSale(call, partner(), { name, timeZone, start, end, ticketType: 'General', amount: 50 });
  return { ...show, call };
}

/** The wizard's scheduling step of a new event in Los Angeles, on its Custom schedule. */
async function customScheduleInLosAngeles(page: Page, name: string) {
  await signInTo(page, partner());
  await page.goto('/event-creation');
  await fillEventAndVenue(page, name, 'Los Angeles');
  const scheduling = page.getByRole('region', { name: 'Scheduling' });
  await scheduling.getByRole('combobox', { name: 'Time zone' }).fill(LA);
  await page.getByRole('option', { name: LA }).click();
  await scheduling.getByText('Custom', { exact: true }).click();
  return scheduling;
}

/** Types day 1's start as a person does, field by field (each is read when it is left). */
async function typeFirstStart(
  scheduling: Locator,
  fields: Record<'month' | 'day' | 'year' | 'hour' | 'minute', string>,
) {
  for (const [field, value] of Object.entries(fields)) {
    const box = scheduling.getByRole('textbox', { name: `Day 1 start ${field}` });
    await box.fill(value);
    await box.blur();
  }
}

test('a fan’s history and both refund screens show an 8 pm Los Angeles show at 8 pm PST', async ({ page }) => {
  // Tuesday December 14, 2027, 8 pm in Los Angeles: Wednesday 04:00 in UTC.
  const show = await showOnSale(page, `Sunset Set ${run}`, LA, '2027-12-15T04:00:00.000Z', '2027-12-15T06:00:00.000Z');
  const buyer = { email: `night-owl-${run}@fans.test`, full_name: `Night Owl ${run}` };
  const bought = await page.request.post('/api/public/checkout', {
    data: {
      partner_id: partner().id,
      event_id: show.id,
      event_day_id: show.dayId,
      items: [{ ticket_type_id: show.typeId, quantity: 2 }],
      buyer,
      payment_method: '4242424242424242',
    },
  });
  expect(bought.ok(), await bought.text()).toBe(true);
  const fans = await show.call(
    'GET',
    `/api/partners/${partner().id}/fans?search=${encodeURIComponent(buyer.full_name)}`,
  );
  const fanId = fans.data[0].ID as number;

  await signInTo(page, partner());
  await page.goto(`/fan-history/${fanId}`);
  const purchases = page.getByRole('table', { name: 'Purchases' });
  await expect(purchases).toContainText('Dec 14, 2027, 8:00 PM PST');
  await expect(purchases).not.toContainText('Dec 15, 2027');

  await page.goto(`/fan-refund/${fanId}`);
  await expect(page.getByText('Dec 14, 2027, 8:00 PM PST')).toBeVisible();
  await page.goto(`/fan-refund/${fanId}/${show.id}`);
  await expect(page.getByRole('table', { name: 'Tickets' })).toContainText('Dec 14, 2027, 8:00 PM PST');

  // The summary's header names the zone too.
  await page.goto(`/event-summary/${show.id}`);
  await expect(page.getByText(/12\/14\/2027 · 8:00 PM PST/)).toBeVisible();
});

test('the summary’s dates editor follows a new time zone and keeps the show at 7 pm', async ({ page }) => {
  // 7 pm in London on December 10, 2027 (GMT).
  const show = await showOnSale(
    page,
    `Zone Shift ${run}`,
    'Europe/London',
    '2027-12-10T19:00:00.000Z',
    '2027-12-10T22:00:00.000Z',
  );
  await signInTo(page, partner());
  await page.goto(`/event-summary/${show.id}`);
  const day = page.getByRole('region', { name: 'Day 1' });
  await expect(day.getByRole('textbox', { name: 'Day 1 start hour' })).toHaveValue('07');

  await page.getByRole('button', { name: 'Edit time zone' }).click();
  await page.getByRole('combobox', { name: 'Time zone' }).fill('America/New_York');
  await page.getByRole('option', { name: 'America/New_York' }).click();
  await page.getByRole('button', { name: 'Save time zone' }).click();
  await expect(page.getByText(/12\/10\/2027 · 7:00 PM EST/)).toBeVisible();

  // The editor shows the saved wall clock in the new zone, with nothing to save.
  await expect(day.getByRole('textbox', { name: 'Day 1 start hour' })).toHaveValue('07');
  await expect(day.getByRole('textbox', { name: 'Day 1 end hour' })).toHaveValue('10');
  await expect(day.getByRole('button', { name: 'Save day 1' })).toHaveCount(0);
  const saved = await show.call('GET', `/api/events/${show.id}`);
  expect(saved.event_days[0].start_date).toBe('2027-12-11T00:00:00.000Z');
});

test('“Add day” keeps the wall-clock time across the night the clocks go forward', async ({ page }) => {
  const scheduling = await customScheduleInLosAngeles(page, `Spring Forward ${run}`);
  // Saturday March 13, 2027, 7 pm: the clocks go forward in the night that follows.
  await typeFirstStart(scheduling, { month: '03', day: '13', year: '2027', hour: '07', minute: '00' });
  await scheduling.getByRole('radio', { name: 'PM' }).first().check({ force: true });
  await expect(scheduling.getByRole('textbox', { name: 'Day 1 start day' })).toHaveValue('13');

  await scheduling.getByRole('button', { name: 'Add day' }).click();
  await expect(scheduling.getByRole('textbox', { name: 'Day 2 start day' })).toHaveValue('14');
  await expect(scheduling.getByRole('textbox', { name: 'Day 2 start hour' })).toHaveValue('07');
  await expect(scheduling.getByRole('textbox', { name: 'Day 2 start minute' })).toHaveValue('00');
});

test('Modify moves a weekly series from Sundays to Mondays, still at 8 pm where it happens', async ({ page }) => {
  const call = await partnerApi(page, partner());
  // Sundays at 8 pm in Los Angeles from January 3, 2027 (Mondays 04:00 in UTC).
  const series = (await call('POST', '/api/events', {
    name: `Sunday Sessions ${run}`,
    venue: 'The Pier',
    event_type: 'concert',
    time_zone: LA,
    partner_id: partner().id,
    rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=SU;COUNT=3',
    event_days: [{ start_date: '2027-01-04T04:00:00.000Z', end_date: '2027-01-04T06:00:00.000Z' }],
  })) as EventCreated[];
  await signInTo(page, partner());
  await page.goto(`/event-summary/${series[1]!.ID}`);
  await expect(page.getByText(/01\/10\/2027 · 8:00 PM PST/)).toBeVisible();

  await page.getByRole('button', { name: 'Modify' }).click();
  const dialog = page.getByRole('dialog', { name: 'Custom Recurrence' });
  await expect(
    dialog.getByText('A series has up to 400 dates; one that never ends is created a year ahead.'),
  ).toBeVisible();
  await dialog.getByText('Mon', { exact: true }).click();
  await dialog.getByText('Sun', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  // The page the organiser is on moved to the first Monday, at the same local time.
  await expect(page.getByText(/01\/04\/2027 · 8:00 PM PST/)).toBeVisible();
  await expect(page.getByText('Part of a recurring series (FREQ=WEEKLY;INTERVAL=1;BYDAY=MO;COUNT=3).')).toBeVisible();
});

test('the recurrence step shows the dates before creating them, and says when the start date is not one', async ({
  page,
}) => {
  const scheduling = await customScheduleInLosAngeles(page, `Open Mic ${run}`);
  await scheduling.getByRole('switch', { name: 'Multiday' }).click();
  await scheduling.getByRole('switch', { name: 'Recurring' }).click();
  // Monday January 4, 2027, 7 pm, under the default rule: every Sunday.
  await typeFirstStart(scheduling, { month: '01', day: '04', year: '2027', hour: '07', minute: '00' });
  await continueStep(page);

  const recurrence = page.getByRole('region', { name: 'Custom Recurrence' });
  await recurrence.getByRole('radio', { name: 'After' }).check();
  await recurrence.getByRole('textbox', { name: 'Number of occurrences' }).fill('12');
  const dates = recurrence.getByRole('region', { name: 'Dates of the series' });
  await expect(dates).toContainText('This creates 12 dates:');
  await expect(dates).toContainText('Sun, Jan 10, 2027, 7:00 PM PST');
  await expect(dates).toContainText('and 4 more');
  await expect(dates).toContainText(
    'Mon, Jan 4, 2027, 7:00 PM PST does not fit the rule, so the series starts on Sun, Jan 10, 2027, 7:00 PM PST.',
  );

  // Every day until the end of 2029 is more than a series may have: refused before anything is made.
  await recurrence.getByRole('combobox', { name: 'Repeats' }).click();
  await page.getByRole('option', { name: 'Daily' }).click();
  await recurrence.getByRole('radio', { name: 'On', exact: true }).check();
  await recurrence.getByRole('textbox', { name: 'End date' }).fill('2029-12-31');
  await expect(recurrence.getByRole('alert')).toContainText(
    'A series has at most 400 dates, and this one would have more. Choose an earlier end date.',
  );
});
