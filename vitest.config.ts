import { defineConfig } from 'vitest/config';
import solid from 'vite-plugin-solid';

// Unit tests (pure rules, data, doc, sync) run in node; component tests need a DOM.
export default defineConfig({
  plugins: [solid()],
  resolve: { conditions: ['browser', 'development'] },
  test: {
    include: ['test/unit/**/*.test.ts', 'test/component/**/*.test.tsx', 'test/component/**/*.test.ts'],
    environment: 'node',
    server: { deps: { inline: [/solid-js/] } },
  },
});
