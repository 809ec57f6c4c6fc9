import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { findCycles, importGraph, loadCompilerOptions, roomGraph, roomOf } from '../../scripts/check-cycles.mjs';

// DESIGN.md "Layout": data/ and rules/ are pure. The lint rule is what enforces it; prove it bites.
const eslint = new ESLint({ cwd: process.cwd() });
async function importErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}
const importing = (from: string) => `import { x } from '${from}';\nexport const y = x;\n`;

describe('layering rule', () => {
  it.each([
    ['src/rules/x.ts', "import * as Y from 'yjs';\nexport const y = Y;\n"],
    ['src/rules/x.ts', "import { createSignal } from 'solid-js';\nexport const s = createSignal;\n"],
    ['src/data/x.ts', "import { get } from 'idb-keyval';\nexport const g = get;\n"],
    ['src/rules/x.ts', "import { Game } from '../doc/game';\nexport const g = Game;\n"],
    ['src/data/x.ts', "import { App } from '../ui/App';\nexport const a = App;\n"],
  ])('refuses an impure import in %s', async (file, source) => {
    expect(await importErrors(file, source)).toHaveLength(1);
  });

  it.each([
    ['src/crypto/x.ts', "import { Game } from '../doc/game';\nexport const g = Game;\n"],
    ['src/crypto/x.ts', "import { COUNTERS } from '../doc';\nexport const c = COUNTERS;\n"],
    ['src/crypto/x.ts', "import { privateStore } from '../secret/device';\nexport const p = privateStore;\n"],
    ['src/crypto/x.ts', "import * as Y from 'yjs';\nexport const y = Y;\n"],
    ['src/crypto/x.ts', "import { get } from 'idb-keyval';\nexport const g = get;\n"],
  ])('keeps crypto/ below doc/ and pure (issue 37): refuses an import in %s', async (file, source) => {
    expect(await importErrors(file, source)).toHaveLength(1);
  });

  it('lets crypto/ use rules/, its hashes and curves, and doc/ use crypto/', async () => {
    expect(await importErrors('src/crypto/x.ts', "import { digest } from 'lib0/hash/sha256';\nimport * as ed from '@noble/ed25519';\nimport { shuffled } from '../rules/setup';\nexport const d = [digest, ed, shuffled];\n")).toEqual([]);
    expect(await importErrors('src/doc/core/x.ts', importing('../../crypto/signature'))).toEqual([]);
  });

  it('lets doc/ use Yjs and rules/ use data/', async () => {
    expect(await importErrors('src/doc/x.ts', "import * as Y from 'yjs';\nexport const y = Y;\n")).toEqual([]);
    expect(await importErrors('src/rules/x.ts', "import { PLANETS } from '../data';\nexport const p = PLANETS;\n")).toEqual([]);
  });
});

// Issue 16: the feature folders of src/doc/ meet only through core/ and each other's index.ts.
describe('doc feature layering', () => {
  it.each([
    ['src/doc/council/fold.ts', '../trade/fold'],
    ['src/doc/council/sub/x.ts', '../../trade/fold'],
    ['src/doc/council/fold.ts', '../../doc/trade/fold'],
  ])("refuses a feature importing another feature's internals (%s from '%s')", async (file, from) => {
    expect(await importErrors(file, importing(from))).toHaveLength(1);
  });

  it("refuses a type-only re-export of another feature's internals", async () => {
    expect(await importErrors('src/doc/round/index.ts', "export type { Agreement } from '../trade/state';\n")).toHaveLength(1);
  });

  it.each(['../trade', '../trade/index', '../trade/index.ts', '../trade/views', '../trade/moves', '../core/types', '../core', './events', '../../data', '../../rules/council', '../../crypto/commit', 'yjs'])(
    "lets a feature import another feature's index, views (issue 33) or moves (issue 37), core, its own files and the layers below ('%s')",
    async (from) => {
      expect(await importErrors('src/doc/council/fold.ts', importing(from))).toEqual([]);
    },
  );

  it('lets a file nested in a feature import its own folder and another feature by index', async () => {
    expect(await importErrors('src/doc/council/sub/x.ts', importing('../fold'))).toEqual([]);
    expect(await importErrors('src/doc/council/sub/x.ts', importing('../../trade'))).toEqual([]);
    expect(await importErrors('src/doc/council/sub/x.ts', importing('../../../rules/x'))).toEqual([]);
  });

  it.each([
    ['src/doc/council/fold.ts', '..'],
    ['src/doc/council/fold.ts', '../index'],
    ['src/doc/council/sub/x.ts', '../..'],
    ['src/doc/core/fold.ts', '../index'],
  ])("refuses %s importing the composition root ('%s')", async (file, from) => {
    expect(await importErrors(file, importing(from))).toHaveLength(1);
  });

  it.each([
    ['src/doc/council/fold.ts', '../game'],
    ['src/doc/trade/commands.ts', '../describe'],
    ['src/doc/round/sub/x.ts', '../../history.ts'],
    ['src/doc/round/views.ts', '../views'],
  ])("refuses a part of the game importing the composition (%s from '%s')", async (file, from) => {
    expect(await importErrors(file, importing(from))).toHaveLength(1);
  });

  it.each([
    ['src/doc/core/fold.ts', '../trade'],
    ['src/doc/core/fold.ts', '../trade/fold'],
    ['src/doc/core/sub/x.ts', '../../council'],
    ['src/doc/core/fold.ts', '../../doc/trade'],
  ])("refuses core importing a feature (%s from '%s')", async (file, from) => {
    expect(await importErrors(file, importing(from))).toHaveLength(1);
  });

  it.each(['./types', '../core/types', '../../rules/x', '../../data', '../../crypto/commit'])("lets core import core and the layers below ('%s')", async (from) => {
    expect(await importErrors('src/doc/core/fold.ts', importing(from))).toEqual([]);
  });

  it.each([
    ['src/ui/panels/council/Ballot.tsx', '../../../doc/council/fold'],
    ['src/ui/store.ts', '../doc/trade/events'],
    ['src/runtime/session.ts', '../doc/round/state'],
    ['src/runtime/autoReveal.ts', '../doc/council/state'],
    ['src/main.tsx', './doc/council/fold'],
    ['src/ui/widgets/NowBar.tsx', '../../doc/round/viewsOld'],
  ])("refuses the UI and other layers importing a feature's internals (%s from '%s')", async (file, from) => {
    expect(await importErrors(file, importing(from))).toHaveLength(1);
  });

  it.each(['../../../doc', '../../../doc/index', '../../../doc/views', '../../../doc/council', '../../../doc/council/index', '../../../doc/council/views', '../../../doc/council/moves', '../../../doc/core/types'])(
    "lets the UI import doc, a feature's index, the views a screen reads and the moves it makes without Yjs (issues 33, 37) and core ('%s')",
    async (from) => {
      expect(await importErrors('src/ui/panels/council/Ballot.tsx', importing(from))).toEqual([]);
    },
  );

  it('lets the composition root import every part of doc/', async () => {
    expect(await importErrors('src/doc/index.ts', importing('./trade/fold'))).toEqual([]);
  });
});

// Issue 37 item 2: the rooms above doc/. secret/ (this device's keys and stores) sees neither the game nor its
// transports; sync/ never reaches up to the runtime that starts it; runtime/ sits below the screens only;
// doc/ imports none of them.
describe('the rooms above doc/', () => {
  it.each([
    ['src/secret/privateStore.ts', '../doc'],
    ['src/secret/device.ts', '../sync/persistence'],
    ['src/secret/verdicts.ts', '../runtime/session'],
    ['src/secret/x.ts', '../ui/App'],
    ['src/sync/persistence.ts', '../runtime/session'],
    ['src/sync/link/tableLink.ts', '../../runtime/firstFrame'],
    ['src/sync/peer.ts', '../ui/store'],
    ['src/runtime/session.ts', '../ui/store'],
    ['src/doc/council/fold.ts', '../../secret/privateStore'],
    ['src/doc/core/fold.ts', '../../sync/persistence'],
    ['src/doc/round/sub/x.ts', '../../../runtime/session'],
    ['src/doc/game.ts', '../ui/App'],
    ['src/doc/index.ts', '../runtime/autoReveal'],
  ])("refuses %s importing '%s' (a room above it)", async (file, from) => {
    expect(await importErrors(file, importing(from))).toHaveLength(1);
  });

  it('lets each room import the rooms below it', async () => {
    expect(await importErrors('src/runtime/session.ts', "import { a } from '../doc';\nimport { b } from '../sync/persistence';\nimport { c } from '../secret/device';\nimport { d } from '../crypto/signature';\nexport const x = [a, b, c, d];\n")).toEqual([]);
    expect(await importErrors('src/sync/persistence.ts', "import { a } from '../doc';\nimport { c } from '../secret/checkedSnapshots';\nexport const x = [a, c];\n")).toEqual([]);
    expect(await importErrors('src/secret/privateStore.ts', "import { a } from '../crypto/commit';\nimport { b } from '../rules/variants';\nimport { get } from 'idb-keyval';\nexport const x = [a, b, get];\n")).toEqual([]);
    expect(await importErrors('src/ui/App.tsx', "import { a } from '../runtime/session';\nexport const x = a;\n")).toEqual([]);
  });

  it("still refuses a feature's internals from the rooms above doc/", async () => {
    expect(await importErrors('src/sync/persistence.ts', importing('../doc/round/state'))).toHaveLength(1);
    expect(await importErrors('src/runtime/x.ts', importing('../doc/round/state'))).toHaveLength(1);
  });
});

// Issue 37 item 3: one writer per record. Only the sheet's fold writes a player's counters; another part derives
// the sheet's event (`table.derive`). Prove the lint rule bites on each way of writing them, and only outside sheet/.
describe('one writer per record', () => {
  async function writeErrors(filePath: string, body: string): Promise<string[]> {
    const source = `import type { PlayerState } from '../core/types';\nexport function f(p: PlayerState, n: number): void {\n  ${body}\n}\n`;
    const [result] = await eslint.lintText(source, { filePath });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  }

  it.each([
    'p.counters.tradeGoods += n;',
    'p.counters.vp = n;',
    "p.counters['actionCards'] -= n;",
    'p.counters.commandPool++;',
    'Object.assign(p.counters, { tradeGoods: n });',
    'p.counters = { ...p.counters, vp: n };',
  ])('refuses a part other than the sheet writing a counter: %s', async (body) => {
    expect(await writeErrors('src/doc/round/x.ts', body)).toEqual([expect.stringContaining('Only doc/sheet/ writes')]);
  });

  it("lets the sheet write its counters, and other parts read them or derive the sheet's event", async () => {
    expect(await writeErrors('src/doc/sheet/x.ts', 'p.counters.tradeGoods += n;')).toEqual([]);
    expect(await writeErrors('src/doc/planets/x.ts', 'const now = p.counters.tradeGoods + n;\n  void now;')).toEqual([]);
  });
});

describe('import circle check', () => {
  const compilerOptions = loadCompilerOptions();
  function cyclesOf(files: Record<string, string>): string[] {
    const paths = Object.keys(files).map((f) => `/virtual/src/${f}`);
    const host = { fileExists: (f: string) => f.slice('/virtual/src/'.length) in files, readFile: (f: string) => files[f.slice('/virtual/src/'.length)] };
    return findCycles(importGraph(paths, compilerOptions, host)).map((c) => c.map((f) => f.slice('/virtual/src/'.length)).join(' → '));
  }

  it('reports a circle as a chain that ends where it starts', () => {
    expect(
      cyclesOf({
        'a.ts': "import { b } from './b';\nexport const a = b;\n",
        'b.ts': "import { c } from './c';\nexport const b = c;\n",
        'c.ts': "import { a } from './a';\nexport const c = a;\n",
        'd.ts': "import { a } from './a';\nexport const d = a;\n",
      }),
    ).toEqual(['a.ts → b.ts → c.ts → a.ts']);
  });

  it('counts type-only imports, re-exports and folder indexes in a circle', () => {
    expect(
      cyclesOf({
        'doc/events.ts': "import type { Op } from './trade';\nexport type Ev = Op;\n",
        'doc/trade/index.ts': "export * from './log';\n",
        'doc/trade/log.ts': "import type { Ev } from '../events';\nexport type Op = Ev | 1;\n",
      }),
    ).toEqual(['doc/events.ts → doc/trade/index.ts → doc/trade/log.ts → doc/events.ts']);
  });

  it('reports every import of a tangle in some circle, each circle once', () => {
    expect(
      cyclesOf({
        'a.ts': "import './b';\nimport './c';\n",
        'b.ts': "import './a';\n",
        'c.ts': "import './a';\nimport './c';\n",
      }),
    ).toEqual(['c.ts → c.ts', 'a.ts → b.ts → a.ts', 'a.ts → c.ts → a.ts']);
  });

  it('reports two folders that import each other through files that form no circle (issue 37: the rooms)', () => {
    const files: Record<string, string> = {
      'sync/peer.ts': "import { open } from '../runtime/open';\nexport const peer = open;\n",
      'runtime/open.ts': 'export const open = 1;\n',
      'runtime/session.ts': "import { store } from '../sync/store';\nexport const session = store;\n",
      'sync/store.ts': 'export const store = 2;\n',
      'doc/trade/fold.ts': "import { seats } from '../round';\nexport const fold = seats;\n",
      'doc/round/index.ts': 'export const seats = 3;\n',
      'doc/round/fold.ts': "import { x } from '../trade/views';\nexport const f = x;\n",
      'doc/trade/views.ts': 'export const x = 4;\n',
      'main.tsx': "import { session } from './runtime/session';\nexport const m = session;\n",
    };
    const paths = Object.keys(files).map((f) => `/virtual/src/${f}`);
    const host = { fileExists: (f: string) => f.slice('/virtual/src/'.length) in files, readFile: (f: string) => files[f.slice('/virtual/src/'.length)] };
    const graph = importGraph(paths, compilerOptions, host);
    expect(findCycles(graph)).toEqual([]);
    expect(findCycles(roomGraph(graph, '/virtual/src')).map((c) => c.join(' → '))).toEqual(['doc/round → doc/trade → doc/round', 'runtime → sync → runtime']);
    expect(roomOf('/virtual/src/later.ts', '/virtual/src')).toBe('later.ts');
  });

  it('reports no circle when imports only go one way', () => {
    expect(
      cyclesOf({
        'index.ts': "export * from './core/types';\nexport { fold } from './trade';\n",
        'trade/index.ts': "import type { Seat } from '../core/types';\nimport * as Y from 'yjs';\nexport const fold = (s: Seat) => [s, Y];\n",
        'core/types.ts': "import { PLANETS } from '../data';\nexport type Seat = typeof PLANETS;\n",
        'data/index.ts': 'export const PLANETS = [];\n',
      }),
    ).toEqual([]);
  });
});
