// Markup is escaped and decoded in one place (engine/markup.ts, its decoding the `entities` package's), and text is
// escaped for a regular expression there too: a copy elsewhere drifts (one escaping quotes, one not; a decoder
// knowing 14 names, so `&eacute;` reached a book as written).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CODE = ['engine', 'server', 'cli', 'studio/src', 'scripts'];
const HOME = 'engine/markup.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

const files = CODE.flatMap(sourceFiles).filter((f) => f !== HOME);
/** A file's code without its comment lines (a comment may name `&amp;`). */
const codeOf = (file: string) =>
  readFileSync(path.join(ROOT, file), 'utf8')
    .split('\n')
    .filter((l) => !/^\s*(\/\/|\/?\*)/.test(l))
    .join('\n');
const offending = (pattern: RegExp) => files.filter((f) => pattern.test(codeOf(f)));

describe('one escaper, one decoder', () => {
  it('no code but engine/markup.ts writes or reads a character reference by hand', () => {
    expect(offending(/['"`]&(?:amp|lt|gt|quot|apos|nbsp|#39);['"`]|\/&(?:amp|lt|gt|quot|apos|nbsp);\/g/)).toEqual([]);
  });

  it("no code but engine/markup.ts escapes a regular expression's special characters itself", () => {
    expect(offending(/\\\\\$&['"`]/)).toEqual([]);
  });
});
