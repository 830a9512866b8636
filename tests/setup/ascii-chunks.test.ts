// The bundle's chunks made ASCII-only (scripts/ascii-chunks.ts): what esbuild leaves outside ASCII in comments and
// regular expression literals is escaped, the code means what it meant (each literal matches as before), and a chunk
// with such text anywhere else (a tagged template's raw text) is left as esbuild wrote it.
import { describe, expect, it } from 'vitest';
import { asciiText } from '../../scripts/ascii-chunks.js';

/** The values `text` (a module's body) exports, run as a function. */
const run = (text: string): Record<string, unknown> =>
  new Function(`${text.replace(/^export /gm, '')}\nreturn { quote, dash, ratio, joined, label };`)() as Record<
    string,
    unknown
  >;

const CHUNK = [
  '// engine/words.ts: a curly quote (’) is a word’s own',
  'export const quote = /[’‘]/g;',
  '/** A dash — or a hyphen – between two words. */',
  'export const dash = (s) => s.split(/\\s*[–—]\\s*/u).length;',
  'export const ratio = (a, b) => (a + 1) / (b + 1) / 2;',
  'export const joined = `a${{ x: 1 }.x / 2}b` + "\\u2019";',
  'export const label = /^\\“?[a-z]+”?$/i;',
].join('\n');

describe('a chunk made ASCII-only', () => {
  it('escapes the comments and regular expressions, and its code behaves as before', () => {
    const out = asciiText(CHUNK)!;
    expect(out).toMatch(/^[\x00-\x7f]*$/);
    expect(out).toContain('/[\\u2019\\u2018]/g');
    // An escaped non-ASCII character (`\“`) is the character: its escape replaces both.
    expect(out).toContain('/^\\u201c?[a-z]+\\u201d?$/i');
    const before = run(CHUNK);
    const after = run(out);
    for (const text of ['it’s', 'a ‘b’', 'plain'])
      expect(text.replace(after.quote as RegExp, "'")).toBe(text.replace(before.quote as RegExp, "'"));
    expect((after.dash as (s: string) => number)('a – b — c')).toBe(3);
    expect((after.label as RegExp).test('“Ana”')).toBe(true);
    expect([after.ratio, after.joined].map(String)).toEqual([before.ratio, before.joined].map(String));
  });

  it('is left as it is with such text in a tagged template, or a line separator in a comment', () => {
    expect(asciiText('export const dash = String.raw`[–—]`;')).toBeUndefined();
    expect(asciiText('// a\u2028b\nexport const x = 1;')).toBeUndefined();
  });

  it('is unchanged without text outside ASCII', () => {
    expect(asciiText('export const x = /a/g; // plain')).toBe('export const x = /a/g; // plain');
  });
});
