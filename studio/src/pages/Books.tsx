// /books, "My Books": every book of the writer, finished or not, the most recently changed
// first, with its kind, language, words, chapters and last change; each with Continue (its generator page
// opens with it), Download (every export format) and Delete (after a confirmation); and "Import a manuscript"
// (components/ImportManuscript.tsx): a book the writer began elsewhere, continued here. The books of a series are
// shown together in their order; a finished book offers "Write the next book" (components/NextInSeries.tsx).
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Columns2, Languages, Library, Trash2 } from 'lucide-react';
import { editionLanguages, type MyBook } from '../engine.js';
import { call, fileHref } from '../lib/api.js';
import { toasted } from '../lib/toasted.js';
import { editionName, useT } from '../i18n/index.js';
import { ConfirmDelete } from '../components/Dialog.js';
import { Spinner } from '../components/Spinner.js';
import { DownloadMenu } from '../components/DownloadMenu.js';
import { LoadError } from '../components/LoadError.js';
import { useBookRoute, useContinueBook, useMyBooks } from '../lib/books.js';
import { BookFacts } from '../components/BookFacts.js';
import { ImportManuscript } from '../components/ImportManuscript.js';
import { NextInSeries } from '../components/NextInSeries.js';
import { EditionDialog } from '../components/EditionDialog.js';
import { BookCoverThumb, filtered, NO_FILTER, PublishedLine, ShelfFilters, type ShelfFilter } from '../components/BookShelf.js';

/** My Books in groups: a series' books together in their order (where its most recent book stands), every other book on its own. */
function groupsOf(books: readonly MyBook[]): Array<{ series?: NonNullable<MyBook['series']>; books: MyBook[] }> {
  const seen = new Set<number>();
  return books.flatMap((book) => {
    if (!book.series) return [{ books: [book] }];
    if (seen.has(book.series.id)) return [];
    seen.add(book.series.id);
    const members = books.filter((b) => b.series?.id === book.series!.id).sort((a, b) => a.series!.number - b.series!.number);
    return [{ series: book.series, books: members }];
  });
}

/** A book's title (its number in a series before it), what it is an edition of, and its facts. */
function BookTitle({ book }: { book: MyBook }) {
  const { t, lang: ui } = useT();
  return (
    <div className="flex min-w-0 flex-1 items-start gap-3 sm:min-w-[15rem]">
      <BookCoverThumb book={book} />
      <div className="min-w-0 flex-1">
        <span className="block font-medium break-words [overflow-wrap:anywhere]" lang={book.lang} data-testid="my-book-title">{book.series ? <span className="text-gray-500" data-testid="series-number">{t('series.number', { n: book.series.number })} · </span> : null}{book.title}</span>
        {book.edition_of && (
          <span className="mt-0.5 flex items-center gap-1 text-xs font-medium text-brand-700 dark:text-brand-400" data-testid="edition-of">
            <Languages className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
            {t('edition.of', { language: editionName(book.lang, ui), title: book.edition_of.title })}
          </span>
        )}
        <BookFacts book={book} />
        <PublishedLine book={book} />
      </div>
    </div>
  );
}

/** A series' books under its name, which opens the series' page. */
function SeriesGroup({ series, children }: { series: NonNullable<MyBook['series']>; children: ReactNode }) {
  const { t } = useT();
  return (
    <section aria-label={t('series.group', { name: series.name })} data-testid="series-group">
      <h2 className="flex items-center gap-2 text-sm font-semibold text-brand-700 dark:text-brand-300">
        <Library className="h-4 w-4" aria-hidden="true" />
        <Link to={`/series/${series.id}`} className="underline-offset-2 hover:underline" aria-label={t('series.open', { name: series.name })} data-testid="series-name">{t('series.group', { name: series.name })}</Link>
      </h2>
      <ul className="divide-y divide-gray-100 dark:divide-neutral-800">{children}</ul>
    </section>
  );
}

/** The editions of a source book, one a language (My Books lists them and it). */
const editionsIn = (books: readonly MyBook[], book: MyBook) => books.filter((b) => b.edition_of?.id === book.id);

/**
 * Whether an edition is still to make: a language the book's can be translated into (the table's `from` lists, read
 * by the engine as the server's offer and `karya translate` read them) with none yet, or one with fewer chapters than
 * the source (a stop, a failed part, chapters written since). The dialog offers each.
 */
const hasEditionToMake = (book: MyBook, editions: readonly MyBook[]) => editionLanguages(book.lang).some((l) => {
  const made = editions.find((e) => e.lang === l);
  return !made || made.chapters_written < book.chapters_written;
});

/** "Side by side" for each edition (a source's, or the edition itself), its language named when there are several. */
function SideBySideLinks({ editions }: { editions: readonly MyBook[] }) {
  const { t, lang } = useT();
  return editions.map((edition) => (
    <Link key={edition.id} className="btn-secondary text-sm" to={`/books/${edition.id}/side-by-side`} aria-label={t('edition.sideBySideLabel', { title: edition.title })} data-testid="side-by-side-link">
      <Columns2 className="h-4 w-4" aria-hidden="true" /> {t('edition.sideBySide')}{editions.length > 1 ? <span lang={edition.lang}> · {editionName(edition.lang, lang)}</span> : null}
    </Link>
  ));
}

export default function Books() {
  const { t, lang } = useT();
  const { books, setBooks, loadError, retry } = useMyBooks();
  const routeOf = useBookRoute();
  const continueBook = useContinueBook();
  const [toDelete, setToDelete] = useState<MyBook | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [toTranslate, setToTranslate] = useState<MyBook | null>(null);
  const [filter, setFilter] = useState<ShelfFilter>(NO_FILTER);
  const shown = books ? filtered(books, filter) : [];
  const editionsOf = (book: MyBook) => editionsIn(books ?? [], book);

  const remove = async (book: MyBook) => {
    setToDelete(null);
    if (await toasted(call('DELETE /books/:id', { params: { id: book.id } }), { done: t('books.deleted'), failed: t('books.deleteFailed') })) {
      setBooks((list) => list?.filter((b) => b.id !== book.id) ?? null);
    }
  };

  // On a phone the book's words take the row's whole width and its buttons wrap below them; from `sm` up
  // the buttons sit at the right. A long title wraps rather than shrinking to nothing.
  const row = (book: MyBook) => (
    <li key={book.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-3" data-testid="my-book">
      <BookTitle book={book} />
      <div className="flex flex-wrap items-center gap-1 pl-14 sm:justify-end sm:pl-0">
        {routeOf(book) && (
          <button
            type="button"
            className="btn-secondary text-sm"
            aria-label={t('books.continueLabel', { title: book.title })}
            disabled={busy !== null}
            onClick={async () => {
              setBusy(book.id);
              if (!(await continueBook(book))) setBusy(null);
            }}
            data-testid="continue-book"
          >
            {t('books.continue')}
          </button>
        )}
        <SideBySideLinks editions={book.edition_of ? [book] : editionsOf(book)} />
        {book.words > 0 && (
          <Link className="btn-secondary text-sm" to={`/books/${book.id}/story-map`} aria-label={t('storyMap.linkLabel', { title: book.title })} data-testid="story-map-link">
            {t('storyMap.link')}
          </Link>
        )}
        {/* One edition a language; offered while one is still to make or to finish. */}
        {!book.edition_of && book.words > 0 && hasEditionToMake(book, editionsOf(book)) && (
          <button type="button" className="btn-secondary text-sm" aria-label={t('edition.makeLabel', { title: book.title })} onClick={() => setToTranslate(book)} data-testid="make-edition">
            <Languages className="h-4 w-4" aria-hidden="true" /> {t('edition.make')}
          </button>
        )}
        {book.is_finished && (!book.series || book.series.is_last) && routeOf(book) && <NextInSeries book={book} route={routeOf(book)!} />}
        <DownloadMenu hrefOf={(format) => fileHref('GET /books/:id/export', { params: { id: book.id }, query: { format } })} lang={lang} ariaLabel={t('books.downloadLabel', { title: book.title })} testId={`download-book-${book.id}`} />
        <button type="button" className="btn-ghost text-red-600 dark:text-red-400" aria-label={t('books.deleteLabel', { title: book.title })} onClick={() => setToDelete(book)} data-testid="delete-book">
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </li>
  );

  return (
    <div className="mx-auto max-w-3xl space-y-6" data-testid="my-books-page">
      <div>
        <h1 className="text-2xl font-bold">{t('books.title')}</h1>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{t('books.intro')}</p>
      </div>
      <section className="card p-4 sm:p-5" aria-label={t('books.title')} data-testid="my-books">
        {loadError !== null ? (
          <LoadError error={loadError} message={t('books.loadFailed')} onRetry={retry} testId="my-books-error" />
        ) : books === null ? (
          <div className="py-8 text-center"><Spinner label={t('books.loading')} /></div>
        ) : books.length === 0 ? (
          <p className="py-8 text-center text-sm text-gray-600 dark:text-gray-400">{t('books.none')}</p>
        ) : (
          <div className="space-y-5" data-testid="my-books-list">
            {books.length > 1 && <ShelfFilters books={books} value={filter} onChange={setFilter} />}
            {shown.length === 0 && <p className="py-6 text-center text-sm text-gray-600 dark:text-gray-400" data-testid="shelf-none">{t('shelf.noneMatch')}</p>}
            {groupsOf(shown).map((group) =>
              group.series ? (
                <SeriesGroup key={`series-${group.series.id}`} series={group.series}>{group.books.map(row)}</SeriesGroup>
              ) : (
                <ul key={`book-${group.books[0]!.id}`} className="divide-y divide-gray-100 dark:divide-neutral-800">{group.books.map(row)}</ul>
              ),
            )}
          </div>
        )}
      </section>
      <ImportManuscript />
      {toTranslate && <EditionDialog book={toTranslate} onClose={() => setToTranslate(null)} onMade={retry} />}
      <ConfirmDelete item={toDelete} title={t('books.deleteTitle')} message={(book) => t('books.deleteBody', { title: book.title })} confirmLabel={t('books.delete')} onDelete={(book) => void remove(book)} onCancel={() => setToDelete(null)} />
    </div>
  );
}
