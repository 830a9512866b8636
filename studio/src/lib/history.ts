// The writer's content history for its page: the list a page at a time (search after a short pause, a
// type filter, more on demand), and the list as entries: one per book (its parts inside, newest first),
// one per single piece or picture.
import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import type { HistoryListItem, HistoryType } from '../engine.js';
import { historyBookOf } from '../engine.js';
import { call } from './api.js';
import { useRefetchOnOnline } from '../components/LoadError.js';
import { useT } from '../i18n/index.js';
import '../i18n/history.js'; // the studio-history words it shows load with it (i18n/shared.ts)

const PAGE_SIZE = 30;

/** A book with the parts the list holds, or one item on its own. */
export type HistoryEntry =
  | {
      kind: 'book';
      key: string;
      title: string;
      generatorId: string | null;
      contentType: string;
      parts: Array<{ item: HistoryListItem; part: string }>;
    }
  | { kind: 'item'; key: string; item: HistoryListItem };

/**
 * The items as entries, in the order of each entry's newest item: the parts of a book (an item of a book
 * generator whose title names its book) gather under one entry per generator and book title, and so do the
 * publishing pieces made for it (cover, copyright page, keywords, description: kept under the book's title).
 */
export function historyEntries(
  items: readonly HistoryListItem[],
  isBook: (generatorId: string | null) => boolean,
): HistoryEntry[] {
  const keyOf = (item: HistoryListItem, book: string) => `book-${item.generator_id ?? ''}-${book}`;
  // A book title's newest book in the list: where the pieces made for a book of that title go.
  const newestBook = new Map<string, string>();
  for (const item of items) {
    const named = isBook(item.generator_id) ? historyBookOf(item.title) : undefined;
    if (named && !newestBook.has(named.book)) newestBook.set(named.book, keyOf(item, named.book));
  }
  const entries: HistoryEntry[] = [];
  const books = new Map<string, Extract<HistoryEntry, { kind: 'book' }>>();
  for (const item of items) {
    const named = historyBookOf(item.title);
    const isPart = named !== undefined && isBook(item.generator_id);
    const key = named ? (isPart ? keyOf(item, named.book) : newestBook.get(named.book)) : undefined;
    if (!named || !key) {
      entries.push({ kind: 'item', key: `item-${item.id}`, item });
      continue;
    }
    let book = books.get(key);
    if (!book) {
      // Made by its first part, or by a piece newer than its parts (the owner's part fills in its generator).
      const owner = isPart ? item : items.find((i) => isBook(i.generator_id) && keyOf(i, named.book) === key)!;
      book = {
        kind: 'book',
        key,
        title: named.book,
        generatorId: owner.generator_id,
        contentType: owner.content_type,
        parts: [],
      };
      books.set(key, book);
      entries.push(book);
    }
    book.parts.push({ item, part: named.part });
  }
  return entries;
}

/** The list, its types and how to page, search, filter, drop an item and load again. */
export function useHistoryList() {
  const { t } = useT();
  const [items, setItems] = useState<HistoryListItem[] | null>(null);
  const [nextCursor, setNextCursor] = useState<number | null>(null);
  const [isLoadingMore, setIsLoadingMore] = useState(false);
  const [types, setTypes] = useState<HistoryType[]>([]);
  const [search, setSearch] = useState('');
  const [type, setType] = useState('all');
  const [reload, setReload] = useState(0);
  const [loadError, setLoadError] = useState<unknown>(null);
  const query = (cursor?: number) => ({
    limit: PAGE_SIZE,
    ...(search.trim() ? { search: search.trim() } : {}),
    ...(type !== 'all' ? { type } : {}),
    ...(cursor ? { cursor } : {}),
  });

  // The first page, again whenever the search or the filter changes (the search after a short pause in typing).
  // `listId` tells a later page which list it belongs to: one for an older search is dropped.
  const listId = useRef(0);
  useEffect(() => {
    listId.current += 1;
    const controller = new AbortController();
    setLoadError(null);
    const timer = setTimeout(
      () => {
        call('GET /history', { query: query(), signal: controller.signal }).then(
          (r) => {
            setLoadError(null);
            setItems(r.items);
            setNextCursor(r.next_cursor);
            setTypes(r.types);
          },
          (error: Error) => {
            if (error.name !== 'AbortError') {
              setNextCursor(null);
              setLoadError(error);
            }
          },
        );
      },
      search ? 250 : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- query() reads exactly these
  }, [search, type, reload]);
  const again = () => setReload((n) => n + 1);
  useRefetchOnOnline(again, loadError !== null);

  const loadMore = async () => {
    if (nextCursor === null || isLoadingMore) return;
    setIsLoadingMore(true);
    const forList = listId.current;
    try {
      const r = await call('GET /history', { query: query(nextCursor) });
      if (forList !== listId.current) return;
      setItems((list) => [...(list ?? []), ...r.items.filter((item) => !list?.some((x) => x.id === item.id))]);
      setNextCursor(r.next_cursor);
    } catch {
      toast.error(t('history.loadFailed'));
    } finally {
      setIsLoadingMore(false);
    }
  };

  const drop = (id: number) => {
    setItems((list) => list?.filter((x) => x.id !== id) ?? null);
    again();
  };

  return {
    items,
    types,
    nextCursor,
    isLoadingMore,
    loadMore,
    search,
    setSearch,
    type,
    setType,
    loadError,
    again,
    drop,
  };
}
