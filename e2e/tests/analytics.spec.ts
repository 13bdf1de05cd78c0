import { expect, test, type Page } from '@playwright/test';
import type { BillingRow, EventAnalytics, PartnerAnalytics } from '@portal/contract';
import { apiToken, signInTo, specPartner } from './fixtures.ts';

/** This spec's own organization, with the demo's orders, made once in each worker that runs its tests. */
const partner = specPartner({ sales: true });

const money = (dollars: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);
const count = (n: number) => new Intl.NumberFormat('en-US').format(n);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What the API answers the demo admin, to hold the pages to. */
async function fromApi<T>(page: Page, url: string): Promise<T> {
  const token = await apiToken(page, partner());
  const res = await page.request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), url).toBe(true);
  return (await res.json()).data as T;
}

const figure = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

test.beforeEach(async ({ page }) => {
  await signInTo(page, partner());
});

test('the overall analytics show the API totals, and a card opens the event analysis', async ({ page }) => {
  const overall = await fromApi<PartnerAnalytics>(page, `/api/events/analytics/${partner().id}`);
  await page.getByRole('link', { name: 'Analytics', exact: true }).click();
  await expect(page).toHaveURL(/\/analytics$/);

  const summary = page.getByRole('region', { name: 'Overall Summary' });
  await expect(figure(page, 'Gross tickets sold')).toContainText(count(overall.gross_tickets_sold));
  await expect(figure(page, 'Gross revenue')).toContainText(money(overall.gross_revenue));
  await expect(figure(page, 'Total events')).toContainText(count(overall.total_events));
  await expect(summary.getByRole('img', { name: 'Top events by tickets sold' })).toBeVisible();

  // The first period is open, the others closed.
  const [first, second] = overall.event_analytics;
  await expect(page.getByRole('button', { name: first!.period })).toHaveAttribute('aria-expanded', 'true');
  if (second) await expect(page.getByRole('button', { name: second.period })).toHaveAttribute('aria-expanded', 'false');

  const concert = overall.event_analytics.find((g) => g.events.some((e) => e.name === 'Saltwater Sessions'))!;
  const card = concert.events.find((e) => e.name === 'Saltwater Sessions')!;
  const control = page.getByRole('button', { name: concert.period });
  if ((await control.getAttribute('aria-expanded')) === 'false') await control.click();
  const link = page.getByRole('link', { name: new RegExp(`^${escape(card.name)}:`) });
  await expect(link).toContainText(count(card.tickets_sold));
  await expect(link).toContainText(money(card.ticket_sold_value));
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/event-analysis/${card.ID}$`));
});

test('the event analysis shows the API figures in its header and three sections', async ({ page }) => {
  const overall = await fromApi<PartnerAnalytics>(page, `/api/events/analytics/${partner().id}`);
  const id = overall.ordered_by_sells.find((e) => e.name === 'Saltwater Sessions')!.ID;
  const a = await fromApi<EventAnalytics>(page, `/api/events/${id}/analytics?full_info=true`);
  await page.goto(`/event-analysis/${id}`);

  await expect(page.getByRole('heading', { name: a.name })).toBeVisible();
  await expect(figure(page, 'Tickets sold')).toContainText(count(a.tickets_sold));
  await expect(figure(page, 'Sold value')).toContainText(money(a.ticket_sold_value));
  await expect(figure(page, 'Tickets open')).toContainText(count(a.tickets_open));
  await expect(figure(page, 'Gross potential')).toContainText(money(a.total_gross_potential));

  await expect(figure(page, 'Total face value')).toContainText(money(a.sales.total_face_value));
  await expect(figure(page, 'Sales today')).toContainText(count(a.sales.sales_today));
  await expect(figure(page, 'Holds')).toContainText(count(a.inventory.holds));
  await expect(figure(page, 'Tickets distributed')).toContainText(count(a.inventory.tickets_distributed));
  await expect(figure(page, 'Total attendance')).toContainText(count(a.attendance.total_attendance));
  await expect(page.getByRole('img', { name: 'Tickets issued per day' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Sold and open by ticket type' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Attendance by ticket type' })).toBeVisible();
  const vip = a.inventory.by_ticket_type!.find((t) => t.name === 'VIP')!;
  await expect(
    page.getByRole('table', { name: 'Inventory by ticket type' }).getByRole('row', { name: /VIP/ }),
  ).toContainText(count(vip.opens));

  // Sections collapse and open again.
  const sales = page.getByRole('button', { name: 'Sales', exact: true });
  await sales.click();
  await expect(figure(page, 'Total face value')).toBeHidden();
  await sales.click();
  await expect(figure(page, 'Total face value')).toBeVisible();
});

test('the billing history lists the API rows and searches them by event name', async ({ page }) => {
  const rows = await fromApi<BillingRow[]>(page, `/api/analytics/billing/${partner().id}`);
  expect(rows.length).toBeGreaterThan(1);
  await page.goto('/analytics');
  await page.getByRole('link', { name: 'Billing history' }).click();
  await expect(page).toHaveURL(/\/billing-history$/);

  const table = page.getByRole('table', { name: 'Billing history' });
  await expect(table.getByRole('row')).toHaveCount(rows.length + 1);
  const row = rows[0]!;
  const line = table.getByRole('row', { name: new RegExp(escape(row.event_name)) });
  await expect(line).toContainText(money(row.provider_amount));
  await expect(line).toContainText(`${Math.round(row.provider_percentage * 10_000) / 100} %`);

  await page.getByLabel('Search events').fill(row.event_name.slice(0, 6).toUpperCase());
  const matching = rows.filter((r) => r.event_name.toLowerCase().includes(row.event_name.slice(0, 6).toLowerCase()));
  await expect(table.getByRole('row')).toHaveCount(matching.length + 1);
  await page.getByLabel('Search events').fill('no such event at all');
  await expect(page.getByText('No event matches “no such event at all”.')).toBeVisible();
});
