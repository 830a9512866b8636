// A finished book's marks as a batch reports them (bookMarks): the parts short of the words asked for and the
// parts that repeat the book, the same parts the studio's view marks (is_short, repeated), counted without
// building the rest of the view.
import { describe, expect, it } from 'vitest';
import {
  bookMarks,
  bookView,
  parseSettings,
  REPEATS_RATIO,
  startBook,
  type BookSpec,
  type BookState,
} from '../../engine/index.js';
import { PROSE_SENTENCES } from '../fake-openai.js';
import { repoCatalog } from '../catalog.js';

const catalog = repoCatalog();
const spec = catalog.get('romance') as BookSpec;

/** `n` words of prose, starting at sentence `from` of the fake model's story. */
function prose(n: number, from: number): string {
  const out: string[] = [];
  for (let i = from; out.length < n; i++) out.push(...PROSE_SENTENCES.en[i % PROSE_SENTENCES.en.length]!.split(' '));
  return out.slice(0, n).join(' ') + '.';
}

describe("a book's marks", () => {
  it('counts the short parts and the repeating ones as the view marks them', () => {
    const start = startBook({ spec, settings: parseSettings(spec, {}), totalChapters: 3 });
    // Introduction and chapter 1 full length (1,500 words asked), chapter 2 short, chapter 3 a copy of chapter 1.
    const chapter1 = prose(1500, 3);
    const state: BookState = {
      ...start,
      outline: 'Chapter 1: A\nChapter 2: B\nChapter 3: C',
      content: [prose(1500, 0), chapter1, prose(200, 7), chapter1],
      currentChapter: 3,
    };
    const view = bookView(spec, state);
    const fromView = {
      shortParts: view.parts.filter((p) => p.is_short).length,
      repeatingParts: view.parts.filter((p) => (p.repeated ?? 0) >= REPEATS_RATIO).length,
    };
    expect(bookMarks(spec, state, REPEATS_RATIO)).toEqual(fromView);
    expect(fromView.shortParts).toBe(1);
    expect(fromView.repeatingParts).toBeGreaterThanOrEqual(1);
  });
});
