// My Books' shelf pieces: a book's cover thumbnail (the writer's own picture, else a typographic one drawn from
// its title, as the package's made cover is), whether and when it was published, and the filters that narrow
// the list (a title search, language, state and series).
import { useId } from 'react';
import { Search } from 'lucide-react';
import { langs, type MyBook } from '../engine.js';
import { fileHref } from '../lib/api.js';
import { languageLabel, localeOf, useT } from '../i18n/index.js';
import '../i18n/shelf.js'; // the studio-shelf words it shows load with it (i18n/shared.ts)

const DATED_TONE = 'text-green-700 dark:text-green-400';
const UNDATED_TONE = 'text-gray-600 dark:text-gray-400';
const COVER_TITLE_CLASS =
  'line-clamp-4 text-[0.5rem] font-semibold leading-tight break-words text-white [overflow-wrap:anywhere]';

/** The writer's cover picture, or a typographic stand-in: the title on the book's colour. */
export function BookCoverThumb({ book }: { book: MyBook }) {
  const { t } = useT();
  const box = 'h-16 w-11 shrink-0 rounded-sm shadow-sm ring-1 ring-black/10';
  if (book.has_cover) {
    return (
      <img
        src={fileHref('GET /books/:id/cover', { params: { id: book.id } })}
        alt={t('shelf.coverOf', { title: book.title })}
        className={`${box} object-cover`}
        loading="lazy"
        data-testid="book-cover"
        data-cover="picture"
      />
    );
  }
  return (
    <div
      role="img"
      aria-label={t('shelf.coverOf', { title: book.title })}
      className={`${box} flex items-center justify-center overflow-hidden bg-brand-700 p-1 text-center`}
      data-testid="book-cover"
      data-cover="typographic"
    >
      <span aria-hidden="true" className={COVER_TITLE_CLASS} lang={book.lang}>
        {book.title}
      </span>
    </div>
  );
}

/** "Published 3 Mar 2026" or "Not published", for a finished book; nothing while it is being written. */
export function PublishedLine({ book }: { book: MyBook }) {
  const { t, lang } = useT();
  if (!book.is_finished) return null;
  const date = book.published_at
    ? new Date(book.published_at).toLocaleDateString(localeOf(lang), {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      })
    : null;
  return (
    <span
      className={`mt-0.5 block text-xs font-medium ${date ? DATED_TONE : UNDATED_TONE}`}
      data-testid="book-published"
    >
      {date ? t('shelf.published', { date }) : t('shelf.notPublished')}
    </span>
  );
}

export type BookState = 'writing' | 'finished' | 'published';
export interface ShelfFilter {
  title: string;
  lang: '' | MyBook['lang'];
  state: '' | BookState;
  /** A series' id, 'none' (books in no series) or '' (any). */
  series: string;
}
export const NO_FILTER: ShelfFilter = { title: '', lang: '', state: '', series: '' };

const stateOf = (book: MyBook): BookState =>
  !book.is_finished ? 'writing' : book.published_at ? 'published' : 'finished';
const folded = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/** The books the filter lets through, in their order. */
export function filtered(books: readonly MyBook[], f: ShelfFilter): MyBook[] {
  const words = folded(f.title).split(/\s+/).filter(Boolean);
  return books.filter(
    (b) =>
      words.every((w) => folded(b.title).includes(w)) &&
      (!f.lang || b.lang === f.lang) &&
      (!f.state || stateOf(b) === f.state) &&
      (!f.series || (f.series === 'none' ? !b.series : String(b.series?.id) === f.series)),
  );
}

/** The filter bar: a title search and three menus; the series menu only when the writer has a series. */
export function ShelfFilters({
  books,
  value,
  onChange,
}: {
  books: readonly MyBook[];
  value: ShelfFilter;
  onChange: (f: ShelfFilter) => void;
}) {
  const { t, lang } = useT();
  const id = useId();
  const series = [
    ...new Map(books.flatMap((b) => (b.series ? [[b.series.id, b.series.name] as const] : []))).entries(),
  ];
  const shown = filtered(books, value).length;
  const isFiltered = JSON.stringify(value) !== JSON.stringify(NO_FILTER);
  const menu = (key: 'lang' | 'state' | 'series', label: string, options: ReadonlyArray<readonly [string, string]>) => (
    <label className="flex flex-col gap-1 text-xs font-medium text-gray-700 dark:text-gray-300">
      {label}
      <select
        className="input py-1.5 text-sm"
        value={value[key]}
        onChange={(e) => onChange({ ...value, [key]: e.target.value })}
        data-testid={`shelf-${key}`}
      >
        <option value="">{t('shelf.any')}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div role="search" aria-label={t('shelf.filters')} className="space-y-2" data-testid="shelf-filters">
      <div className="grid gap-2 sm:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]">
        <label
          htmlFor={`${id}-title`}
          className="flex flex-col gap-1 text-xs font-medium text-gray-700 dark:text-gray-300"
        >
          {t('shelf.search')}
          <span className="relative">
            <Search
              className="pointer-events-none absolute left-2 top-1/2 h-4 w-4 -translate-y-1/2 text-gray-500"
              aria-hidden="true"
            />
            <input
              id={`${id}-title`}
              type="search"
              className="input w-full py-1.5 pl-8 text-sm"
              value={value.title}
              onChange={(e) => onChange({ ...value, title: e.target.value })}
              data-testid="shelf-search"
            />
          </span>
        </label>
        {menu(
          'lang',
          t('shelf.language'),
          langs().map((code) => [code, languageLabel(code, lang)] as const),
        )}
        {menu('state', t('shelf.state'), [
          ['writing', t('shelf.stateWriting')],
          ['finished', t('shelf.stateFinished')],
          ['published', t('shelf.statePublished')],
        ])}
        {series.length > 0 &&
          menu('series', t('shelf.series'), [
            ...series.map(([sid, name]) => [String(sid), name] as const),
            ['none', t('shelf.noSeries')],
          ])}
      </div>
      {isFiltered && (
        <p
          className="flex flex-wrap items-center gap-2 text-xs text-gray-600 dark:text-gray-400"
          aria-live="polite"
          data-testid="shelf-shown"
        >
          {t('shelf.shown', { shown, n: books.length })}
          <button type="button" className="btn-ghost text-xs" onClick={() => onChange(NO_FILTER)}>
            {t('shelf.clear')}
          </button>
        </p>
      )}
    </div>
  );
}
