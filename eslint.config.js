import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { fileURLToPath } from 'node:url';
import { kebabCaseNames, noCycles, noEntryFromInside, sealedParts } from './eslint-rules/boundaries.js';

const backendMessage = 'Reach a backend through its port (adapters/<port>/index.ts).';

// One rule seals three kinds of part; each kind has its own name, so a report says which boundary it crossed.
const boundaries = {
  meta: { name: 'boundaries' },
  rules: {
    'web-features': sealedParts,
    'api-modules': sealedParts,
    'api-backends': sealedParts,
    'no-entry-from-inside': noEntryFromInside,
    'kebab-case-names': kebabCaseNames,
    'no-cycles': noCycles,
  },
};

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
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The boundaries resolve each import to the file it reaches, so they hold for every file of the
    // repository however the path is written (eslint-rules/boundaries.js).
    files: ['**/*.{js,mjs,cjs,jsx,ts,tsx,mts,cts}'],
    plugins: { boundaries },
    settings: { boundaries: { root: fileURLToPath(new URL('.', import.meta.url)) } },
    rules: {
      // A feature never imports another feature; pages under app/ compose them (design §2).
      'boundaries/web-features': [
        'error',
        {
          folder: 'apps/web/src/features',
          openTo: ['apps/web/src/app'],
          message:
            'Features do not import each other: compose them in a page under app/, or move what both need to components/ or lib/.',
        },
      ],
      'boundaries/api-modules': [
        'error',
        {
          folder: 'apps/api/src/modules',
          entry: 'index',
          message: 'Import a module through its index.ts, which names what it offers the rest of the API.',
        },
      ],
      // Only adapters pick a concrete backend.
      'boundaries/api-backends': [
        'error',
        { folder: 'apps/api/src/adapters', entry: 'index', message: backendMessage },
      ],
      'boundaries/kebab-case-names': 'error',
    },
  },
  {
    // The shipped code of every app and package; tests stand outside, as no file imports them.
    files: ['{apps,packages}/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'boundaries/no-cycles': 'error' },
  },
  {
    // An adapter's index.ts picks among its backends and a module's re-exports its parts: a part that
    // imported its index back would close a cycle. Tests stand outside, as no part imports them.
    files: ['apps/api/src/{adapters,modules}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'boundaries/no-entry-from-inside': [
        'error',
        { folders: ['apps/api/src/adapters', 'apps/api/src/modules'], entry: 'index' },
      ],
    },
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
    // Only adapters pick a concrete backend, by package as by file (boundaries/api-backends).
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/adapters/**', 'apps/api/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['nodemailer', 'stripe', 'viem', 'openid-client', '@aws-sdk/*'], message: backendMessage },
          ],
        },
      ],
    },
  },
);
