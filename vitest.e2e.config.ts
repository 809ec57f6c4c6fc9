import { defineConfig } from 'vitest/config';

// Browser tests: the built app (dist/) in Debian's Chromium through playwright-core. One file at a
// time: each launches browsers, and the machine has two cores.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    // The four-phone round takes ~65 s alone; on a loaded 2-core machine it needs more.
    testTimeout: 180_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
