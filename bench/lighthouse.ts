/**
 * Lighthouse's performance score of the portal's first screens, served by the real server
 * (`npm run serve`: the built SPA and the API, the embedded database with its demo data) and loaded
 * by Debian's Chromium: /login as a stranger, and /event-list signed in (the session put where the
 * portal keeps it). Mobile (Lighthouse's default: slow 4G and a 4× slower CPU, simulated) and
 * desktop. Target: at least 95.
 */
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config, type Flags, type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { demoLogin } from '../apps/api/src/db/seed/demo-people.ts';
import { chromiumArgs, chromiumPath } from '../e2e/support/chromium.ts';
import { load } from './lib.ts';
import { signIn, spawnServer } from './server.ts';
import { buildWeb } from './web-bundle.ts';

const lighthouseTarget = 95;
const chromeFlags = ['--headless=new', ...chromiumArgs];
const metrics = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['speed-index', 'SI'],
  ['cumulative-layout-shift', 'CLS'],
] as const;

export async function benchLighthouse(
  webDist = buildWeb(),
  port = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 3597),
  runsPerPage = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3),
) {
  const server = await spawnServer(port, { WEB_DIST: webDist, SEED_DEMO: 'true' });
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags,
  });
  const lines: string[] = [];
  try {
    const session = await signIn(server.base, demoLogin);
    // Under the names the portal's sign-in stores them (apps/web/src/lib/session.ts).
    const stored = JSON.stringify({
      accessToken: session.token,
      uid: session.uid,
      partnerId: String(session.partnerId),
      userId: String(session.userId),
    });
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    // The session survives only if Lighthouse keeps the origin's storage.
    const flags: Flags = {
      port: chrome.port,
      onlyCategories: ['performance'],
      disableStorageReset: true,
      logLevel: 'error',
    };
    /** Several runs, reported by the median score: one run on a shared machine swings by tens of points. */
    const run = async (label: string, route: string, config?: Config) => {
      const runs: Result[] = [];
      const errors: string[] = [];
      for (let i = 0; i < runsPerPage; i++) {
        const { lhr } = (await lighthouse(`${server.origin}${route}`, flags, config, page))!;
        if (lhr.runtimeError) errors.push(lhr.runtimeError.code);
        else if (!lhr.finalDisplayedUrl.endsWith(route)) errors.push(`ended on ${lhr.finalDisplayedUrl}`);
        else runs.push(lhr);
      }
      const score = (lhr: Result) => Math.round((lhr.categories.performance!.score ?? 0) * 100);
      runs.sort((a, b) => score(a) - score(b));
      const median = runs[Math.floor((runs.length - 1) / 2)];
      if (!median) throw new Error(`${route}, ${label}: every run failed (${errors.join(', ')})`);
      const figures = metrics.map(([id, name]) => `${name} ${median.audits[id]!.displayValue ?? '?'}`).join(', ');
      const failing = Object.values(median.audits)
        .filter((a) => a.details?.type === 'opportunity' && a.score !== null && a.score < 0.9)
        .map((a) => a.id);
      lines.push(
        `${route}, ${label}: performance ${score(median)} (median of ${runs.map(score).join(', ')}; target ${lighthouseTarget}: ` +
          `${score(median) >= lighthouseTarget ? 'met' : 'MISSED'}); ${figures}` +
          (failing.length ? `; to fix: ${failing.join(', ')}` : '') +
          (errors.length ? `; failed runs: ${errors.join(', ')}` : '') +
          ` (${load()})`,
      );
    };
    for (const [label, config] of [
      ['mobile', undefined],
      ['desktop', desktopConfig],
    ] as const) {
      await page.goto(`${server.origin}/login`);
      await page.evaluate('localStorage.clear()');
      await run(label, '/login', config);
      await page.evaluate(`Object.entries(${stored}).forEach(([k, v]) => localStorage.setItem(k, v))`);
      await run(label, '/event-list', config);
    }
    await browser.disconnect();
  } finally {
    chrome.kill();
    await server.stop();
  }
  return lines;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const line of await benchLighthouse()) console.log(`  ${line}`);
}
