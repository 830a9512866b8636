// "Write the next book" on a finished book of My Books: a book already in a series starts that
// series' next book; a book on its own first becomes book 1 of a new series, named here (its title by default).
// The server saves the next book at once as a book of its own (the current book of that kind kept as Start New
// keeps it), its brief filled from the series (who is where at the end of the book before, what is unresolved);
// the generator page opens with it for the writer to check before the first step, and My Books and the series
// page offer it until it is written or deleted.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MyBook, NextBookResponse } from '../engine.js';
import type { ContinuedBookState } from '../lib/books.js';
import { ApiError } from '../lib/api.js';
import { callShowingWaits } from '../lib/model-wait.js';
import { useT } from '../i18n/index.js';
import { Dialog } from './Dialog.js';

/**
 * The navigation state a generator page reads after a series' next book was started: that book (saved by the
 * server with its brief filled from the series) opens at once, and the page says which book of which series it is.
 */
export interface SeriesNextState extends ContinuedBookState {
  seriesNext: { name: string; number: number; settings: Record<string, unknown> };
}

/** Where a series' next book opens, from the server's answer. */
export function seriesNextState(next: NextBookResponse): SeriesNextState {
  return {
    continuedBook: next.book_id,
    seriesNext: { name: next.series.name, number: next.number, settings: next.settings },
  };
}

export function seriesNextOf(state: unknown): SeriesNextState['seriesNext'] | undefined {
  const next = typeof state === 'object' && state !== null ? (state as Partial<SeriesNextState>).seriesNext : undefined;
  return next && typeof next.name === 'string' && typeof next.settings === 'object' ? next : undefined;
}

export function NextInSeries({ book, route }: { book: MyBook; route: string }) {
  const { t } = useT();
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const [name, setName] = useState(book.title);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const id =
        book.series?.id ??
        (await callShowingWaits('POST /series', { body: { name, lang: book.lang, book_id: book.id } })).series.id;
      const next = await callShowingWaits('POST /series/:id/next', {
        params: { id },
        body: { generator_id: book.generator_id },
      });
      navigate(route, { state: seriesNextState(next) });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('series.failed'));
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className="btn-secondary text-sm"
        aria-label={t('series.nextLabel', { title: book.title })}
        disabled={isBusy}
        onClick={() => (book.series ? void start() : setOpen(true))}
        data-testid="next-in-series"
      >
        {t('series.next')}
      </button>
      <Dialog
        isOpen={isOpen}
        title={t('series.newTitle')}
        onClose={() => setOpen(false)}
        testId="new-series"
        footer={
          <>
            <button type="button" className="btn-secondary" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="btn-primary"
              disabled={isBusy || !name.trim()}
              onClick={() => void start()}
            >
              {t('series.start')}
            </button>
          </>
        }
      >
        <p className="mb-3">{t('series.newBody', { title: book.title })}</p>
        <label className="block text-sm font-medium" htmlFor={`series-name-${book.id}`}>
          {t('series.name')}
        </label>
        <input
          id={`series-name-${book.id}`}
          className="input mt-1 w-full"
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
          data-autofocus
        />
        {error && (
          <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
      </Dialog>
      {!isOpen && error && (
        <span role="alert" className="text-xs text-red-600 dark:text-red-400">
          {error}
        </span>
      )}
    </>
  );
}
