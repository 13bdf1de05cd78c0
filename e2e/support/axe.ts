import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.0 and 2.1, levels A and AA. */
const wcagAA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

const blocking = new Set(['serious', 'critical']);

const describe = (v: Violation) =>
  `${v.id} (${v.impact}): ${v.help} [${v.helpUrl}]\n${v.nodes
    .map(
      (n) =>
        `    ${n.target.join(' ')} ${n.html.slice(0, 160)}\n      ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`,
    )
    .join('\n')}`;

/**
 * Runs axe on the page as it stands and fails on any serious or critical WCAG A/AA violation,
 * listing each one's rule, impact, help and offending elements.
 */
export async function expectAccessible(page: Page, options: { exclude?: string[] } = {}) {
  // Animations end first: mid-transition opacity would show up as contrast failures that nobody
  // ever sees. Endless ones (spinners) are left out, as they never end. A dialog is first drawn
  // transparent and only starts its transition a frame later, when no animation runs yet, so a
  // dialog must also stand at full opacity.
  await page.waitForFunction(() => {
    const settled = document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity);
    const opaque = (el: Element | null): boolean =>
      el === null || (getComputedStyle(el).opacity === '1' && opaque(el.parentElement));
    return settled && Array.from(document.querySelectorAll('[role="dialog"]')).every(opaque);
  });
  const builder = new AxeBuilder({ page }).withTags(wcagAA);
  for (const selector of options.exclude ?? []) builder.exclude(selector);
  const { violations } = await builder.analyze();
  const found = violations.filter((v) => blocking.has(v.impact ?? '')).map(describe);
  expect(found, `accessibility violations on ${page.url()}:\n${found.join('\n')}`).toEqual([]);
}
