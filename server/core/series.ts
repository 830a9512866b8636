// A user's series on the server: its books as saved (by id, or by the key a book will be saved
// under), what each book is told of the books before it (engine/session/series/series.ts derives it, never copied),
// and a book store that tells every loaded book of a series its place: every step, rewrite, passage tool,
// continuity check and export of book k then sees the series as of the end of book k-1, nothing later.
import {
  bookSummary,
  BookSession,
  changesFor,
  openThreadsOf,
  renderBible,
  seriesAsOf,
  seriesChangeLine,
  type Catalog,
  type Provider,
} from '../../engine/index.js';
import type { SeriesDetail } from '../../engine/contract/index.js';
import type { BookRepository, Repositories, UserBook } from '../store/ports.js';
import type { AppContext } from './context.js';
import { catchUpBible } from './bible-catch-up.js';
import { readNextPart } from './bible-parts.js';
import { bookLockKey, bookLocks, lockHolderOf, userProgress } from './generation.js';
import type { StoredSeries } from '../store/queries/series.js';

// A series' books as saved, shared with the CLI (./series-books.ts).
import { bookSeriesOf, loadEntries, seriesBooksOf, type LoadedEntry } from './series-books.js';
export { bookSeriesOf, loadEntries, seriesBooksOf, type LoadedEntry };

/**
 * The book store with series: a book of a series is loaded with its place in it and the series as of the end
 * of the book before it (BookState.series), by key and by id; everything else as the store has it.
 */
export function withSeriesBooks(
  books: BookRepository,
  repos: Pick<Repositories, 'series'>,
  catalog: Catalog,
): BookRepository {
  const wrapped: BookRepository = {
    ...books,
    load: async (input) => {
      const saved = await books.load(input);
      if (!saved) return saved;
      const series = await bookSeriesOf(books, repos, catalog, input.userId, input.key);
      return series ? { ...saved, state: { ...saved.state, series } } : saved;
    },
    find: async (input) => {
      const book = await books.find(input);
      if (!book) return book;
      const series = await bookSeriesOf(books, repos, catalog, input.userId, book.key);
      return series ? { ...book, state: { ...book.state, series } } : book;
    },
  };
  plain.set(wrapped, books);
  return wrapped;
}

const plain = new WeakMap<BookRepository, BookRepository>();

/** The book store without series (withSeriesBooks's inner one): what a series reads its books from. */
export function plainBooks(books: BookRepository): BookRepository {
  return plain.get(books) ?? books;
}

/**
 * A series as the API shows it: its books in order, what changed for each, its bible as of each book's end, what is
 * left open.
 */
export function seriesDetail(series: StoredSeries, entries: readonly LoadedEntry[]): SeriesDetail {
  const books = seriesBooksOf(entries);
  const lang = series.lang;
  const last = entries.at(-1)?.number ?? 0;
  return {
    id: series.id,
    name: series.name,
    lang,
    books: entries.map((e) => ({
      number: e.number,
      id: e.id,
      title: e.saved && e.spec ? bookSummary(e.spec, e.saved.state).title : null,
      generator_id: e.saved?.state.generatorId ?? null,
      book_type: e.saved?.bookType ?? null,
      is_finished: e.saved?.isFinished ?? false,
      is_current: e.saved !== null && e.key === e.saved.bookType,
      is_started: e.saved !== null && (e.saved.state.content.length > 0 || e.saved.state.outline !== undefined),
      changes: changesFor(e.basis ?? undefined, books, e.number, lang).map((c) => seriesChangeLine(c, lang)),
      bible: renderBible(seriesAsOf(books, e.number, lang), lang, { omit: ['premise', 'ending', 'replaced', 'since'] }),
    })),
    open: openThreadsOf(seriesAsOf(books, last, lang)).map((t) => ({ thread: t.thread, opened: t.opened })),
  };
}

/**
 * A book of a series takes in the parts its bible lacks before a later book is told it: a finished book's last
 * part where its reading after the last step failed (or the book was finished before endings were read), where a
 * character may die. The current book of its type catches up as
 * after an edit; a kept book (another became current since: an import, Start New) is read here, under its type's
 * lock, one small call a part, part of the joining (not charged; the calls recorded as usage). A catch-up already
 * running for the book (an edit's re-derive, an import's build) is joined and waited for, at most a step's time-out
 * (bible-catch-up.ts); what it has not read by then is read here, as for a kept book (a part an import's hold covers
 * paid from it). `onWait` is told before a wait: for that catch-up, or for the book's lock (`book_step`: another step).
 */
export async function catchUpSeriesBook(
  ctx: AppContext,
  input: {
    userId: string;
    book: Pick<UserBook, 'key' | 'bookType' | 'isCurrent'>;
    provider?: Provider;
    onWait?: (reason: 'story_bible' | 'book_step') => void;
  },
): Promise<void> {
  const { userId, book } = input;
  const key = bookLockKey(userId, book.bookType);
  if (book.isCurrent) {
    const run = catchUpBible(ctx, {
      userId,
      bookType: book.bookType,
      ...(input.provider ? { provider: input.provider } : {}),
    });
    if (run.isJoined) input.onWait?.('story_bible');
    await run.settled;
    if (!run.isJoined) return;
  }
  const { mutex } = bookLocks(ctx);
  if (mutex.isHeld(key)) input.onWait?.(lockHolderOf(ctx, key));
  await mutex.run(key, async () => {
    const saved = await ctx.repos.books.load({ userId, key: book.key });
    const spec = saved ? ctx.catalog.get(saved.state.generatorId) : undefined;
    if (!saved || spec?.kind !== 'book') return;
    const session = await BookSession.open({
      spec,
      renderer: ctx.catalog.renderer,
      provider: input.provider ?? ctx.provider,
      key: book.key,
      settings: saved.state.settings,
      onFinished: 'keep',
      store: userProgress(ctx.repos, { userId, spec, charge: () => undefined }),
    });
    if (!session.needsMemory) return;
    const bookId = await ctx.repos.books.findBookId({ userId, key: book.key });
    const held = bookId !== null && (await ctx.repos.bibleHolds.find(bookId)) ? bookId : null;
    for (let left = saved.state.content.length; session.needsMemory && left > 0; left--) {
      const read = await readNextPart(ctx, { userId, spec, session, bookId: held, mayCharge: false, after: 'series' });
      if (read.outcome !== 'read') return;
    }
  });
}
