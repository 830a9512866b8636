// /series/:id: one series of the writer's: its books in order (each with what changed for it since it
// was written, when an earlier book was revised), the series' story bible as of each book's end (derived from the
// books, read-only here: a book's own bible is edited on its generator page), what the series leaves open, and
// "Write the next book" once its last book is finished; a book not finished yet offers "Start Book N" (a next book
// started and kept with nothing written) or "Continue Book N", which open it on its generator page. Phone and
// desktop: one column that stacks.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { AlertTriangle, Library } from 'lucide-react';
import type { SeriesDetail } from '../engine.js';
import { ApiError, call } from '../lib/api.js';
import { callShowingWaits } from '../lib/model-wait.js';
import { useGenerators } from '../lib/generators.js';
import { useT } from '../i18n/index.js';
import { Spinner } from '../components/Spinner.js';
import { LoadError } from '../components/LoadError.js';
import { Markdown } from '../components/Markdown.js';
import { seriesNextState } from '../components/NextInSeries.js';
import { useContinueBook } from '../lib/books.js';

const WARNING_CLASS = [
  'mt-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm',
  'dark:border-amber-700 dark:bg-amber-950',
].join(' ');

export default function Series() {
  const { t } = useT();
  const { id } = useParams();
  const navigate = useNavigate();
  const { generators } = useGenerators();
  const { series, loadError, again } = useSeries(id);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const continueBook = useContinueBook();

  if (loadError !== null) return <LoadError error={loadError} message={t('seriesPage.loadFailed')} onRetry={again} />;
  if (!series)
    return (
      <div className="py-8 text-center">
        <Spinner label={t('books.loading')} />
      </div>
    );

  const last = series.books.at(-1);
  const route = generators?.find((g) => g.id === last?.generator_id)?.route;
  const next = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await callShowingWaits('POST /series/:id/next', { params: { id: series.id }, body: {} });
      const to = generators?.find((g) => g.id === answer.generator_id)?.route ?? route;
      if (to) navigate(to, { state: seriesNextState(answer) });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('series.failed'));
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6" data-testid="series-page">
      <SeriesHeading series={series} />
      <ol className="space-y-4" data-testid="series-books">
        {series.books.map((book) => {
          const canOpen =
            !book.is_finished &&
            book.id !== null &&
            Boolean(book.generator_id) &&
            Boolean(generators?.some((g) => g.id === book.generator_id));
          const open = async () => {
            setBusy(true);
            if (!(await continueBook({ id: book.id!, generator_id: book.generator_id! }))) setBusy(false);
          };
          return (
            <SeriesBookCard
              key={book.number}
              book={book}
              lang={series.lang}
              isBusy={isBusy}
              {...(canOpen ? { onOpen: () => void open() } : {})}
            />
          );
        })}
      </ol>
      <SeriesOpen series={series} />
      {last?.is_finished && route && (
        <div>
          <button
            type="button"
            className="btn-primary"
            disabled={isBusy}
            onClick={() => void next()}
            data-testid="series-next"
          >
            {t('series.next')}
          </button>
          {error && (
            <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
              {error}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/** The way back to My Books, the series' name and what the page shows. */
function SeriesHeading({ series }: { series: SeriesDetail }) {
  const { t } = useT();
  return (
    <div>
      <p className="text-sm">
        <Link to="/books" className="text-brand-700 underline dark:text-brand-300">
          {t('books.title')}
        </Link>
      </p>
      <h1 className="mt-1 flex items-center gap-2 text-2xl font-bold" lang={series.lang}>
        <Library className="h-6 w-6 text-brand-600" aria-hidden="true" />
        {series.name}
      </h1>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{t('seriesPage.intro')}</p>
    </div>
  );
}

/** The series read from the server (`again` reads it once more after a failure). */
function useSeries(id: string | undefined) {
  const [series, setSeries] = useState<SeriesDetail | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [reload, setReload] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setLoadError(null);
    call('GET /series/:id', { params: { id: Number(id) }, signal: controller.signal }).then(
      (r) => setSeries(r.series),
      (e: Error) => {
        if (e.name !== 'AbortError') setLoadError(e);
      },
    );
    return () => controller.abort();
  }, [id, reload]);
  return { series, loadError, again: () => setReload((n) => n + 1) };
}

/** What the series leaves open: each thread, with where it was opened. */
function SeriesOpen({ series }: { series: SeriesDetail }) {
  const { t } = useT();
  return (
    <section className="card p-4" aria-label={t('seriesPage.open')}>
      <h2 className="font-semibold">{t('seriesPage.open')}</h2>
      {series.open.length ? (
        <ul className="ml-5 mt-1 list-disc text-sm" lang={series.lang} data-testid="series-open">
          {series.open.map((o) => (
            <li key={o.thread}>
              {o.thread} <span className="text-gray-600 dark:text-gray-400">({o.opened})</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t('seriesPage.noneOpen')}</p>
      )}
    </section>
  );
}

/**
 * One book of the series: its state, Start or Continue, what changed for it since it was written, and the series' bible
 * at its end.
 */
function SeriesBookCard({
  book,
  lang,
  isBusy,
  onOpen,
}: {
  book: SeriesDetail['books'][number];
  lang: string;
  isBusy: boolean;
  onOpen?: () => void;
}) {
  const { t } = useT();
  return (
    <li className="card p-4" data-testid="series-book">
      <h2 className="font-semibold" lang={lang}>
        {t('series.number', { n: book.number })} · {book.title ?? t('seriesPage.notStarted')}
      </h2>
      <p className="text-xs text-gray-600 dark:text-gray-400">
        {t(book.is_finished ? 'books.finished' : book.is_started ? 'books.unfinished' : 'seriesPage.notStarted')}
      </p>
      {onOpen && (
        <button
          type="button"
          className="btn-secondary mt-2 text-sm"
          disabled={isBusy}
          onClick={onOpen}
          data-testid="series-open-book"
        >
          {t(book.is_started ? 'seriesPage.continueBook' : 'seriesPage.startBook', { n: book.number })}
        </button>
      )}
      {book.changes.length > 0 && (
        <div className={WARNING_CLASS} data-testid="series-changes">
          <p className="flex items-center gap-1 font-medium">
            <AlertTriangle className="h-4 w-4" aria-hidden="true" />
            {t('seriesPage.changed')}
          </p>
          <ul className="ml-5 list-disc" lang={lang}>
            {book.changes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      )}
      {book.bible && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-brand-700 dark:text-brand-300">
            {t('seriesPage.bibleAt', { n: book.number })}
          </summary>
          <div className="prose prose-sm mt-2 max-w-none dark:prose-invert" lang={lang} data-testid="series-bible">
            <Markdown text={book.bible} />
          </div>
        </details>
      )}
    </li>
  );
}
