// What a series book is told of the books before it stays within the story bible's bounds however many books
// came before: twelve books of fifteen characters and thirty facts each, and book 13's outline is
// told at most the characters, facts and open threads one bible keeps, the most recent book's first.
import { describe, expect, it } from 'vitest';
import { BIBLE_LIMITS, bookSeries, parseBible, startBook, type BookSpec, type SeriesBook } from '../../engine/index.js';
import { loadCatalog } from '../../engine/node/load.js';

const catalog = loadCatalog({ useDiskCache: true });
const spec = catalog.get('romance') as unknown as BookSpec;

/** Book `n`, finished (3 chapters), whose bible lists 15 characters, 30 facts and 10 open threads of its own. */
function book(n: number): SeriesBook {
  const state = startBook({ spec, settings: {}, totalChapters: 3 });
  const memory = [
    '## Characters',
    ...Array.from({ length: 15 }, (_, i) => `- Person ${n}-${i} | a neighbour | in the town of book ${n} | Conclusion`),
    '## Open threads',
    ...Array.from({ length: 10 }, (_, i) => `- the secret ${n}-${i} | Chapter 1 | open`),
    '## Established facts',
    ...Array.from({ length: 30 }, (_, i) => `- Fact ${n}-${i}: value ${i}`),
  ].join('\n');
  return {
    number: n,
    spec,
    state: {
      ...state,
      content: ['i', 'c1', 'c2', 'c3', 'end'],
      currentChapter: 5,
      isLocked: true,
      memory,
      memoryUpTo: 4,
    },
  };
}

describe('the series a book is told', () => {
  it('book 13 of a series of twelve long books is told no more than one bible holds, book 12 first', () => {
    const books = Array.from({ length: 12 }, (_, i) => book(i + 1));
    // The text the outline's request carries (templates/partials/series.hbs), counted line by line as sent.
    const text = bookSeries('Long Saga', 13, books, 'en').bible;
    const section = (heading: string) =>
      (text.split(`## ${heading}\n`)[1] ?? '')
        .split('\n## ')[0]!
        .split('\n')
        .filter((l) => l.startsWith('- '));
    expect(section('Characters').length).toBeLessThanOrEqual(BIBLE_LIMITS.characters);
    expect(section('Established facts').length).toBeLessThanOrEqual(BIBLE_LIMITS.facts);
    expect(section('Open threads').length).toBeLessThanOrEqual(BIBLE_LIMITS.threads);
    expect(section('Earlier arcs').length).toBeLessThanOrEqual(2);
    const told = parseBible(text);
    expect(told.characters[0]!.name).toBe('Person 12-0');
    expect(told.facts.some((f) => f.startsWith('Fact 12-'))).toBe(true);
  });
});
