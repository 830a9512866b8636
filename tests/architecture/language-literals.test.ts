// A language is data: which languages exist and what differs between them is the language table's
// (languages/*.yaml, read by engine/languages and engine/node/languages.ts). Code and templates read the table's
// values the same way for every language: no Malay code written into the code (`'ms'`), no `isMalay`, no
// comparison of a language with a code written by hand (`lang === 'en'`), no template branching on one language.
// A third language then takes no code: its table file and its words. Tests are left out (they name languages).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './graph.js';
import { commentsOf } from './guides.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The table and its loader: the only code that may name a language. */
const TABLE = [/^engine\/languages\//, /^engine\/node\/languages\.ts$/];
// Migrations are history: a past schema's CHECK names the languages of its day and is never edited.
const CODE = sourceFiles(ROOT, ['engine', 'server', 'cli', 'studio/src', 'bin', 'scripts']).filter(
  (f) => !TABLE.some((t) => t.test(f)),
);

const CODES = '(?:en|ms|id)';
const RULES: ReadonlyArray<{ what: string; re: RegExp }> = [
  { what: 'a Malay code written by hand', re: /(['"`])ms\1/ },
  { what: 'isMalay', re: /\bisMalay\b/ },
  {
    what: 'a language compared by hand',
    re: new RegExp(
      `(?:===?|!==?)\\s*(['"\`])${CODES}\\1|(['"\`])${CODES}\\2\\s*(?:===?|!==?)|\\bcase\\s+(['"\`])${CODES}\\3`,
    ),
  },
  { what: 'a type that lists languages by hand', re: new RegExp(`(['"])${CODES}\\1\\s*\\|\\s*(['"])${CODES}\\2`) },
];

/** The source with every comment blanked (line numbers kept), so a comment may still name a language. */
function code(source: string): string[] {
  const lines = source.split('\n');
  for (const c of commentsOf(source)) {
    const at = lines[c.line - 1];
    if (at !== undefined) lines[c.line - 1] = at.replace(c.text, ' '.repeat(c.text.length));
  }
  return lines;
}

/** `file:line: what` for every hand-written language in one file. */
function findings(file: string): string[] {
  const out: string[] = [];
  code(readFileSync(path.join(ROOT, file), 'utf8')).forEach((line, i) => {
    // A doc comment's own line (its @example) even where a quote before it hid the comment from commentsOf.
    if (/^\s*(?:\*|\/\/|\/\*)/.test(line)) return;
    for (const rule of RULES)
      if (rule.re.test(line)) out.push(`${file}:${i + 1}: ${rule.what}: ${line.trim().slice(0, 120)}`);
  });
  return out;
}

function templateFiles(dir: string): string[] {
  return (readdirSync(path.join(ROOT, dir), { recursive: true }) as string[])
    .filter((f) => f.endsWith('.hbs'))
    .map((f) => `${dir}/${f}`);
}

describe('a language is data', () => {
  it('no code outside the language table names a language or compares one by hand', () => {
    expect(CODE.flatMap(findings)).toEqual([]);
  });

  it('no template branches on one language', () => {
    const branching = /\bisMalay\b|\(\s*eq\s+lang\b|\blang\s*===|#if\s+\(?\s*(?:en|ms|id)\b/;
    const found = templateFiles('templates').filter((f) => branching.test(readFileSync(path.join(ROOT, f), 'utf8')));
    expect(found).toEqual([]);
  });

  it('the checks themselves find each kind of hand-written language', () => {
    const sample = [
      "if (lang === 'ms') x();",
      'const t = isMalay ? a : b;',
      "type L = 'en' | 'ms';",
      'case "id": break;',
      "// lang === 'ms' in a comment is fine",
    ];
    const hits = sample.map((line) => RULES.filter((r) => r.re.test(code(line)[0]!)).map((r) => r.what));
    expect(hits).toEqual([
      ['a Malay code written by hand', 'a language compared by hand'],
      ['isMalay'],
      ['a Malay code written by hand', 'a type that lists languages by hand'],
      ['a language compared by hand'],
      [],
    ]);
  });
});
