import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two cores: keep PGlite instances and argon2 hashes from starving each other.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      './apps/web/vitest.config.ts',
      { test: { name: 'widget', root: './apps/widget', include: ['src/**/*.test.ts'], environment: 'jsdom' } },
      // The repository's own rules (the linter's boundaries), checked by probes.
      {
        test: { name: 'scripts', root: './scripts', include: ['*.test.ts'], environment: 'node', testTimeout: 30_000 },
      },
    ],
  },
});
