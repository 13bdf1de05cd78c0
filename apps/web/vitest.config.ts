import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // A page test types and clicks like a person; on a machine busy with another suite that takes
    // seconds, and Vitest's default of 5 s failed tests that were right.
    testTimeout: 30_000,
  },
});
