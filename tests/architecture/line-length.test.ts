// Code lines are at most 120 characters. Every file the formatter holds has none; the files waiting in
// .prettierignore until they are split keep a count of their longer lines in long-lines.json (`npx tsx
// scripts/long-lines.ts --write` records it); the count only goes down: a file may not gain a long line, a new file
// may have none, and a file cut below its count must lower it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  BASELINE_FILE,
  cutComments,
  cutCommentsIn,
  longLines,
  longLinesIn,
  MAX_LINE_CHARS,
} from '../../scripts/long-lines.js';
import { ignoredFiles } from '../../scripts/format.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const baseline = JSON.parse(readFileSync(path.join(ROOT, BASELINE_FILE), 'utf8')) as Record<string, number>;

describe('line length', () => {
  const found = longLines(ROOT);

  it(`no file gains a line over ${MAX_LINE_CHARS} characters`, () => {
    const grown = Object.entries(found)
      .filter(([file, n]) => n > (baseline[file] ?? 0))
      .map(([file, n]) => `${file}: ${n} lines over ${MAX_LINE_CHARS} (allowed ${baseline[file] ?? 0})`);
    expect(grown, 'wrap these lines').toEqual([]);
  });

  it(
    `a formatted file has no line over ${MAX_LINE_CHARS} characters ` +
      `(only the files waiting in .prettierignore keep a count)`,
    () => {
      const waiting = new Set(ignoredFiles(ROOT));
      const long = Object.entries(found)
        .filter(([file]) => !waiting.has(file))
        .map(([file, n]) => `${file}: ${n} lines over ${MAX_LINE_CHARS}`);
      expect(long, 'cut these lines (npm run format cuts strings; the rest by hand)').toEqual([]);
    },
  );

  it('the recorded counts only go down', () => {
    const stale = Object.entries(baseline)
      .filter(([file, n]) => (found[file] ?? 0) < n)
      .map(([file, n]) => `${file}: ${found[file] ?? 0} (recorded ${n})`);
    expect(stale, 'lower these in long-lines.json (npx tsx scripts/long-lines.ts --write)').toEqual([]);
  });

  it('no comment is cut into a line of one word (its words run on into the next line)', () => {
    const cut = Object.entries(cutComments(ROOT)).map(([file, lines]) => `${file}: lines ${lines.join(', ')}`);
    expect(cut, 'run these comments on as one paragraph').toEqual([]);
    const filled = `  // ${'word '.repeat(21)}ends with`;
    expect(cutCommentsIn(`${filled}\n  // the\n  // rest of it`)).toEqual([2]);
    expect(cutCommentsIn('  // a list:\n  // one\n  // two')).toEqual([]);
    expect(cutCommentsIn('// a line\nconst the = 1;\n// another')).toEqual([]);
  });

  it('counts characters, not bytes', () => {
    expect(longLinesIn(`${'é'.repeat(120)}\n${'a'.repeat(121)}\nshort`)).toBe(1);
  });
});
