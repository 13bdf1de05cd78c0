import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { formatWeekdayInZone, type CheckoutResult, type HolderTicket, type PublicEvent } from '@portal/contract';
import { mailedLink, signInTo, type OwnPartner } from '../tests/fixtures.ts';

export type Fan = { name: string; email: string };

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/**
 * `quantity` Day Passes of the partner's festival for `fan`, bought on the widget's checkout for the day at
 * `dayIndex` (in date order); answers the event and the day.
 */
export async function buyDayPasses(
  request: APIRequestContext,
  partner: OwnPartner,
  fan: Fan,
  dayIndex: number,
  quantity: number,
) {
  const events = await data<PublicEvent[]>(await request.get(`/api/public/partners/${partner.id}/events`));
  const festival = events.find((e) => e.name === 'Harbour Lights Festival')!;
  const day = [...festival.days].sort((a, b) => a.start_date.localeCompare(b.start_date))[dayIndex]!;
  await data<CheckoutResult>(
    await request.post('/api/public/checkout', {
      data: {
        partner_id: partner.id,
        event_id: festival.ID,
        event_day_id: day.ID,
        items: [{ ticket_type_id: festival.ticket_types.find((t) => t.name === 'Day Pass')!.ID, quantity }],
        buyer: { email: fan.email, full_name: fan.name },
        payment_method: '4242424242424242',
      },
    }),
  );
  return {
    eventId: festival.ID,
    timeZone: festival.time_zone,
    day,
    dayLabel: formatWeekdayInZone(day.start_date, festival.time_zone),
  };
}

/** The fan's tickets to the event with their signed passes, read as the fan's widget reads them after a mailed sign-in. */
export async function holderTickets(request: APIRequestContext, fan: Fan, eventId: number) {
  await data(await request.post('/api/identity/sign-in-link', { data: { email: fan.email } }));
  const oobCode = new URL(await mailedLink(fan.email)).searchParams.get('oobCode');
  const { id_token } = await data<{ id_token: string }>(
    await request.post('/api/identity/sign-in-with-code', { data: { oobCode } }),
  );
  const { access_token } = await data<{ access_token: string }>(
    await request.post('/api/login', { data: { firebase_id: id_token } }),
  );
  const tickets = await data<HolderTicket[]>(
    await request.get('/api/holder/tickets', { headers: { authorization: `Bearer ${access_token}` } }),
  );
  return tickets.filter((t) => t.event_id === eventId && t.pass);
}

/** Opens the partner's festival's check-in from its card on the event list, on the given day. */
export async function openGate(page: Page, partner: OwnPartner, dayLabel: string) {
  await signInTo(page, partner);
  // The festival is months away, in a period the list shows closed.
  await expect(page.getByRole('article').first()).toBeVisible();
  const periods = page.getByRole('button', { name: /^[A-Z][a-z]+ \d{4}$/ });
  for (const heading of await periods.all()) {
    if ((await heading.getAttribute('aria-expanded')) === 'false') await heading.click();
  }
  const card = page.getByRole('article', { name: 'Harbour Lights Festival' });
  await card.hover();
  await card.getByRole('button', { name: 'Check-in' }).click();
  await expect(page.getByRole('heading', { name: 'Check-in', exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Day' }).selectOption({ label: dayLabel });
}

/** "N admitted of M expected", as the page shows it. */
export async function admissions(page: Page) {
  const text = page.getByRole('region', { name: 'Admissions' });
  await expect(text).toContainText(/\d+ admitted of \d+ expected/);
  const [, admitted, expected] = /(\d+) admitted of (\d+) expected/.exec((await text.textContent())!)!;
  return { admitted: Number(admitted), expected: Number(expected) };
}

/** Types a code (or a pass) into the gate's field and sends it. */
export async function typeAtGate(page: Page, text: string) {
  const field = page.getByRole('textbox', { name: 'Ticket code' });
  await field.fill(text);
  await field.press('Enter');
}
