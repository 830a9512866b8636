// The command line prints a language's words from languages/<code>/, never English written in its code: every
// string literal of cli/ that reads as an English sentence (tests/architecture/cli-english-literals.ts) is refused,
// so a new message printed in English fails here and is given its keys (en, ms, id) instead. No file is excepted.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './graph.js';
import { literalsOf, readsAsEnglish } from './cli-english-literals.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `file:line: text` of every literal of `file` that reads as English. */
function englishIn(file: string): string[] {
  return literalsOf(readFileSync(path.join(ROOT, file), 'utf8'))
    .filter((l) => readsAsEnglish(l.text))
    .map((l) => `${file}:${l.line}: ${l.text.trim().slice(0, 100)}`);
}

describe("the command line's words are the language files'", () => {
  const files = sourceFiles(ROOT, ['cli']);
  const found = new Map(files.map((file) => [file, englishIn(file)]));

  it('no file of cli/ holds an English sentence', () => {
    expect([...found.values()].flat()).toEqual([]);
  });

  it(
    'the check finds an English message in each way a command ' + 'prints one, and leaves keys, codes and names alone',
    () => {
      const sample = [
        "fail('--per-day plans the releases of --publish; add --publish');",
        'info(`karya worker ${id}: running up to ${n} steps at once from ${where}`);',
        "this.line(`${x ? 'already written' : `resuming at step ${n} of ${m}`}`);",
        'process.stderr.write(`karya: interrupted; finished steps are saved\\n`);',
        "fail(batchWord('notPositiveWholeMax', lang, { name }));",
        "const code = 'not_a_language'; const re = /don't split 'this' it is a regex/;",
        "info(`  ${serveWord('database', lang, { where })}`); // the database is named",
        "write(`karya batch: ${parts.join(' · ')}\\n`); help('common.setAsGenerate');",
      ].map((line) => literalsOf(line).filter((l) => readsAsEnglish(l.text)).length);
      expect(sample).toEqual([1, 1, 2, 1, 0, 0, 0, 0]);
    },
  );
});
