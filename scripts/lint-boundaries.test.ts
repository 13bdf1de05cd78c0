import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') });

/** The messages of the import rule for a probe file holding `source`, linted as if it lived at `file`. */
async function importErrors(file: string, source: string) {
  const [result] = await eslint.lintText(source, { filePath: file });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the boundaries the linter keeps', () => {
  it('refuses a feature importing another feature, however deep either file is', async () => {
    const probes: [string, string][] = [
      ['apps/web/src/features/orders/probe.ts', '../fans/api/fan-data.ts'],
      ['apps/web/src/features/orders/pages/probe.tsx', '../../fans/api/fan-data.ts'],
      ['apps/web/src/features/events/components/summary/probe.tsx', '../../../promo-codes/draft.ts'],
      ['apps/web/src/features/refunds/probe.ts', '../../features/fans/api/fan-data.ts'],
    ];
    for (const [file, target] of probes) {
      const errors = await importErrors(file, `import { x } from '${target}';\nexport const y = x;\n`);
      expect(errors, `${file} → ${target}`).toEqual([expect.stringMatching(/Features do not import each other/)]);
    }
  });

  it('lets a feature import its own parts and what is shared, and a page compose features', async () => {
    const allowed: [string, string][] = [
      ['apps/web/src/features/orders/pages/probe.tsx', '../api/orders.ts'],
      ['apps/web/src/features/orders/pages/probe.tsx', '../../../components/section-card.tsx'],
      ['apps/web/src/features/events/probe.ts', '../../api/events.ts'],
      ['apps/web/src/app/pages/probe.tsx', '../../features/members/components/members-list.tsx'],
    ];
    for (const [file, target] of allowed) {
      expect(await importErrors(file, `import { x } from '${target}';\nexport const y = x;\n`), file).toEqual([]);
    }
  });

  it('refuses shared components importing a feature', async () => {
    const errors = await importErrors(
      'apps/web/src/components/probe.tsx',
      `import { x } from '../features/fans/api/fan-data.ts';\nexport const y = x;\n`,
    );
    expect(errors).toEqual([expect.stringMatching(/Features do not import each other/)]);
  });

  it('refuses a concrete backend outside adapters/, by package or by file, and lets its port through', async () => {
    const refused: [string, string][] = [
      ['apps/api/src/modules/checkout/probe.ts', '../../adapters/payments/stripe.ts'],
      ['apps/api/src/modules/identity/probe.ts', '../../adapters/mail/smtp.ts'],
      ['apps/api/src/plugins/probe.ts', '../adapters/storage/s3.ts'],
      ['apps/api/src/modules/files/probe.ts', '@aws-sdk/client-s3'],
      ['apps/api/src/modules/refunds/probe.ts', 'stripe'],
      ['apps/api/src/modules/ticket-life/probe.ts', 'viem'],
    ];
    for (const [file, target] of refused) {
      const errors = await importErrors(file, `import { x } from '${target}';\nexport const y = x;\n`);
      expect(errors, `${file} → ${target}`).toEqual([expect.stringMatching(/Reach a backend through its port/)]);
    }
    const allowed: [string, string][] = [
      ['apps/api/src/modules/checkout/probe.ts', '../../adapters/payments/index.ts'],
      ['apps/api/src/adapters/payments/index.ts', './stripe.ts'],
    ];
    for (const [file, target] of allowed) {
      expect(await importErrors(file, `import { x } from '${target}';\nexport const y = x;\n`), file).toEqual([]);
    }
  });
});
