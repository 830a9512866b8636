// Content History's entries: a book's publishing pieces (its cover, description, copyright
// page, keywords: kept under the book's title by the publish route, engine pieceHistoryTitle) gather under the
// book with its parts; a picture or a piece made for no book in the list stays an entry of its own.
import { describe, expect, it } from 'vitest';
import type { HistoryListItem } from '../../engine/contract/index.js';
import { pieceHistoryTitle } from '../../engine/index.js';
import { historyEntries } from '../../studio/src/lib/history.js';

const item = (id: number, title: string, generator: string): HistoryListItem => ({
  id,
  title,
  content_type: generator,
  generator_id: generator,
  created_at: '2026-11-25T10:00:00.000Z',
});
const isBook = (g: string | null) => g === 'romance' || g === 'mystery';

describe('Content History entries', () => {
  it('a book holds its parts and its publishing pieces, newest first; a lone cover stays on its own', () => {
    const items = [
      item(9, pieceHistoryTitle('Hujan', 'Book Cover Generator'), 'book_cover'),
      item(8, pieceHistoryTitle('Hujan', 'Amazon Book Description'), 'amazon_pdp'),
      item(7, 'A Quiet Harbour', 'book_cover'),
      item(6, 'Hujan — Chapter 3: The Storm', 'romance'),
      item(5, 'Hujan — Story Outline', 'romance'),
      item(4, 'Hujan — Chapter 1', 'mystery'),
    ];
    const entries = historyEntries(items, isBook);
    expect(
      entries.map((e) => (e.kind === 'book' ? `${e.title} [${e.parts.map((p) => p.part).join(', ')}]` : e.item.title)),
    ).toEqual([
      'Hujan [Book Cover Generator, Amazon Book Description, Chapter 3: The Storm, Story Outline]',
      'A Quiet Harbour',
      // Another generator's book of the same title is its own entry.
      'Hujan [Chapter 1]',
    ]);
    const book = entries[0] as Extract<(typeof entries)[number], { kind: 'book' }>;
    expect(book).toMatchObject({ generatorId: 'romance', contentType: 'romance' });
  });

  it('a piece whose book has no part in the list is an entry of its own', () => {
    const entries = historyEntries([item(3, pieceHistoryTitle('Rain', 'Copyright Page'), 'copyright')], isBook);
    expect(entries).toEqual([
      { kind: 'item', key: 'item-3', item: expect.objectContaining({ title: 'Rain — Copyright Page' }) },
    ]);
  });
});
