// The one Markdown reader (engine/markdown.ts): the block model every output renders, and raw HTML in a
// part only ever as text.
import { describe, expect, it } from 'vitest';
import { parseMarkdown, spansText, type Block } from '../../engine/markdown.js';

/** Every text the blocks hold, in order. */
function texts(blocks: readonly Block[]): string[] {
  return blocks.flatMap((b): string[] => {
    switch (b.kind) {
      case 'heading':
      case 'paragraph':
        return [spansText(b.spans)];
      case 'list':
        return b.items.flatMap(texts);
      case 'quote':
        return texts(b.blocks);
      case 'code':
        return [b.text];
      case 'rule':
        return [];
      case 'table':
        return [...b.header, ...b.rows.flat()].map(spansText);
    }
  });
}

const cases: Array<{ name: string; markdown: string; expected: Block[] }> = [
  {
    name: 'heading and paragraph with bold, italic and code',
    markdown: '## The Storm\n\nIt **fell** on *her* `door`.',
    expected: [
      { kind: 'heading', level: 2, spans: [{ kind: 'text', text: 'The Storm' }] },
      {
        kind: 'paragraph',
        spans: [
          { kind: 'text', text: 'It ' },
          { kind: 'strong', children: [{ kind: 'text', text: 'fell' }] },
          { kind: 'text', text: ' on ' },
          { kind: 'em', children: [{ kind: 'text', text: 'her' }] },
          { kind: 'text', text: ' ' },
          { kind: 'code', text: 'door' },
          { kind: 'text', text: '.' },
        ],
      },
    ],
  },
  {
    name: 'a single newline is a line break (poems)',
    markdown: 'Roses are red\nViolets are blue',
    expected: [
      {
        kind: 'paragraph',
        spans: [{ kind: 'text', text: 'Roses are red' }, { kind: 'break' }, { kind: 'text', text: 'Violets are blue' }],
      },
    ],
  },
  {
    name: 'lists, ordered from their start, and "•" bullets',
    markdown: '3. three\n4. four\n\n• one\n• two',
    expected: [
      {
        kind: 'list',
        isOrdered: true,
        start: 3,
        items: [
          [{ kind: 'paragraph', spans: [{ kind: 'text', text: 'three' }] }],
          [{ kind: 'paragraph', spans: [{ kind: 'text', text: 'four' }] }],
        ],
      },
      {
        kind: 'list',
        isOrdered: false,
        start: 1,
        items: [
          [{ kind: 'paragraph', spans: [{ kind: 'text', text: 'one' }] }],
          [{ kind: 'paragraph', spans: [{ kind: 'text', text: 'two' }] }],
        ],
      },
    ],
  },
  {
    name: 'quote, rule and code block',
    markdown: '> Said she.\n\n---\n\n```\nx < y\n```',
    expected: [
      { kind: 'quote', blocks: [{ kind: 'paragraph', spans: [{ kind: 'text', text: 'Said she.' }] }] },
      { kind: 'rule' },
      { kind: 'code', text: 'x < y' },
    ],
  },
  {
    name: 'a table stays a table: header cells and rows of cells',
    markdown: '| Ingredient | Amount |\n| --- | --- |\n| Rice | 2 cups |\n| **Coconut** milk | 400 ml |',
    expected: [
      {
        kind: 'table',
        header: [[{ kind: 'text', text: 'Ingredient' }], [{ kind: 'text', text: 'Amount' }]],
        rows: [
          [[{ kind: 'text', text: 'Rice' }], [{ kind: 'text', text: '2 cups' }]],
          [
            [
              { kind: 'strong', children: [{ kind: 'text', text: 'Coconut' }] },
              { kind: 'text', text: ' milk' },
            ],
            [{ kind: 'text', text: '400 ml' }],
          ],
        ],
      },
    ],
  },
  {
    name: 'character references are read as characters',
    markdown: 'Salt &amp; pepper &#8212; to taste',
    expected: [{ kind: 'paragraph', spans: [{ kind: 'text', text: 'Salt & pepper — to taste' }] }],
  },
];

describe('parseMarkdown', () => {
  it.each(cases)('$name', ({ markdown, expected }) => {
    expect(parseMarkdown(markdown)).toEqual(expected);
  });

  it('keeps <script> in a part as text: inline, as a block and inside a list', () => {
    const markdown =
      'A <script>alert(1)</script> line\n\n<script>\nsteal()\n</script>\n\n- <img src=x onerror=alert(1)>';
    const blocks = parseMarkdown(markdown);
    const all = texts(blocks).join('\n');
    expect(all).toContain('<script>alert(1)</script>');
    expect(all).toContain('<script> steal() </script>');
    expect(all).toContain('<img src=x onerror=alert(1)>');
    // Text only: no span or block kind carries markup to be interpreted.
    const kinds = JSON.stringify(blocks).match(/"kind":"[a-z]+"/g) ?? [];
    expect(new Set(kinds)).toEqual(new Set(['"kind":"paragraph"', '"kind":"text"', '"kind":"list"', '"kind":"break"']));
  });

  it('keeps the words of links and images, not their addresses', () => {
    expect(texts(parseMarkdown('See [the map](http://x.test) and ![a fox](fox.png).'))).toEqual([
      'See the map and a fox.',
    ]);
  });
});
