// /books/:id/side-by-side: a translated edition read beside its source, paragraph by paragraph (two columns on a
// wide screen, each source paragraph above its translation on a phone). A paragraph whose source changed since it
// was translated is marked out of date; one the edition keeps as its source (no translation could be had yet) is
// marked untranslated, in the source's language. The edition is a book of its own: "Edit the edition" opens it on its
// generator page, where the passage tools work on it as on any book. The dual-language book downloads from here.
// A part's paragraphs, side by side: SideBySideParts.tsx.
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { AlertTriangle, ArrowLeft, CheckCircle2, PenLine, RefreshCw } from 'lucide-react';
import { call } from '../lib/api.js';
import { useContinueBook } from '../lib/books.js';
import { runEdition } from '../lib/editions.js';
import { useAuth } from '../lib/auth.js';
import { editionName, useT } from '../i18n/index.js';
import type { Lang, SideBySideResponse } from '../engine.js';
import { Spinner } from '../components/Spinner.js';
import { LoadError } from '../components/LoadError.js';
import { EditionTitleField } from '../components/EditionTitleField.js';
import { PartPairs } from './SideBySideParts.js';
import { BilingualDownload } from '../components/BilingualDownload.js';
import '../i18n/editions.js'; // the studio-editions words it shows load with it (i18n/shared.ts)

const STALE_TONE = 'bg-amber-50 text-amber-900 dark:bg-amber-900/20 dark:text-amber-100';
const FRESH_TONE = 'bg-green-50 text-green-800 dark:bg-green-900/20 dark:text-green-200';
const COLUMN_HEADS_CLASS = [
  'hidden gap-x-6 px-4 text-xs font-semibold uppercase tracking-wide text-gray-600 md:grid md:grid-cols-2',
  'sm:px-5 dark:text-gray-400',
].join(' ');
const STALE_ROW_CLASS = [
  'flex flex-col gap-2 rounded-lg border border-amber-300 px-3 py-2 sm:flex-row sm:items-center',
  'sm:justify-between',
].join(' ');

export default function SideBySide() {
  const { t, lang: ui } = useT();
  const id = Number(useParams().id);
  const [view, setView] = useState<SideBySideResponse | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [reload, setReload] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    call('GET /books/:id/side-by-side', { params: { id }, signal: controller.signal }).then(
      setView,
      (e: Error) => e.name !== 'AbortError' && setError(e),
    );
    return () => controller.abort();
  }, [id, reload]);
  if (error !== null)
    return (
      <div className="mx-auto max-w-3xl">
        <LoadError
          error={error}
          message={t('edition.loadFailed')}
          onRetry={() => setReload((n) => n + 1)}
          testId="side-by-side-error"
        />
      </div>
    );
  if (!view)
    return (
      <div className="py-12 text-center">
        <Spinner label={t('edition.loading')} />
      </div>
    );
  const { source, edition } = view;
  return (
    <div className="mx-auto max-w-6xl space-y-5" data-testid="side-by-side">
      <Link
        to="/books"
        className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline dark:text-brand-400"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t('edition.back')}
      </Link>
      <EditionHeader view={view} onTitle={(title) => setView({ ...view, edition: { ...edition, title } })} />
      <BilingualDownload editionId={edition.id} source={source.lang} edition={edition.lang} />
      <StaleSummary stale={view.stale_paragraphs} />
      {view.again.parts > 0 && <TranslateAgain view={view} onDone={() => setReload((n) => n + 1)} />}
      <div className={COLUMN_HEADS_CLASS} aria-hidden="true">
        <span>
          {editionName(source.lang, ui)} · {source.title}
        </span>
        <span>
          {editionName(edition.lang, ui)} · {edition.title}
        </span>
      </div>
      {view.parts.map((part) => (
        <PartPairs
          key={part.position}
          part={part}
          source={source.lang}
          edition={edition.lang}
          editionId={edition.id}
          onTitle={(position, title) =>
            setView({
              ...view,
              parts: view.parts.map((p) =>
                p.position === position ? { ...p, title: { ...p.title, edition: title } } : p,
              ),
            })
          }
        />
      ))}
    </div>
  );
}

/** The edition's title (editable) and what it is an edition of, and "Edit the edition" (its generator page). */
function EditionHeader({ view, onTitle }: { view: SideBySideResponse; onTitle(title: string): void }) {
  const { t, lang: ui } = useT();
  const { source, edition } = view;
  const [isOpening, setOpening] = useState(false);
  const continueBook = useContinueBook();
  return (
    <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold break-words">
          <span lang={edition.lang}>{edition.title}</span>
        </h1>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
          {t('edition.of', { language: editionName(edition.lang, ui), title: source.title })}
        </p>
        <div className="mt-3 max-w-xl">
          <EditionTitleField editionId={edition.id} title={edition.title} lang={edition.lang} onSaved={onTitle} />
        </div>
      </div>
      <div className="flex flex-col items-start gap-1 sm:items-end">
        <button
          type="button"
          className="btn-primary"
          disabled={isOpening}
          onClick={async () => {
            setOpening(true);
            if (!(await continueBook({ id: edition.id, generator_id: edition.generator_id }))) setOpening(false);
          }}
          data-testid="edit-edition"
        >
          <PenLine className="h-4 w-4" aria-hidden="true" /> {t('edition.editEdition')}
        </button>
        <p className="max-w-xs text-xs text-gray-600 sm:text-right dark:text-gray-400">{t('edition.editHint')}</p>
      </div>
    </header>
  );
}

/** How many paragraphs are out of date (their source changed since), or that all are current. */
function StaleSummary({ stale }: { stale: number }) {
  const { t } = useT();
  return (
    <p
      role="status"
      className={`flex items-center gap-2 rounded-lg px-3 py-2 text-sm ${stale ? STALE_TONE : FRESH_TONE}`}
      data-testid="stale-summary"
    >
      {stale ? (
        <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden="true" />
      ) : (
        <CheckCircle2 className="h-4 w-4 shrink-0" aria-hidden="true" />
      )}
      {stale ? t('edition.staleCount', { n: stale }) : t('edition.allCurrent')}
    </p>
  );
}

/**
 * "Translate again": the out-of-date paragraphs asked of the model again, its cost said first (each part holding one
 * charged as an edition's part is); the page read again once done, its marks gone.
 */
function TranslateAgain({ view, onDone }: { view: SideBySideResponse; onDone: () => void }) {
  const { t } = useT();
  const { refresh } = useAuth();
  const [state, setState] = useState<{ kind: 'idle' | 'running' } | { kind: 'failed'; message: string }>({
    kind: 'idle',
  });
  const again = async () => {
    setState({ kind: 'running' });
    try {
      await runEdition(
        view.source.id,
        view.edition.lang,
        { onProgress: () => undefined, onPart: () => undefined },
        undefined,
        { again: true },
      );
      setState({ kind: 'idle' });
      onDone();
    } catch (error) {
      setState({ kind: 'failed', message: (error as Error).message });
    } finally {
      void refresh();
    }
  };
  return (
    <div className={STALE_ROW_CLASS} data-testid="translate-again">
      <p className="text-sm" data-testid="translate-again-cost">
        {t('edition.againCost', {
          n: view.again.total,
          total: view.again.total,
          parts: view.again.parts,
          per: view.again.per_part,
        })}
      </p>
      <button
        type="button"
        className="btn-primary shrink-0"
        disabled={state.kind === 'running'}
        onClick={() => void again()}
        data-testid="translate-again-start"
      >
        {state.kind === 'running' ? (
          <Spinner label={t('edition.againRunning')} />
        ) : (
          <RefreshCw className="h-4 w-4" aria-hidden="true" />
        )}{' '}
        {t('edition.again')}
      </button>
      {state.kind === 'failed' && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="translate-again-failed">
          {state.message}
        </p>
      )}
    </div>
  );
}
