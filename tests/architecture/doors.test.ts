// The doors name what they export: no `export *` anywhere in engine/ or the studio's door, so a name reaches
// callers only when a door lists it, and a name nothing outside uses can be seen and deleted.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './graph.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The lines of a source text that re-export a whole module (`export * from`, `export type * from`). */
export function starExports(text: string): number[] {
  return text
    .split('\n')
    .flatMap((line, i) => (/^\s*export\s+(type\s+)?\*\s+(as\s+\w+\s+)?from\b/.test(line) ? [i + 1] : []));
}

describe('the doors', () => {
  it('name every export: no `export *` in engine/ or studio/src/engine.ts', () => {
    const files = [...sourceFiles(ROOT, ['engine']), 'studio/src/engine.ts'];
    const found = files.flatMap((f) =>
      starExports(readFileSync(path.join(ROOT, f), 'utf8')).map((line) => `${f}:${line}`),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });

  it('a whole-module re-export is found, a named one is not', () => {
    expect(
      starExports(
        "export * from './a.js';\nexport type * from './b.js';\n" +
          "export { c } from './c.js';\n// export * from './d.js';",
      ),
    ).toEqual([1, 2]);
  });
});
