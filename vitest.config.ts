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
    hookTimeout: 30_000,
    setupFiles: ['test/component/setup.ts'],
    server: { deps: { inline: [/solid-js/] } },
  },
});
