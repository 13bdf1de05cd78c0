import { expect, type Page } from '@playwright/test';

/** In the seat map editor, from the portal's event list: a new map "Main house" at Grand Theatre, ten rows of twenty seats with an aisle after the tenth. */
export async function draftTheatre(page: Page) {
  await page.getByRole('link', { name: 'Seat maps' }).click();
  await expect(page.getByText('No seat maps yet.')).toBeVisible();
  await page.getByRole('link', { name: 'New seat map' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Main house');
  await page.getByRole('textbox', { name: 'Venue' }).fill('Grand Theatre');
  await page.getByRole('textbox', { name: 'New section name' }).fill('Stalls');
  await page.getByRole('textbox', { name: 'Rows' }).fill('10');
  await page.getByRole('textbox', { name: 'Seats per row' }).fill('20');
  await page.getByRole('textbox', { name: 'Aisles after seats' }).fill('10');
  await page.getByRole('button', { name: 'Add section' }).click();
  await expect(page.getByText('200 seats in 1 section')).toBeVisible();
}
