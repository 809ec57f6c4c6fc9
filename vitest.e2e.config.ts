import { defineConfig } from 'vitest/config';

// Browser tests: the built app (dist/) in Debian's Chromium through playwright-core. One file at a
// time: each launches browsers, and the machine has two cores.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
