// A generated jobs file (one flow mapping a line) reads as YAML reads it, without the YAML parser: the same values
// with the same types and lines; a line YAML would read otherwise (a boolean, null, a number not whole, a key said
// twice, a comma in a quoted text) leaves the whole file to the parser.
import { describe, expect, it } from 'vitest';
import { parseYamlList } from '../../cli/batch/jobs.js';
import { flowJobList } from '../../cli/batch/jobs-flow.js';

describe('a jobs file of one-line flow mappings', () => {
  it('reads each job with its line, whole numbers as numbers and quoted texts as texts', () => {
    const text =
      '# made by a script\n' +
      '- { id: book-1, generator: romance, lang: en, chapters: 3 }\n' +
      '\n' +
      '- {id: b2, generator: romance, lang: ms, title: "Hujan: di Kota", author: \'Ana\'}\r\n' +
      '- { id: c, generator: poems, title: The Long Road, chapters: 12 }\n';
    expect(flowJobList(text)).toEqual([
      { index: 1, line: 2, value: { id: 'book-1', generator: 'romance', lang: 'en', chapters: 3 } },
      {
        index: 2,
        line: 4,
        value: { id: 'b2', generator: 'romance', lang: 'ms', title: 'Hujan: di Kota', author: 'Ana' },
      },
      { index: 3, line: 5, value: { id: 'c', generator: 'poems', title: 'The Long Road', chapters: 12 } },
    ]);
  });

  it('leaves to the YAML parser what YAML reads otherwise', () => {
    for (const line of [
      '- { id: a, generator: romance, proofread: true }',
      '- { id: a, generator: romance, chapters: 03 }',
      '- { id: a, generator: romance, chapters: 2.5 }',
      '- { id: a, generator: romance, author: null }',
      '- { id: a, generator: romance, id: b }',
      '- { id: a, generator: romance, title: "Rain, again" }',
      '- { id: a, generator: romance } # a comment',
      '- { id: a, generator: romance, }',
      '- id: a',
      '  generator: romance',
    ])
      expect(flowJobList(`- { id: z, generator: poems }\n${line}\n`), line).toBeUndefined();
    expect(flowJobList('# nothing\n\n')).toBeUndefined();
  });

  it('reads what it reads exactly as the YAML parser does', () => {
    const values = ['romance', 'en', 'ms', '3', '0', '12', 'book-7', 'The Long Road', '"x: y"', "'it'", 'a/b.c', 'no'];
    const keys = ['id', 'generator', 'lang', 'chapters', 'title', 'author_name'];
    const lines = Array.from({ length: 120 }, (_, i) => {
      const pairs = keys
        .filter((_, k) => (i >> k) % 3 !== 1)
        .map((k, j) => `${k}: ${values[(i * 7 + j * 5) % values.length]}`);
      return `- { ${pairs.length ? pairs.join(', ') : 'id: only'} }`;
    });
    const text = `${lines.join('\n')}\n`;
    const fast = flowJobList(text);
    expect(fast).toHaveLength(120);
    expect(fast).toEqual(parseYamlList('jobs.yaml', text));
  });
});
