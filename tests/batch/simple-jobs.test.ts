// A jobs file in the simple shape is read without the YAML library (cli/batch/simple-jobs.ts): every job, value and
// line it reads is what YAML reads (parseYamlList, the `yaml` library); every other text is left to the library, so
// its errors are the library's.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseYamlList, type RawJob } from '../../cli/batch/jobs.js';
import { simpleJobsList } from '../../cli/batch/simple-jobs.js';
import { ROOT } from '../../engine/node.js';

/** What YAML reads, or undefined when the library refuses the text. */
function yamlRead(text: string): RawJob[] | undefined {
  try {
    return parseYamlList('jobs.yaml', text);
  } catch {
    return undefined;
  }
}

/** The simple reader reads `text` as YAML does, or leaves it to the library. */
function expectSameOrLeft(text: string): RawJob[] | undefined {
  const simple = simpleJobsList(text);
  if (simple !== undefined) expect({ text, jobs: simple }).toEqual({ text, jobs: yamlRead(text) });
  return simple;
}

describe('a jobs file in the simple shape', () => {
  it("reads a batch's one-line jobs and block jobs as YAML does, each with its line", () => {
    const lines = Array.from({ length: 400 }, (_, j) => `- { id: book-${j + 1}, generator: romance, lang: ${j % 2 ? 'ms' : 'en'}, chapters: 3 }`).join('\n');
    expect(expectSameOrLeft(`${lines}\n`)).toHaveLength(400);
    const block = '# comment\n- generator: poems\n  lang: ms\n\n- id: b   # the second\n  generator: romance\n  # between keys\n  settings: { destination: "Penang, Malaysia", tone: \'hopeful\' }\n  fresh: true\n';
    expect(expectSameOrLeft(block)?.map((j) => [j.line, j.value])).toEqual([
      [2, { generator: 'poems', lang: 'ms' }],
      [5, { id: 'b', generator: 'romance', settings: { destination: 'Penang, Malaysia', tone: 'hopeful' }, fresh: true }],
    ]);
  });

  it('leaves to the library what YAML reads otherwise, and every error', () => {
    const left = [
      '- { id: a, chapters: 0x1F }\n', '- { id: a, chapters: 1.5 }\n', '- { id: a, age: 5-8 }\n', '- { id: a, x: null }\n', '- { id: a, x: ~ }\n',
      '- { id: a, x: -1 }\n', '- { id: a, x: .inf }\n', '- { id: a, id: b }\n', "- { id: 'it''s' }\n", '- { id: "a\\n" }\n', '- { id: a#b }\n',
      '- { id: [a] }\n', '- { id: { a: b } }\n', '- {id:a}\n', '- { id: a, }\n', '- { id: a\n', '- id: a\n  settings:\n    tone: x\n',
      '- id: a\n   generator: b\n', '- id: a\n  premise: one\n    two\n', 'jobs:\n  - { id: a }\n', '---\n- { id: a }\n', '- &x { id: a }\n- *x\n',
      '-\n  id: a\n', '- id: a\r\n', '\t- { id: a }\n', '\uFEFF- { id: a }\n', 'generator: poems\n', '', '# nothing\n', '- { __proto__: a }\n',
      '- { id: a, title: Part 2: The End }\n', '- id: a\n- b\n', '- { id: a } x\n', '  - { id: a }\n', '- { id: "a }\n',
    ];
    for (const text of left) expect(simpleJobsList(text), JSON.stringify(text)).toBeUndefined();
  });

  it('reads every mix of these pieces as YAML does (or leaves it)', () => {
    // A fixed pseudo-random walk over keys, values, separators and layouts, so a failure is the same at every run.
    let seed = 86;
    const random = (): number => {
      // mulberry32
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
    };
    const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const keys = ['id', 'generator', 'lang', 'chapters', 'settings', 'out', 'a-b', 'x_1', 'id', 'generator', 'lang', 'chapters', 'true', 'null', '"q"', 'k '];
    const good = ['romance', '3', 'ms', '12', 'Kuala Lumpur', '"a, b"', "'c # d'", 'true', 'x!', '{ a: b }', 'second-chance', "don't", 'über'];
    const values = [...good, ...good, 'romance', '3', '007', '0', '1e3', '0o17', '3rd', '5-8', 'yes', 'No', 'True', 'FALSE', 'null', '~', '', '"a, b"', "'c # d'", '"e\\tf"', "'g''h'", 'Kuala Lumpur', "don't", 'a #c', 'a#c', 'a: b', 'x!', '(y)', 'd/e', '{ a: b }', '{}', '[1]', '"', 'über', '12345678901234567'];
    const pair = () => `${pick(keys)}: ${pick(values)}`;
    let read = 0;
    for (let n = 0; n < 3000; n++) {
      const lines: string[] = [];
      for (let job = 0; job < 1 + (n % 3); job++) {
        if (pick([true, false])) lines.push(`- { ${Array.from({ length: 1 + (n % 4) }, pair).join(pick([', ', ',', ' , ']))} }${pick(['', ' # c', '  '])}`);
        else {
          lines.push(`- ${pair()}`);
          for (let k = 0; k < n % 3; k++) lines.push(pick([`  ${pair()}`, `  ${pair()}`, '', '# c', '  # c', `   ${pair()}`]));
        }
      }
      if (expectSameOrLeft(`${lines.join('\n')}${pick(['\n', ''])}`)) read++;
    }
    // The walk is worth something only if it reads many of them.
    expect(read).toBeGreaterThan(400);
  });

  it('reads the example jobs file as YAML does, or leaves it to the library', () => {
    expectSameOrLeft(readFileSync(path.join(ROOT, 'examples', 'jobs.yaml'), 'utf8'));
  });
});
