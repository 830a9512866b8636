// What a book's parts give is kept per text (engine/text-cache.ts): a book measures every step against the parts
// before it, so each part must be read once however many later steps come back to it, a text in use must outlast
// the texts that come in after it, and the cache must hold no more than its size.
import { describe, expect, it } from 'vitest';
import { byText, forgetTexts } from '../../engine/text-cache.js';

/** A cache of `size` that counts how often each text is read (`copiesKeys`: a cache of paragraphs). */
function counted(size: number, copiesKeys = false) {
  const reads = new Map<string, number>();
  const of = byText(
    size,
    (text: string) => {
      reads.set(text, (reads.get(text) ?? 0) + 1);
      return { length: text.length };
    },
    copiesKeys,
  );
  return {
    of,
    reads: (text: string) => reads.get(text) ?? 0,
    total: () => [...reads.values()].reduce((a, b) => a + b, 0),
  };
}

describe('a text cache', () => {
  it('reads each part of a 40-chapter book once when every step measures against the parts before it', () => {
    const cache = counted(64);
    const parts = Array.from({ length: 40 }, (_, i) => `chapter ${i + 1} `.repeat(50));
    parts.forEach((part, step) => {
      for (const earlier of parts.slice(0, step)) cache.of(earlier);
      cache.of(part);
    });
    expect(cache.total()).toBe(40);
    expect(parts.every((part) => cache.reads(part) === 1)).toBe(true);
  });

  it('gives the same value for the same text, and what `keep` stored without reading it', () => {
    const cache = counted(8);
    expect(cache.of('a long text')).toBe(cache.of('a long text'));
    cache.of.keep('another text', { length: 99 });
    expect(cache.of('another text')).toEqual({ length: 99 });
    expect(cache.reads('another text')).toBe(0);
  });

  it('keeps a text in use while many more come in, and lets the ones not asked for again go first', () => {
    const cache = counted(8);
    cache.of('the book so far');
    const others = Array.from({ length: 100 }, (_, i) => `answer ${i}`);
    for (const other of others) {
      cache.of(other);
      cache.of('the book so far');
    }
    expect(cache.reads('the book so far')).toBe(1);
    // Only the last ones to come in are still there: the first answer is read again, the last is not.
    cache.of(others[0]!);
    cache.of(others[99]!);
    expect(cache.reads(others[0]!)).toBe(2);
    expect(cache.reads(others[99]!)).toBe(1);
  });

  it('holds no more texts than its size: with 8 kept, the ninth text in drops the first', () => {
    const cache = counted(8);
    const texts = Array.from({ length: 9 }, (_, i) => `text ${i}`);
    for (const text of texts) cache.of(text);
    for (const text of texts.slice(1).reverse()) cache.of(text);
    expect(texts.slice(1).every((text) => cache.reads(text) === 1)).toBe(true);
    cache.of(texts[0]!);
    expect(cache.reads(texts[0]!)).toBe(2);
  });

  it("forgets a finished book's paragraphs, and only them, from a cache of paragraphs", () => {
    const cache = counted(8, true);
    const kept = ['the first paragraph', 'a second, longer paragraph', 'a third one', 'x'.repeat(19)];
    for (const p of kept) cache.of(p);
    // The book's text: two kept paragraphs, one of a length another key has, one no key has.
    forgetTexts([['the first paragraph', 'a paragraph never read', 'a third one'].join('\n\n')]);
    for (const p of kept) cache.of(p);
    expect(kept.map((p) => cache.reads(p))).toEqual([2, 1, 2, 1]);
    // Forgotten and read again, then pushed out by newer ones: the cache still holds its size, no more.
    const newer = Array.from({ length: 8 }, (_, i) => `newer paragraph ${i}`);
    for (const p of newer) cache.of(p);
    cache.of(kept[1]!);
    expect(cache.reads(kept[1]!)).toBe(2);
  });
});
