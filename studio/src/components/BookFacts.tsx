// One book's facts as My Books and the dashboard show them, in the studio language.
import type { MyBook } from '../engine.js';
import { languageLabel, localeOf, useT } from '../i18n/index.js';

/** "Finished · 3 of 12 chapters · 12,345 words · English · Last change 2 Mar 2025", in the studio language. */
export function BookFacts({ book }: { book: MyBook }) {
  const { t, lang } = useT();
  const date = new Date(book.updated_at).toLocaleDateString(localeOf(lang), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  return (
    <span className="text-xs text-gray-600 dark:text-gray-400">
      <span lang={book.lang}>{book.type_label}</span>
      {' · '}
      {t(book.is_finished ? 'books.finished' : 'books.unfinished')}
      {' · '}
      {t('books.chapters', { n: book.chapters_total, written: book.chapters_written })}
      {' · '}
      {t('books.words', { n: book.words })}
      {' · '}
      {languageLabel(book.lang, lang)}
      {' · '}
      {t('books.changed', { date })}
      {book.is_current && (
        <>
          {' · '}
          {t('books.current')}
        </>
      )}
    </span>
  );
}
