// "Write the next book" on a finished book of My Books (issue #50): a book already in a series starts that
// series' next book; a book on its own first becomes book 1 of a new series, named here (its title by default).
// The server keeps the current book of that kind as Start New does and answers the next book's settings with
// its brief filled from the series (who is where at the end of the book before, what is unresolved); the
// generator page opens with them for the writer to check before the first step.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MyBook } from '../engine.js';
import { ApiError, call } from '../lib/api.js';
import { useT } from '../i18n/index.js';
import { Dialog } from './Dialog.js';

/** The navigation state a generator page reads: the next book of a series, its settings filled from the series. */
export interface SeriesNextState {
  seriesNext: { name: string; number: number; settings: Record<string, unknown> };
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
      const id = book.series?.id ?? (await call('POST /series', { body: { name, lang: book.lang, book_id: book.id } })).series.id;
      const next = await call('POST /series/:id/next', { params: { id }, body: { generator_id: book.generator_id } });
      navigate(route, { state: { seriesNext: { name: next.series.name, number: next.number, settings: next.settings } } satisfies SeriesNextState });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('series.failed'));
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className="btn-secondary text-sm" aria-label={t('series.nextLabel', { title: book.title })} disabled={isBusy} onClick={() => (book.series ? void start() : setOpen(true))} data-testid="next-in-series">
        {t('series.next')}
      </button>
      <Dialog
        isOpen={isOpen}
        title={t('series.newTitle')}
        onClose={() => setOpen(false)}
        testId="new-series"
        footer={
          <>
            <button type="button" className="btn-secondary" onClick={() => setOpen(false)}>{t('common.cancel')}</button>
            <button type="button" className="btn-primary" disabled={isBusy || !name.trim()} onClick={() => void start()}>{t('series.start')}</button>
          </>
        }
      >
        <p className="mb-3">{t('series.newBody', { title: book.title })}</p>
        <label className="block text-sm font-medium" htmlFor={`series-name-${book.id}`}>{t('series.name')}</label>
        <input id={`series-name-${book.id}`} className="input mt-1 w-full" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} data-autofocus />
        {error && <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">{error}</p>}
      </Dialog>
      {!isOpen && error && <span role="alert" className="text-xs text-red-600 dark:text-red-400">{error}</span>}
    </>
  );
}
