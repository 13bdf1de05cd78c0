import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featuresMessage =
  'Features do not import each other: compose them in a page under app/, or move what both need to components/ or lib/.';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/**'], message: featuresMessage }] }],
    },
  },
  // A feature never imports another feature; pages under app/ compose them (design §2). The rule
  // matches what an import names, so each feature is told the names of all the others.
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: webFeatures
                .filter((other) => other !== feature)
                .flatMap((other) => [`**/${other}/**`, `**/${other}`]),
              message: featuresMessage,
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['packages/contract/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', 'drizzle-orm*', 'fastify*', 'react*'],
              message: 'The contract imports nothing from either app.',
            },
          ],
        },
      ],
    },
  },
  {
    // Only adapters pick a concrete backend.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/adapters/**', 'apps/api/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['nodemailer', 'stripe', 'viem', 'openid-client', '@aws-sdk/*'],
              message: 'Reach a backend through its port (adapters/<port>/index.ts).',
            },
            {
              // A relative path's leading '../' defeats a glob, so a file of an adapter is named by regex.
              regex: '(^|/)adapters/[^/]+/(?!index\\.ts$)[^/]+$',
              message: 'Reach a backend through its port (adapters/<port>/index.ts).',
            },
          ],
        },
      ],
    },
  },
);
