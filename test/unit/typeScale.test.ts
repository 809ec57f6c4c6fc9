import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every stylesheet of the app. */
function stylesheets(dir = 'src'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? stylesheets(path) : e.name.endsWith('.css') ? [path] : [];
  });
}

/**
 * Issue 33: a screen's first layout sets up each size of each font face it meets, and the game's first frame,
 * with twelve sizes, spent about a third of its layout on that at 4× CPU. The phone's screens keep to five.
 * (The TV's sizes follow its screen, in em and viewport units, and are not counted.)
 */
describe('the type scale', () => {
  it('the phone screens use only its five sizes (0.75, 0.85, 1, 1.15 and 1.4rem) and the root 16px', () => {
    const sizes = new Set<string>();
    for (const file of stylesheets()) {
      for (const [, value] of readFileSync(file, 'utf8').matchAll(/font-size:\s*([^;}]+)/g)) {
        const v = (value as string).trim();
        if (/^(inherit|var\(|max\(|min\(|clamp\()/.test(v) || /\d(\.\d+)?em$/.test(v)) continue;
        sizes.add(v);
      }
    }
    expect([...sizes].sort()).toEqual(['0.75rem', '0.85rem', '1.15rem', '1.4rem', '16px', '1rem']);
  });
});
