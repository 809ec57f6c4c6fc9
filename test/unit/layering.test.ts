import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// DESIGN.md "Layout": data/ and rules/ are pure. The lint rule is what enforces it; prove it bites.
const eslint = new ESLint({ cwd: process.cwd() });
async function importErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

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

  it('lets doc/ use Yjs and rules/ use data/', async () => {
    expect(await importErrors('src/doc/x.ts', "import * as Y from 'yjs';\nexport const y = Y;\n")).toEqual([]);
    expect(await importErrors('src/rules/x.ts', "import { PLANETS } from '../data';\nexport const p = PLANETS;\n")).toEqual([]);
  });
});
