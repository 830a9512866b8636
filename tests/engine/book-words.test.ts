// One word count: My Books (bookSummary) gives a book the sum of the words the book view gives its parts,
// the introduction counted without the character list kept with the book (it is not printed).
import { describe, expect, it } from 'vitest';
import { applyStep, bookSummary, bookView, startBook } from '../../engine/index.js';
import { loadCatalog } from '../../engine/node/load.js';

describe('the words of a book', () => {
  it('are the same in My Books and on the book page', () => {
    const romance = loadCatalog({ useDiskCache: true }).get('romance')!;
    let state = startBook({ spec: romance, settings: {}, totalChapters: 3 });
    state = applyStep(
      romance,
      state,
      { kind: 'outline' },
      'Title: The Lantern Shop\n\nChapter 1: A\nChapter 2: B\nChapter 3: C',
    );
    state = applyStep(
      romance,
      state,
      { kind: 'introduction', position: 0 },
      'Aisha opened the shop at dawn.\n\nCharacter Details:\n- Aisha: the lead, a shopkeeper\n- Tan: the rival',
    );
    state = applyStep(
      romance,
      state,
      { kind: 'chapter', position: 1 },
      '# Chapter 1\n\nThe harbour was quiet, and the boats were tied.',
    );
    const view = bookView(romance, state);
    const pageWords = view.parts.reduce((n, p) => n + (p.words ?? 0), 0);
    expect(view.parts[0]!.words).toBe(6);
    expect(bookSummary(romance, state).words).toBe(pageWords);
  });
});
