import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './support/chromium.ts';
import { oidcClient, ports } from './support/ports.ts';

const baseURL = `http://localhost:${ports.portal}`;
const repoRoot = path.resolve(import.meta.dirname, '..');
const tsx = (script: string) => `node --import tsx ${script}`;
// Set once in the main process; the workers inherit it, so tests can read the server's data dir.
process.env.PORTAL_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));

export default defineConfig({
  testDir: './tests',
  // Each spec works in organizations of its own (tests/fixtures.ts: ownPartner), so tests run side by side.
  fullyParallel: true,
  // Every spec makes its own organization, so any test runs beside any other; on the 2-core machine
  // the suite runs on, two browsers and the server starve each other (axe checks took over 90 s), so
  // one worker unless E2E_WORKERS says more.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  webServer: [
    {
      command: tsx('e2e/support/mail-server.ts'),
      cwd: repoRoot,
      url: `http://127.0.0.1:${ports.mailbox}/`,
      reuseExistingServer: false,
    },
    {
      command: tsx('e2e/support/oidc-server.ts'),
      cwd: repoRoot,
      url: `http://localhost:${ports.oidc}/.well-known/openid-configuration`,
      reuseExistingServer: false,
    },
    {
      // The production server (`npm run build` compiled it) on a fresh embedded database with the demo
      // data, serving the built SPA.
      command: 'node --enable-source-maps apps/api/dist/server.js',
      cwd: repoRoot,
      url: `${baseURL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(ports.portal),
        DATA_DIR: process.env.PORTAL_E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
        GOOGLE_CLIENT_ID: oidcClient.id,
        GOOGLE_CLIENT_SECRET: oidcClient.secret,
        GOOGLE_ISSUER: `http://localhost:${ports.oidc}`,
      },
    },
  ],
});
