// One book of My Books (pages/Books.tsx): its title, what it is an edition of and its facts, then its actions:
// Continue, Side by side, Story map, Make an edition, Write the next book, Download and Delete. On a phone the
// book's words take the row's whole width and its buttons wrap below them; from `sm` up the buttons sit at the
// right. A long title wraps rather than shrinking to nothing.
import { Link } from 'react-router-dom';
import { Columns2, Languages, Trash2 } from 'lucide-react';
import { editionLanguages, type MyBook } from '../engine.js';
import { fileHref } from '../lib/api.js';
import { editionName, useT } from '../i18n/index.js';
import { DownloadMenu } from './DownloadMenu.js';
import { BookFacts } from './BookFacts.js';
import { NextInSeries } from './NextInSeries.js';
import { BookCoverThumb, PublishedLine } from './BookShelf.js';
import '../i18n/editions.js'; // the studio-editions words it shows load with it (i18n/shared.ts)
import '../i18n/story-map.js'; // the studio-story-map words it shows load with it (i18n/shared.ts)

/** A book's title (its number in a series before it), what it is an edition of, and its facts. */
function BookTitle({ book }: { book: MyBook }) {
  const { t, lang: ui } = useT();
  return (
    <div className="flex min-w-0 flex-1 items-start gap-3 sm:min-w-[15rem]">
      <BookCoverThumb book={book} />
      <div className="min-w-0 flex-1">
        <span
          className="block font-medium break-words [overflow-wrap:anywhere]"
          lang={book.lang}
          data-testid="my-book-title"
        >
          {book.series ? (
            <span className="text-gray-500" data-testid="series-number">
              {t('series.number', { n: book.series.number })} ·{' '}
            </span>
          ) : null}
          {book.title}
        </span>
        {book.edition_of && (
          <span
            className="mt-0.5 flex items-center gap-1 text-xs font-medium text-brand-700 dark:text-brand-400"
            data-testid="edition-of"
          >
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

/**
 * Whether an edition is still to make: a language the book's can be translated into (the table's `from` lists, read
 * by the engine as the server's offer and `karya translate` read them) with none yet, or one with fewer chapters than
 * the source (a stop, a failed part, chapters written since). The dialog offers each.
 */
const hasEditionToMake = (book: MyBook, editions: readonly MyBook[]) =>
  editionLanguages(book.lang).some((l) => {
    const made = editions.find((e) => e.lang === l);
    return !made || made.chapters_written < book.chapters_written;
  });

/** "Side by side" for each edition (a source's, or the edition itself), its language named when there are several. */
function SideBySideLinks({ editions }: { editions: readonly MyBook[] }) {
  const { t, lang } = useT();
  return editions.map((edition) => (
    <Link
      key={edition.id}
      className="btn-secondary text-sm"
      to={`/books/${edition.id}/side-by-side`}
      aria-label={t('edition.sideBySideLabel', { title: edition.title })}
      data-testid="side-by-side-link"
    >
      <Columns2 className="h-4 w-4" aria-hidden="true" /> {t('edition.sideBySide')}
      {editions.length > 1 ? <span lang={edition.lang}> · {editionName(edition.lang, lang)}</span> : null}
    </Link>
  ));
}

export interface MyBookRowProps {
  book: MyBook;
  /** The book's editions (none for an edition). */
  editions: readonly MyBook[];
  /** The book's generator page, when its generator is known. */
  route: string | undefined;
  /** A book is being opened: Continue waits. */
  isBusy: boolean;
  onContinue: () => void;
  onTranslate: () => void;
  onDelete: () => void;
}

export function MyBookRow({ book, editions, route, isBusy, onContinue, onTranslate, onDelete }: MyBookRowProps) {
  const { t, lang } = useT();
  return (
    <li
      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-3"
      data-testid="my-book"
    >
      <BookTitle book={book} />
      <div className="flex flex-wrap items-center gap-1 pl-14 sm:justify-end sm:pl-0">
        {route && (
          <button
            type="button"
            className="btn-secondary text-sm"
            aria-label={t('books.continueLabel', { title: book.title })}
            disabled={isBusy}
            onClick={onContinue}
            data-testid="continue-book"
          >
            {t('books.continue')}
          </button>
        )}
        <SideBySideLinks editions={book.edition_of ? [book] : editions} />
        {book.words > 0 && (
          <Link
            className="btn-secondary text-sm"
            to={`/books/${book.id}/story-map`}
            aria-label={t('storyMap.linkLabel', { title: book.title })}
            data-testid="story-map-link"
          >
            {t('storyMap.link')}
          </Link>
        )}
        {/* One edition a language; offered while one is still to make or to finish. */}
        {!book.edition_of && book.words > 0 && hasEditionToMake(book, editions) && (
          <button
            type="button"
            className="btn-secondary text-sm"
            aria-label={t('edition.makeLabel', { title: book.title })}
            onClick={onTranslate}
            data-testid="make-edition"
          >
            <Languages className="h-4 w-4" aria-hidden="true" /> {t('edition.make')}
          </button>
        )}
        {book.is_finished && (!book.series || book.series.is_last) && route && (
          <NextInSeries book={book} route={route} />
        )}
        <DownloadMenu
          hrefOf={(format) => fileHref('GET /books/:id/export', { params: { id: book.id }, query: { format } })}
          lang={lang}
          ariaLabel={t('books.downloadLabel', { title: book.title })}
          testId={`download-book-${book.id}`}
        />
        <button
          type="button"
          className="btn-ghost text-red-600 dark:text-red-400"
          aria-label={t('books.deleteLabel', { title: book.title })}
          onClick={onDelete}
          data-testid="delete-book"
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </li>
  );
}
