import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import solid from 'eslint-plugin-solid/configs/typescript';

// The layering rule of DESIGN.md: data/ and rules/ are pure, so they may not reach
// into the document, transports, secrets, UI, or the libraries those layers wrap.
const impureLayers = {
  patterns: [
    { group: ['**/doc/**', '**/sync/**', '**/secret/**', '**/ui/**'], message: 'data/ and rules/ are pure: no doc/, sync/, secret/ or ui/ imports (DESIGN.md "Layout").' },
    { group: ['yjs', 'y-*', 'solid-js', 'solid-js/*', 'idb-keyval', 'lib0', 'lib0/*'], message: 'data/ and rules/ are pure: no Yjs, Solid or storage (DESIGN.md "Layout").' },
  ],
};

export default tseslint.config(
  { ignores: ['dist/', 'dev-dist/', 'node_modules/', 'coverage/', 'bench/out/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { window: 'readonly', document: 'readonly', navigator: 'readonly', console: 'readonly', process: 'readonly' } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['src/ui/**/*.tsx', 'src/*.tsx'], ...solid },
  { files: ['src/data/**', 'src/rules/**'], rules: { 'no-restricted-imports': ['error', impureLayers] } },
  { files: ['**/*.mjs', 'scripts/**', 'bench/**', 'test/e2e/**'], languageOptions: { globals: { URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', Buffer: 'readonly', performance: 'readonly' } }, rules: { 'no-undef': 'off' } },
);
