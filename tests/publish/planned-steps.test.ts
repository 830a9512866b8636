// What publishing costs before anything is spent (publishStepsOf, the server's quote and its 402
// check): each step's generator and credits, a given author or title and the book's own title skipped at
// no cost, and the same steps as writePackageParts then runs.
import { describe, expect, it } from 'vitest';
import { finishedBook as bookOf } from './finished-book.js';
import { loadCatalog } from '../../engine/node/load.js';
import { publishStepsOf, writePackageParts, type GivenFacts } from '../../engine/publish/index.js';
import { renderCoverPng } from '../../engine/providers/cover.js';

const catalog = loadCatalog({ useDiskCache: false });
const specOf = (id: string) => catalog.get(id);

/** A finished 1-chapter book; `title` is its outline's working title line. */
const finishedBook = (id: string, title?: string) =>
  bookOf({
    spec: specOf(id)!,
    outline: `${title ? `Title: ${title}\n\n` : ''}1. Chapter 1: The start`,
    content: ['Character Details:\n- Pip: a small fox\n\nPip wakes up.', 'Chapter one.', 'The end.'],
    characterDetails: '- Pip: a small fox',
  });

/** Credits from spec/: 1 a text step, 6 a cover. */
const TEXT = 1;
const COVER = 6;

describe('publishStepsOf', () => {
  it.each<[string, { book: string; title?: string; given?: GivenFacts }, Record<string, 'book' | 'given'>, number]>([
    ['every step runs for a book without its own title', { book: 'romance' }, {}, 5 * TEXT + COVER],
    [
      "the book's own title is kept",
      { book: 'children', title: 'Pip and the Moon' },
      { title: 'book' },
      4 * TEXT + COVER,
    ],
    [
      'a named author skips the pen name',
      { book: 'romance', given: { author: 'Siti Aminah' } },
      { author: 'given' },
      4 * TEXT + COVER,
    ],
    [
      "a given title wins over the book's own",
      { book: 'children', title: 'Pip', given: { title: 'Laut', author: 'Aina' } },
      { title: 'given', author: 'given' },
      3 * TEXT + COVER,
    ],
    ['a blank author is no author', { book: 'romance', given: { author: '  ' } }, {}, 5 * TEXT + COVER],
  ])('%s', (_name, input, skipped, cost) => {
    const book = catalog.get(input.book)!;
    const planned = publishStepsOf({
      book,
      state: finishedBook(input.book, input.title),
      specOf,
      ...(input.given ? { given: input.given } : {}),
    });
    expect(planned.steps.map((s) => s.part)).toEqual([
      'title',
      'author',
      'description',
      'keywords',
      'copyright',
      'cover',
    ]);
    for (const step of planned.steps) {
      const generator = book.publish!.parts[step.part].generator;
      expect(step).toEqual(
        skipped[step.part]
          ? { part: step.part, generatorId: generator, cost: 0, skipped: skipped[step.part] }
          : { part: step.part, generatorId: generator, cost: step.part === 'cover' ? COVER : TEXT },
      );
    }
    expect(planned.cost).toBe(cost);
  });

  it('writePackageParts runs exactly the planned steps, at the planned cost', async () => {
    const book = catalog.get('children')!;
    const state = finishedBook('children', 'Pip and the Moon');
    const given = { author: 'Siti Aminah' };
    const parts = await writePackageParts({
      book,
      state,
      specOf,
      given,
      runStep: async (step) =>
        step.spec.kind === 'image'
          ? { text: 'cover', png: renderCoverPng({ prompt: 'x', size: step.spec.image!.size }) }
          : { text: '1. keyword one\n2. keyword two' },
    });
    const planned = publishStepsOf({ book, state, specOf, given });
    expect(parts.steps).toEqual(planned.steps);
    expect(parts.cost).toBe(planned.cost);
  });
});
