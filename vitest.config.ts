import { defineConfig } from 'vitest/config';
import solid from 'vite-plugin-solid';

// Unit tests (pure rules, data, doc, sync) run in node; component tests need a DOM.
export default defineConfig({
  plugins: [solid()],
  resolve: { conditions: ['browser', 'development'] },
  test: {
    include: ['test/unit/**/*.test.ts', 'test/component/**/*.test.tsx', 'test/component/**/*.test.ts'],
    environment: 'node',
    // The fuzz and DOM tests take seconds; on a shared 2-core machine the default 5 s is not enough.
    testTimeout: 30_000,
    // The same for hooks (a component test file loads the panels' chunk in beforeAll) and for
    // testing-library's waitFor (1 s by default), which both timed out at a load of 20+ on 2 cores.
    hookTimeout: 30_000,
    setupFiles: ['test/setup.ts'],
    server: { deps: { inline: [/solid-js/] } },
  },
});
