import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { WidgetSettings } from '@portal/contract';
import { apiToken, onePixelPng, signInTo, specPartner } from './fixtures.ts';

/** This spec's own organization, with the demo's orders, made once in each worker that runs its tests. */
const partner = specPartner({ sales: true });

/** A real TrueType font of our own (public domain): one block glyph for every printable ASCII character. */
const trueTypeFont = readFileSync(path.join(import.meta.dirname, '../support/house-blocks.ttf'));

/**
 * Every Content-Security-Policy violation the page reports, both as the DOM event (shadow roots
 * included, the event is composed) and as the console message Chromium writes for it.
 */
async function watchPolicy(page: Page) {
  const violations: string[] = [];
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      console.warn(`securitypolicyviolation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}`),
    ),
  );
  page.on('console', (msg) => {
    const text = msg.text();
    if (text.startsWith('securitypolicyviolation:') || text.includes('Content Security Policy')) violations.push(text);
  });
  return violations;
}

test('the portal’s screens run under its Content-Security-Policy without a single violation', async ({ page }) => {
  test.setTimeout(90_000);
  const violations = await watchPolicy(page);
  // The screen is drawn once `drawn` shows, and has loaded the fonts its text uses once they are ready.
  const clean = async (screen: string, drawn: Locator) => {
    await expect(drawn).toBeVisible();
    await page.evaluate(async () => void (await document.fonts.ready));
    expect(violations, screen).toEqual([]);
  };

  const login = await page.goto('/login');
  expect(login?.headers()['content-security-policy']).toContain("script-src 'self'");
  await clean('login', page.getByRole('button', { name: 'Log in' }));

  await signInTo(page, partner());
  await clean('event list', page.getByRole('article').first());

  await page.goto('/event-creation');
  await clean('event creation', page.getByRole('region', { name: 'Event and Venue' }));

  // The profile shows the stored logo, and a chosen image is previewed as a data: URL.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Change the profile image' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload Image' }).click();
  await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: onePixelPng });
  await expect(page.getByRole('img', { name: 'Chosen image' })).toHaveAttribute('src', /^data:image\/png;base64,/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await clean('profile', page.getByRole('img', { name: `${partner().name} logo` }));

  // The preview draws an uploaded font (our own file) for the text and a listed web font for titles.
  const token = await apiToken(page, partner());
  const auth = { authorization: `Bearer ${token}` };
  const before = await page.request.get(`/api/partners/${partner().id}/widget`, { headers: auth });
  const { title_brand_font, text_brand_font } = ((await before.json()) as { data: WidgetSettings }).data;
  const upload = await page.request.post(`/api/partners/${partner().id}/widget/fonts`, {
    headers: auth,
    data: { family: 'House Blocks', file: `data:font/ttf;base64,${trueTypeFont.toString('base64')}` },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  try {
    const saved = await page.request.patch(`/api/partners/${partner().id}/widget`, {
      headers: auth,
      data: { title_brand_font: 'Montserrat', text_brand_font: 'House Blocks' },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    await page.goto('/widget-customization');
    await page.getByRole('button', { name: 'Preview widget' }).click();
    const preview = page.getByRole('dialog', { name: 'PREVIEW WIDGET' });
    await expect
      .poll(() =>
        page.evaluate(() => {
          let status: string | undefined;
          document.fonts.forEach((f) => {
            if (f.family.includes('House Blocks')) status = f.status;
          });
          return status;
        }),
      )
      .toBe('loaded');
    await clean('widget customization', preview.getByRole('article', { name: 'Summer Sounds Festival', exact: true }));
  } finally {
    // The widget's look is the organization's: put it back as it was.
    const reset = await page.request.patch(`/api/partners/${partner().id}/widget`, {
      headers: auth,
      data: { title_brand_font, text_brand_font },
    });
    expect(reset.ok(), await reset.text()).toBe(true);
  }

  await page.goto('/analytics');
  await clean('analytics', page.getByRole('img', { name: 'Top events by tickets sold' }));

  await page.goto('/api/docs');
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Partner portal API');
  await clean('API docs', page.locator('.swagger-ui .opblock').first());

  // The watch itself works: an injected inline script is refused and reported.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__ran = true';
    document.body.append(script);
  });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as { __ran?: boolean }).__ran)).toBeUndefined();
});
