// /books, "My Books": every book of the writer, finished or not, the most recently changed
// first, with its kind, language, words, chapters and last change; each with Continue (its generator page
// opens with it), Download (every export format) and Delete (after a confirmation); and "Import a manuscript"
// (components/ImportManuscript.tsx): a book the writer began elsewhere, continued here. The books of a series are
// shown together in their order; a finished book offers "Write the next book" (components/NextInSeries.tsx).
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Library } from 'lucide-react';
import type { MyBook } from '../engine.js';
import { call } from '../lib/api.js';
import { toasted } from '../lib/toasted.js';
import { useT } from '../i18n/index.js';
import { ConfirmDelete } from '../components/Dialog.js';
import { Spinner } from '../components/Spinner.js';
import { LoadError } from '../components/LoadError.js';
import { useBookRoute, useContinueBook, useMyBooks } from '../lib/books.js';
import { ImportManuscript } from '../components/ImportManuscript.js';
import { EditionDialog } from '../components/EditionDialog.js';
import { MyBookRow } from '../components/MyBookRow.js';
import { filtered, NO_FILTER, ShelfFilters, type ShelfFilter } from '../components/BookShelf.js';
import '../i18n/shelf.js'; // the studio-shelf words it shows load with it (i18n/shared.ts)

/**
 * My Books in groups: a series' books together in their order (where its most recent book stands), every other book
 * on its own.
 */
function groupsOf(books: readonly MyBook[]): Array<{ series?: NonNullable<MyBook['series']>; books: MyBook[] }> {
  const seen = new Set<number>();
  return books.flatMap((book) => {
    if (!book.series) return [{ books: [book] }];
    if (seen.has(book.series.id)) return [];
    seen.add(book.series.id);
    const members = books
      .filter((b) => b.series?.id === book.series!.id)
      .sort((a, b) => a.series!.number - b.series!.number);
    return [{ series: book.series, books: members }];
  });
}

/** A series' books under its name, which opens the series' page. */
function SeriesGroup({ series, children }: { series: NonNullable<MyBook['series']>; children: ReactNode }) {
  const { t } = useT();
  return (
    <section aria-label={t('series.group', { name: series.name })} data-testid="series-group">
      <h2 className="flex items-center gap-2 text-sm font-semibold text-brand-700 dark:text-brand-300">
        <Library className="h-4 w-4" aria-hidden="true" />
        <Link
          to={`/series/${series.id}`}
          className="underline-offset-2 hover:underline"
          aria-label={t('series.open', { name: series.name })}
          data-testid="series-name"
        >
          {t('series.group', { name: series.name })}
        </Link>
      </h2>
      <ul className="divide-y divide-gray-100 dark:divide-neutral-800">{children}</ul>
    </section>
  );
}

/** The editions of a source book, one a language (My Books lists them and it). */
const editionsIn = (books: readonly MyBook[], book: MyBook) => books.filter((b) => b.edition_of?.id === book.id);

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
    const deleted = call('DELETE /books/:id', { params: { id: book.id } });
    if (await toasted(deleted, { done: t('books.deleted'), failed: t('books.deleteFailed') })) {
      setBooks((list) => list?.filter((b) => b.id !== book.id) ?? null);
    }
  };

  const row = (book: MyBook) => (
    <MyBookRow
      key={book.id}
      book={book}
      editions={editionsOf(book)}
      route={routeOf(book)}
      isBusy={busy !== null}
      onContinue={async () => {
        setBusy(book.id);
        if (!(await continueBook(book))) setBusy(null);
      }}
      onTranslate={() => setToTranslate(book)}
      onDelete={() => setToDelete(book)}
    />
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
          <div className="py-8 text-center">
            <Spinner label={t('books.loading')} />
          </div>
        ) : books.length === 0 ? (
          <p className="py-8 text-center text-sm text-gray-600 dark:text-gray-400">{t('books.none')}</p>
        ) : (
          <div className="space-y-5" data-testid="my-books-list">
            {books.length > 1 && <ShelfFilters books={books} value={filter} onChange={setFilter} />}
            {shown.length === 0 && (
              <p className="py-6 text-center text-sm text-gray-600 dark:text-gray-400" data-testid="shelf-none">
                {t('shelf.noneMatch')}
              </p>
            )}
            {groupsOf(shown).map((group) =>
              group.series ? (
                <SeriesGroup key={`series-${group.series.id}`} series={group.series}>
                  {group.books.map(row)}
                </SeriesGroup>
              ) : (
                <ul key={`book-${group.books[0]!.id}`} className="divide-y divide-gray-100 dark:divide-neutral-800">
                  {group.books.map(row)}
                </ul>
              ),
            )}
          </div>
        )}
      </section>
      <ImportManuscript />
      {toTranslate && <EditionDialog book={toTranslate} onClose={() => setToTranslate(null)} onMade={retry} />}
      <ConfirmDelete
        item={toDelete}
        title={t('books.deleteTitle')}
        message={(book) => t('books.deleteBody', { title: book.title })}
        confirmLabel={t('books.delete')}
        onDelete={(book) => void remove(book)}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
