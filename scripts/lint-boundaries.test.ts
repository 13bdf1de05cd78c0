import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') });

/** The messages of `rule` for a probe file holding `source`, linted as if it lived at `file`. */
async function errorsOf(rule: string, file: string, source: string) {
  const [result] = await eslint.lintText(source, { filePath: file });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

const importing = (target: string) => `import { x } from '${target}';\nexport const y = x;\n`;

/** Each probe — [file, what it imports] — must draw exactly one error of `rule` matching `message`. */
async function expectRefused(rule: string, message: RegExp, probes: [string, string][]) {
  for (const [file, target] of probes) {
    expect(await errorsOf(rule, file, importing(target)), `${file} → ${target}`).toEqual([
      expect.stringMatching(message),
    ]);
  }
}

/** Each probe must draw no error of `rule`. */
async function expectAllowed(rule: string, probes: [string, string][]) {
  for (const [file, target] of probes) {
    expect(await errorsOf(rule, file, importing(target)), `${file} → ${target}`).toEqual([]);
  }
}

describe('a web feature never imports another (boundaries/web-features)', () => {
  const rule = 'boundaries/web-features';
  const message = /reaches inside apps\/web\/src\/features\/fans\. Features do not import each other/;

  it('refuses another feature, however the path is written and wherever the importer sits', async () => {
    await expectRefused(rule, message, [
      ['apps/web/src/features/orders/probe.ts', '../fans/api/fan-data.ts'],
      ['apps/web/src/features/orders/pages/probe.tsx', '../../fans/api/fan-data.ts'],
      ['apps/web/src/features/events/components/summary/probe.tsx', '../../../fans'],
      ['apps/web/src/features/refunds/probe.ts', '../../features/fans/api/fan-data.ts'],
      ['apps/web/src/features/refunds/pages/probe.ts', '../../../features/fans/index.ts'],
      ['apps/web/src/features/orders/probe.ts', '@portal/web/src/features/fans/api/fan-data.ts'],
      ['apps/web/src/components/probe.tsx', '../features/fans/api/fan-data.ts'],
      ['apps/web/src/lib/probe.ts', '../features/fans/api/fan-data.ts'],
    ]);
  });

  it('refuses a re-export, a lazy import and a type import of another feature', async () => {
    const source = [
      "export * from '../fans/api/fan-data.ts';",
      "export const page = () => import('../fans/pages/fan-page.tsx');",
      "export type Fan = import('../fans/api/fan-data.ts').Fan;",
    ].join('\n');
    const errors = await errorsOf(rule, 'apps/web/src/features/orders/probe.ts', source);
    expect(errors).toEqual([
      expect.stringMatching(message),
      expect.stringMatching(message),
      expect.stringMatching(message),
    ]);
  });

  it('lets a feature import its own parts and what is shared, and a page under app/ compose features', async () => {
    await expectAllowed(rule, [
      ['apps/web/src/features/orders/pages/probe.tsx', '../api/orders.ts'],
      ['apps/web/src/features/orders/pages/probe.tsx', '../../../components/section-card.tsx'],
      ['apps/web/src/features/events/probe.ts', '../../api/events.ts'],
      // A folder of one's own named like another feature is still one's own.
      ['apps/web/src/features/orders/components/fans/probe.tsx', './fan-row.tsx'],
      ['apps/web/src/app/pages/probe.tsx', '../../features/members/components/members-list.tsx'],
    ]);
  });
});

describe('an API module is reached only through its index.ts (boundaries/api-modules)', () => {
  const rule = 'boundaries/api-modules';
  const message = /reaches inside apps\/api\/src\/modules\/\w[\w-]*\. Import a module through its index\.ts/;

  it("refuses another module's file, from a module, a plugin, the seed, app.ts, a test or a script", async () => {
    await expectRefused(rule, message, [
      ['apps/api/src/modules/checkout/probe.ts', '../refunds/settle.ts'],
      ['apps/api/src/modules/orders/deep/probe.ts', '../../fans/list.ts'],
      ['apps/api/src/plugins/probe.ts', '../modules/members/permissions.ts'],
      ['apps/api/src/db/seed/probe.ts', '../../modules/checkout/record-sale.ts'],
      ['apps/api/src/probe.ts', './modules/events/routes.ts'],
      ['apps/api/test/security/probe.ts', '../../src/modules/identity/sessions.ts'],
      ['apps/api/scripts/probe.ts', '@portal/api/src/modules/identity/sessions.ts'],
    ]);
    const typeOnly =
      "import type { Permission } from '../modules/members/permissions.ts';\nexport type P = Permission;\n";
    expect(await errorsOf(rule, 'apps/api/src/plugins/probe.ts', typeOnly)).toEqual([expect.stringMatching(message)]);
  });

  it("lets anyone import a module's index.ts, and a module its own files", async () => {
    await expectAllowed(rule, [
      ['apps/api/src/modules/checkout/probe.ts', '../refunds/index.ts'],
      ['apps/api/src/modules/checkout/probe.ts', './record-sale.ts'],
      ['apps/api/src/plugins/probe.ts', '../modules/members/index.ts'],
      ['apps/api/src/probe.ts', './modules/events'],
    ]);
  });
});

describe('only adapters pick a concrete backend (boundaries/api-backends, no-restricted-imports)', () => {
  const message = /Reach a backend through its port/;

  it('refuses a file of an adapter other than its index.ts, however the path is written', async () => {
    await expectRefused('boundaries/api-backends', message, [
      ['apps/api/src/modules/checkout/probe.ts', '../../adapters/payments/stripe.ts'],
      ['apps/api/src/modules/checkout/probe.ts', '../../adapters/payments/stripe'],
      ['apps/api/src/modules/identity/probe.ts', '../../adapters/mail/../mail/smtp.ts'],
      ['apps/api/src/plugins/probe.ts', '../adapters/storage/s3.ts'],
      ['apps/api/scripts/probe.ts', '../src/adapters/chain/evm.ts'],
      ['apps/api/test/probe.ts', '../src/adapters/payments/test-provider.ts'],
      // Nor does one adapter reach into another's backends.
      ['apps/api/src/adapters/storage/probe.ts', '../mail/smtp.ts'],
    ]);
  });

  it("refuses a backend's package outside adapters/", async () => {
    await expectRefused('no-restricted-imports', message, [
      ['apps/api/src/modules/files/probe.ts', '@aws-sdk/client-s3'],
      ['apps/api/src/modules/refunds/probe.ts', 'stripe'],
      ['apps/api/src/modules/ticket-life/probe.ts', 'viem'],
    ]);
  });

  it('lets the port through, and an adapter its own backends', async () => {
    await expectAllowed('boundaries/api-backends', [
      ['apps/api/src/modules/checkout/probe.ts', '../../adapters/payments/index.ts'],
      ['apps/api/src/adapters/payments/index.ts', './stripe.ts'],
    ]);
  });
});

describe("a part's files never import its own index.ts (boundaries/no-entry-from-inside)", () => {
  const rule = 'boundaries/no-entry-from-inside';
  const message = /is the entry of apps\/api\/src\/(adapters|modules)\/[\w-]+, which imports this file's neighbours/;

  it("refuses an adapter's backend or a module's file importing the index that imports it", async () => {
    await expectRefused(rule, message, [
      ['apps/api/src/adapters/mail/smtp.ts', './index.ts'],
      ['apps/api/src/adapters/storage/s3.ts', '.'],
      ['apps/api/src/modules/events/detail.ts', './index.ts'],
    ]);
    const typeOnly = "import type { Mailer } from './index.ts';\nexport type M = Mailer;\n";
    expect(await errorsOf(rule, 'apps/api/src/adapters/mail/outbox.ts', typeOnly)).toEqual([
      expect.stringMatching(message),
    ]);
  });

  it('lets the index import its files, the files share a port, and a test import the index', async () => {
    await expectAllowed(rule, [
      ['apps/api/src/adapters/mail/index.ts', './smtp.ts'],
      ['apps/api/src/adapters/mail/smtp.ts', './port.ts'],
      ['apps/api/src/adapters/storage/storage.test.ts', './index.ts'],
      ['apps/api/src/modules/events/detail.ts', '../tickets/index.ts'],
    ]);
  });
});

describe('names are kebab-case (boundaries/kebab-case-names)', () => {
  const rule = 'boundaries/kebab-case-names';
  const source = 'export const x = 1;\n';

  it('refuses a file or folder name in another case', async () => {
    for (const [file, name] of [
      ['apps/web/src/components/SectionCard.tsx', 'SectionCard.tsx'],
      ['apps/api/src/lib/sql_time.ts', 'sql_time.ts'],
      ['apps/web/src/features/promoCodes/api.ts', 'promoCodes'],
      ['scripts/Probe.test.ts', 'Probe.test.ts'],
    ]) {
      expect(await errorsOf(rule, file!, source), file).toEqual([
        `'${name}' is not kebab-case: lower-case words joined by '-'.`,
      ]);
    }
  });

  it('lets kebab-case names through, with dotted parts', async () => {
    for (const file of [
      'apps/web/src/components/section-card.tsx',
      'apps/api/src/modules/analytics/analytics.data.ts',
      'apps/web/src/vite-env.d.ts',
      'apps/api/src/adapters/rate-limit/redis-down.test.ts',
    ]) {
      expect(await errorsOf(rule, file, source), file).toEqual([]);
    }
  });
});

describe('static imports never form a cycle (boundaries/no-cycles)', () => {
  const rule = 'boundaries/no-cycles';

  it('refuses an import that leads back to the importer, directly or through other files', async () => {
    await expectRefused(
      rule,
      /^'\.\.\/modules\/events\/delete\.ts' leads back to this file: apps\/api\/src\/lib\/http-error\.ts → apps\/api\/src\/modules\/events\/delete\.ts → .*apps\/api\/src\/lib\/http-error\.ts\.$/,
      [['apps/api/src/lib/http-error.ts', '../modules/events/delete.ts']],
    );
    await expectRefused(
      rule,
      /leads back to this file: apps\/web\/src\/lib\/http\.ts → apps\/web\/src\/features\/fans\/api\/fans\.ts → /,
      [['apps/web/src/lib/http.ts', '../features/fans/api/fans.ts']],
    );
  });

  it('lets a type-only or lazy import back through, and a test import anything', async () => {
    const lazy = "export const later = () => import('../modules/events/delete.ts');\n";
    const typeOnly = "import type { x } from '../modules/events/delete.ts';\nexport type Y = typeof x;\n";
    expect(await errorsOf(rule, 'apps/api/src/lib/http-error.ts', lazy)).toEqual([]);
    expect(await errorsOf(rule, 'apps/api/src/lib/http-error.ts', typeOnly)).toEqual([]);
    await expectAllowed(rule, [['apps/api/src/lib/http-error.test.ts', './http-error.ts']]);
  });
});
