// The batch summary of a book close to many others (a batch made from one template): the closest books with
// the passages both have, then how many more, so a 400-book batch prints a few lines a book, not 400.
import { describe, expect, it } from 'vitest';
import { closeMarkLines, type CloseMark } from '../../cli/batch/near-duplicates.js';

const mark = (i: number, passages: string[] = []): CloseMark => ({
  book: `book-${i}`,
  title: `Romance ${i}`,
  share: 1 - i / 100,
  passages,
});

describe('karya batch: a book too close to many', () => {
  it('names the closest three with their passages and counts the rest', () => {
    const marks = [
      mark(1, ['The rain kept falling over the harbour', 'the lights of the town came on']),
      mark(2, ['The rain kept falling']),
      mark(3, ['the lights']),
      ...Array.from({ length: 396 }, (_, i) => mark(i + 4)),
    ];
    const lines = closeMarkLines(marks, 'en');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(
      'too close to "Romance 1" (book-1): 99 % of its text is in that book; both have ' +
        '"The rain kept falling over the harbour", "the lights of the town came on"',
    );
    expect(lines[3]).toBe('also too close to 396 other books (--json lists them)');
    expect(closeMarkLines(marks.slice(0, 4), 'en')[3]).toBe('also too close to 1 other book (--json lists them)');
    expect(closeMarkLines(marks.slice(0, 2), 'en')).toHaveLength(2);
    expect(closeMarkLines([], 'en')).toEqual([]);
  });
});
