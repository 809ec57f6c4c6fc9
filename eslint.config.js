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

// crypto/ (issue 37): the pure helpers secrecy and consent rest on (commitments, shared randomness, the
// mental-poker deal, signatures) sit below doc/, so what a fold checks never depends on the device, its
// storage or the screen. Unlike rules/, they may use lib0's and noble's hashes and curves.
const cryptoLayer = {
  patterns: [
    { group: ['**/doc', '**/doc/**', '**/sync', '**/sync/**', '**/secret', '**/secret/**', '**/ui', '**/ui/**'], message: 'crypto/ is below doc/: no doc/, sync/, secret/ or ui/ imports (issue 37, DESIGN.md "Layout").' },
    { group: ['yjs', 'y-*', 'solid-js', 'solid-js/*', 'idb-keyval'], message: 'crypto/ is pure: no Yjs, Solid or storage (issue 37, DESIGN.md "Layout").' },
  ],
};

// The feature layering of src/doc/ (issue 16): core/ sees no feature, a feature sees another only
// through its index (or its views and its moves: what a screen reads and does, without Yjs, issues 33 and 37), nothing inside doc/
// imports the composition root doc/index.ts, and code outside doc/ never reaches a feature's inner files. The rule sees only the import's text, so what '../'
// reaches depends on how deep the importing file sits: one config per depth (regex, not globs, since
// a glob's '*' also matches '..').
const DEPTHS = [1, 2, 3, 4];
const INDEX = '(?:\\.[cm]?[jt]sx?)?'; // 'index' may be written with an extension
const ISSUE = '(issue 16, DESIGN.md "Layout")';
const up = (n) => `(?:\\.\\./){${n}}`;
const docLayer = (core, depth) => ({
  patterns: [
    { regex: `^${up(depth - 1)}\\.\\.(?:/(?:index${INDEX})?)?$`, caseSensitive: true, message: `doc/index.ts is the composition root: nothing inside doc/ imports it ${ISSUE}.` },
    { regex: `^${up(depth)}(?:game|describe|history|views)(?:\\.ts)?$`, caseSensitive: true, message: `doc/game.ts, describe.ts, history.ts and views.ts compose the parts of the game: no part imports them ${ISSUE}.` },
    core
      ? { regex: `^${up(depth)}(?!core(?:/|$)|index${INDEX}$)[^./]`, caseSensitive: true, message: `doc/core/ imports no feature folder ${ISSUE}.` }
      : { regex: `^${up(depth)}(?!core/)[^./][^/]*/(?!(?:index|views|moves)${INDEX}$)[^/]`, caseSensitive: true, message: `Import another doc/ feature through its index ('../trade'), its views ('../trade/views') or its moves ('../trade/moves'), not its inner files; your own folder's files through './' ${ISSUE}.` },
    { regex: `^${up(depth + 1)}doc(?:/|$)`, caseSensitive: true, message: `Inside doc/, reach doc/'s folders by '../', not by leaving doc/ and coming back ${ISSUE}.` },
    aboveDoc(depth),
  ],
});
const featureThroughIndex = { regex: `^(?:\\.{1,2}/)+doc/(?!core/)[^/]+/(?!(?:index|views|moves)${INDEX}$)[^/]`, caseSensitive: true, message: `Outside doc/, import a feature through its index ('doc/trade') or, for what a screen reads and does, its views ('doc/trade/views') and its moves ('doc/trade/moves'), not its inner files ${ISSUE}.` };
const outsideDoc = { patterns: [featureThroughIndex] };

// The rooms above doc/ (issue 37): secret/ holds this device's keys and stores and sees neither the game nor
// its transports; sync/ carries the document (transports, storage, the kept view) and never reaches up to
// the runtime that starts it; runtime/ (the session and the agents that act for this phone) uses all of
// them, and only ui/ sits above it. doc/ reaches none of them: what a move keeps on the device (an opening, a
// card placed face down) it returns, and the runner hands it to the keeper the runtime gives it.
const ROOMS = '(issue 37, src/doc/README.md "The rooms")';
const forbidRooms = (rooms, why) => ({ group: rooms.flatMap((r) => [`**/${r}`, `**/${r}/**`]), message: why });
const secretRoom = { patterns: [featureThroughIndex, forbidRooms(['doc', 'sync', 'runtime', 'ui'], `secret/ holds this device's keys and stores: no doc/, sync/, runtime/ or ui/ imports ${ROOMS}.`)] };
const syncRoom = { patterns: [featureThroughIndex, forbidRooms(['runtime', 'ui'], `sync/ is below the runtime that starts it: no runtime/ or ui/ imports ${ROOMS}.`)] };
const runtimeRoom = { patterns: [featureThroughIndex, forbidRooms(['ui'], `runtime/ is below the screens: no ui/ imports ${ROOMS}.`)] };
const aboveDoc = (depth) => ({ regex: `^${up(depth + 1)}(?:secret|sync|runtime|ui)(?:/|$)`, caseSensitive: true, message: `doc/ is below secret/, sync/, runtime/ and ui/: it imports none of them ${ROOMS}.` });
const docRoot = { patterns: [aboveDoc(0)] };

// One writer per record (issue 37 item 3): a player's counters and trade goods are the sheet's. Another part
// of the game that changes them (income, a refresh ability, an agreement's collection, an objective's VP)
// derives the sheet's `counter` or `cc` event through `table.derive`, so the sheet's fold is the one place
// that writes them. The selectors catch `p.counters.x = …`, `+=`, `++` and `Object.assign(p.counters, …)`.
const COUNTERS_ARE_THE_SHEETS = 'Only doc/sheet/ writes a player\'s counters: derive a sheet event instead (`table.derive([{ k: \'counter\', … }])`, issue 37, src/doc/README.md).';
const oneWriter = [
  'error',
  { selector: "AssignmentExpression[left.object.property.name='counters']", message: COUNTERS_ARE_THE_SHEETS },
  { selector: "AssignmentExpression[operator='='][left.property.name='counters']", message: COUNTERS_ARE_THE_SHEETS },
  { selector: "UpdateExpression[argument.object.property.name='counters']", message: COUNTERS_ARE_THE_SHEETS },
  { selector: "CallExpression[callee.object.name='Object'][callee.property.name='assign'][arguments.0.property.name='counters']", message: COUNTERS_ARE_THE_SHEETS },
];

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
  // The globs below overlap neither each other nor data/ and rules/ (whose rule already refuses all
  // of doc/): a later no-restricted-imports for the same file would replace, not add to, an earlier one.
  { files: ['src/crypto/**'], rules: { 'no-restricted-imports': ['error', cryptoLayer] } },
  { files: ['src/**'], ignores: ['src/doc/**', 'src/data/**', 'src/rules/**', 'src/crypto/**', 'src/secret/**', 'src/sync/**', 'src/runtime/**'], rules: { 'no-restricted-imports': ['error', outsideDoc] } },
  { files: ['src/secret/**'], rules: { 'no-restricted-imports': ['error', secretRoom] } },
  { files: ['src/sync/**'], rules: { 'no-restricted-imports': ['error', syncRoom] } },
  { files: ['src/runtime/**'], rules: { 'no-restricted-imports': ['error', runtimeRoom] } },
  { files: ['src/doc/*'], rules: { 'no-restricted-imports': ['error', docRoot] } },
  { files: ['src/doc/**'], ignores: ['src/doc/sheet/**'], rules: { 'no-restricted-syntax': oneWriter } },
  ...DEPTHS.map((d) => ({ files: [`src/doc/core/${'*/'.repeat(d - 1)}*`], rules: { 'no-restricted-imports': ['error', docLayer(true, d)] } })),
  ...DEPTHS.map((d) => ({ files: [`src/doc/*/${'*/'.repeat(d - 1)}*`], ignores: ['src/doc/core/**'], rules: { 'no-restricted-imports': ['error', docLayer(false, d)] } })),
  { files: ['**/*.mjs', 'scripts/**', 'bench/**', 'test/e2e/**'], languageOptions: { globals: { URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', Buffer: 'readonly', performance: 'readonly' } }, rules: { 'no-undef': 'off' } },
);
