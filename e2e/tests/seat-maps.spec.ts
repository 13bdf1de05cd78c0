import { expect, test, type Page } from '@playwright/test';
import type { SeatMap } from '@portal/contract';
import { expectAccessible } from '../support/axe.ts';
import { partnerApi, signInTo, specPartner } from './fixtures.ts';
import { draftTheatre } from './seat-map-editor.ts';

const partner = specPartner();

const savedMap = async (page: Page, id: number): Promise<SeatMap> =>
  (await partnerApi(page, partner()))('GET', `/api/partner/v1/seatmaps/seatmap?id=${id}`);

const seat = (page: Page, name: string) => page.getByRole('checkbox', { name, exact: true });

test('builds a theatre of 10 rows of 20 in the editor, saves it and finds it again', async ({ page }) => {
  // A long walk through the editor (200 seats drawn, dragged, saved, read again and checked by axe).
  test.setTimeout(90_000);
  await signInTo(page, partner());
  await draftTheatre(page);

  await page.getByRole('button', { name: 'Categories' }).click();
  // A click while the panel is still sliding open can land on its clipped edge and do nothing, as it
  // would for a person, who clicks again: so does the test, until the second category is there.
  const second = page.getByRole('textbox', { name: 'Category 2 name' });
  await expect(async () => {
    if (!(await second.isVisible())) await page.getByRole('button', { name: 'Add category' }).click();
    await expect(second).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await second.fill('Premium');

  // The first seat by a click, the second from the keyboard.
  await seat(page, 'Stalls, row A, seat 1, Standard').click();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await expect(page.getByText('2 seats chosen')).toBeVisible();
  await page.getByRole('combobox', { name: 'Category of the chosen seats' }).click();
  await page.getByRole('option', { name: 'Premium' }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('button', { name: 'Clear choice' }).click();
  await seat(page, 'Stalls, row A, seat 1, Premium').click();
  await page.getByRole('button', { name: 'Mark accessible' }).click();
  await expect(seat(page, 'Stalls, row A, seat 1, Premium, accessible')).toBeVisible();

  // The section dragged by its name.
  const handle = page.getByRole('button', { name: /^Section Stalls/ });
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 30, { steps: 5 });
  await page.mouse.up();

  await page.getByRole('button', { name: 'Save seat map' }).click();
  await expect(page.getByText('Seat map saved')).toBeVisible();
  await expect(page).toHaveURL(/\/event-list\/seat-maps\/\d+$/);
  const id = Number(page.url().split('/').at(-1));

  const map = await savedMap(page, id);
  expect(map).toMatchObject({ name: 'Main house', venue: 'Grand Theatre', seat_count: 200 });
  expect(map.categories.map((c) => c.name)).toEqual(['Standard', 'Premium']);
  const stalls = map.sections[0]!;
  expect(stalls.x).toBeGreaterThan(0);
  expect(stalls.rows.map((r) => r.label)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J']);
  expect(stalls.rows[0]!.seats.slice(0, 3)).toMatchObject([
    { label: '1', category: 'Premium', accessible: true },
    { label: '2', category: 'Premium', accessible: false },
    { label: '3', category: 'Standard' },
  ]);
  // An aisle after seat 10: seat 11 stands two places from seat 10.
  expect(stalls.rows[0]!.seats[10]!.x - stalls.rows[0]!.seats[9]!.x).toBe(2);

  await page.reload();
  await expect(page.getByText('200 seats in 1 section')).toBeVisible();
  await expect(seat(page, 'Stalls, row J, seat 20, Standard')).toBeVisible();
  await expectAccessible(page);

  await page.goto('/event-list/seat-maps');
  const row = page.getByRole('row', { name: /Main house/ });
  await expect(row).toContainText('Grand Theatre');
  await expect(row).toContainText('200');
  await row.getByRole('button', { name: 'Delete Main house' }).click();
  await page.getByRole('button', { name: 'Delete seat map' }).click();
  await expect(page.getByText('No seat maps yet.')).toBeVisible();
});

test('says in plain words what keeps a seat map from being saved', async ({ page }) => {
  await signInTo(page, partner());
  await page.goto('/event-list/seat-maps/new');
  await page.getByRole('button', { name: 'Save seat map' }).click();
  await expect(page.getByRole('alert', { name: 'Not saved' })).toContainText('Name is required.');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Studio');
  await page.getByRole('textbox', { name: 'Venue' }).fill('Black Box');
  await page.getByRole('button', { name: 'Save seat map' }).click();
  await expect(page.getByRole('alert', { name: 'Not saved' })).toContainText('A seat map needs at least one section.');
});
