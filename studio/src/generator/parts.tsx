// The pieces of a generator page around the form: the Generation Process list, the Writing Progress
// panel, the Copy button and the cover preview with Download Cover (the text preview is Manuscript.tsx).
import { useEffect, useRef, useState } from 'react';
import { Check, Copy, Download, Loader2 } from 'lucide-react';
import { durationIn, stepKey, stepText, type BookView, type Lang, type BookSpec, type RunSoFar } from '../engine.js';
import { pageWord } from './words.js';
import { stepWord } from './stepWords.js';

const DOT_CURRENT = 'bg-brand-600 text-white';
const DOT_DONE = 'bg-green-600 text-white';
const DOT_CLASS = 'flex h-5 w-5 shrink-0 items-center justify-center rounded-full text-[11px]';
const DOT_TODO = 'bg-gray-200 text-gray-600 dark:bg-neutral-700 dark:text-gray-300';

export const COPIED_MS = 2000;

/** The slow-generation hint for the seconds elapsed (60, 120, 150, 170 s), or null before 60 s. */
export function slowHint(seconds: number, lang: Lang): string | null {
  if (seconds >= 170) return pageWord('hint170', lang);
  if (seconds >= 150) return pageWord('hint150', lang);
  if (seconds >= 120) return pageWord('hint120', lang);
  if (seconds >= 60) return pageWord('hint60', lang);
  return null;
}

/** Words as the engine counts them everywhere (engine/provider.ts countWords: runs of non-space). */
export { countWords } from '../engine.js';

/** One row of the Generation Process list. */
interface ProcessRow {
  key: string;
  label: string;
  isCurrent: boolean;
  isDone: boolean;
}

/** The book's steps as the server lists them, chapters folded into one row unless the book has named sections. */
export function processRows(spec: BookSpec, book: BookView, lang: Lang): ProcessRow[] {
  const current = book.next ? stepKey(book.next) : null;
  const rows: Array<{ key: string; label: string; isCurrent: boolean; isDone: boolean }> = [];
  const hasSections = Boolean(spec.flow.sections);
  let chapters: BookView['steps'] = [];
  const flush = () => {
    if (chapters.length === 0) return;
    const here = chapters.find((c) => stepKey(c) === current);
    const folded = pageWord('chapters', lang, { n: chapters.length });
    rows.push({
      key: 'chapters',
      label: here ? `${folded} · ${stepWord(spec, here, lang)}` : folded,
      isCurrent: here !== undefined,
      isDone: chapters.every((c) => c.is_done),
    });
    chapters = [];
  };
  for (const s of book.steps) {
    if (s.kind === 'chapter' && !hasSections) {
      chapters.push(s);
      continue;
    }
    flush();
    rows.push({
      key: stepKey(s),
      label: stepWord(spec, s, lang),
      isCurrent: stepKey(s) === current,
      isDone: s.is_done,
    });
  }
  flush();
  return rows;
}

/**
 * Writing Progress's step line, numbered as the Generation Process list beside it is and as the API's
 * progress says it (the engine's stepText): "Step 2 of 4: Generate the introduction"; "Your book is
 * complete." when nothing is left.
 */
export function processStepText(spec: BookSpec, book: BookView, lang: Lang): string {
  return stepText(spec, book.steps, book.next, lang);
}

/** The book's parts (introduction, chapters, conclusion) written and planned: what Writing Progress counts. */
export function partsProgress(book: BookView): { done: number; total: number } {
  const parts = book.steps.filter((s) => s.kind !== 'outline');
  return { done: parts.filter((s) => s.is_done).length, total: parts.length };
}

/**
 * The book's steps as the server lists them, chapters folded into one line unless the book has named sections; named in
 * `lang` (the studio's).
 */
export function ProcessSteps({ spec, book, lang }: { spec: BookSpec; book: BookView; lang: Lang }) {
  const rows = processRows(spec, book, lang);
  return (
    <section aria-labelledby="process-h" className="mt-6">
      <h2 id="process-h" className="text-sm font-semibold text-gray-700 dark:text-gray-300">
        {pageWord('generationProcess', lang)}
      </h2>
      <ol className="mt-2 space-y-1" data-testid="process-steps">
        {rows.map((r, i) => (
          <li
            key={r.key}
            aria-current={r.isCurrent ? 'step' : undefined}
            className={`flex items-center gap-2 rounded-md px-2 py-1 text-sm ${
              r.isCurrent
                ? 'bg-brand-50 font-semibold text-brand-700 dark:bg-brand-600/20 dark:text-brand-100'
                : r.isDone
                  ? 'text-gray-600 line-through decoration-gray-400 dark:text-gray-300 dark:decoration-gray-500'
                  : 'text-gray-700 dark:text-gray-300'
            }`}
          >
            <span
              className={`${DOT_CLASS} ${r.isCurrent ? DOT_CURRENT : r.isDone ? DOT_DONE : DOT_TODO}`}
              aria-hidden="true"
            >
              {r.isDone ? <Check className="h-3 w-3" /> : i + 1}
            </span>
            {r.label}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * Writing Progress: the book's parts written out of its parts (the introduction, every chapter, the
 * conclusion: the rows of the Generation Process list, chapters counted one by one), and the next step
 * numbered as that list numbers it, so the counters on the page agree.
 */
export function WritingProgress({
  spec,
  book,
  lang,
  stopped,
  soFar,
}: {
  spec: BookSpec;
  book: BookView;
  lang: Lang;
  stopped?: { label: string; words: number } | null;
  soFar?: RunSoFar | null;
}) {
  const p = partsProgress(book);
  const findings = book.parts.reduce((n, part) => n + (part.continuity?.length ?? 0), 0);
  const percent = p.total ? Math.round((p.done / p.total) * 100) : 0;
  return (
    <section className="card mb-4 p-4" aria-labelledby="progress-h" data-testid="writing-progress">
      <div className="flex items-center justify-between gap-3">
        <h2 id="progress-h" className="text-sm font-semibold">
          {pageWord('writingProgress', lang)}
        </h2>
        <span className="text-sm font-semibold">
          <span className="tabular-nums" data-testid="progress-counter">
            {p.done} / {p.total}
          </span>{' '}
          <span className="font-normal text-gray-600 dark:text-gray-400">
            {pageWord('partsWritten', lang, { n: p.total })}
          </span>
        </span>
      </div>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400" data-testid="progress-step">
        {processStepText(spec, book, lang)}
      </p>
      {soFar && (
        <p className="mt-1 text-xs text-gray-600 dark:text-gray-400" data-testid="progress-so-far">
          {pageWord('lastStepSpent', lang, {
            calls: soFar.calls,
            credits: soFar.credits,
            time: durationIn(soFar.elapsed_seconds, lang),
          })}
          {soFar.eta_seconds
            ? ` · ${pageWord('bookTimeLeft', lang, { time: durationIn(soFar.eta_seconds, lang) })}`
            : ''}
        </p>
      )}
      {/* The book's continuity findings, counted; the count opens the Continuity panel. */}
      {findings > 0 && (
        <button
          type="button"
          className="mt-1 text-sm font-medium text-amber-800 underline dark:text-amber-300"
          data-testid="progress-continuity"
          onClick={() => {
            const panel = document.getElementById('continuity-panel') as HTMLDetailsElement | null;
            if (panel) panel.open = true;
            panel?.scrollIntoView?.({ block: 'start' });
            panel?.querySelector<HTMLElement>('summary')?.focus({ preventScroll: true });
          }}
        >
          {pageWord('continuityCount', lang, { n: findings })}
        </button>
      )}
      {/* A stopped draft is the writer's text: counted here, though its part is not written yet. */}
      {stopped && (
        <p className="mt-1 text-sm font-medium text-amber-800 dark:text-amber-300" data-testid="progress-stopped">
          {pageWord('stoppedDraftWords', lang, { part: stopped.label, n: stopped.words })}
        </p>
      )}
      <div
        className="mt-2 h-2 overflow-hidden rounded-full bg-gray-200 dark:bg-neutral-700"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={p.total}
        aria-valuenow={p.done}
        aria-label={pageWord('writingProgress', lang)}
      >
        <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
    </section>
  );
}

export function CopyButton({ text, lang }: { text: string; lang: Lang }) {
  const [isCopied, setIsCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Clipboard API refused (http, permissions): fall back to a hidden textarea.
      const area = document.createElement('textarea');
      area.value = text;
      area.setAttribute('readonly', '');
      area.style.position = 'fixed';
      area.style.opacity = '0';
      document.body.append(area);
      area.select();
      const isDone = document.execCommand('copy');
      area.remove();
      if (!isDone) return;
    }
    setIsCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setIsCopied(false), COPIED_MS);
  };
  return (
    <button type="button" className="btn-secondary px-3 py-1.5" onClick={copy} disabled={!text} aria-live="polite">
      {isCopied ? (
        <Check className="h-4 w-4 text-green-600" aria-hidden="true" />
      ) : (
        <Copy className="h-4 w-4" aria-hidden="true" />
      )}
      {isCopied ? pageWord('copied', lang) : pageWord('copy', lang)}
    </button>
  );
}

export function CoverPreview({
  image,
  fileName,
  isLoading,
  error,
  lang,
  alt,
}: {
  image: string | null;
  fileName: string;
  isLoading: boolean;
  error: string | null;
  lang: Lang;
  alt: string;
}) {
  return (
    <section className="card flex min-h-[500px] flex-col p-4" aria-labelledby="cover-h">
      <h2 id="cover-h" className="text-sm font-semibold">
        {pageWord('generatedCover', lang)}
      </h2>
      <div className="flex flex-1 flex-col items-center justify-center gap-4 py-4">
        {isLoading ? (
          <div role="status" className="flex flex-col items-center gap-2 text-sm text-gray-600 dark:text-gray-400">
            <Loader2 className="h-8 w-8 animate-spin text-brand-600" aria-hidden="true" />
            {pageWord('generatingYourCover', lang)}
          </div>
        ) : error ? (
          <div role="alert" className="error-box">
            {error}
          </div>
        ) : image ? (
          <>
            <img src={image} alt={alt} className="max-h-[70vh] w-auto rounded-lg shadow-lg" data-testid="cover-image" />
            <a href={image} download={fileName} className="btn-primary">
              <Download className="h-4 w-4" aria-hidden="true" /> {pageWord('downloadCover', lang)}
            </a>
          </>
        ) : (
          <p className="text-center text-gray-500 dark:text-gray-400" data-testid="preview-placeholder">
            {pageWord('placeholder', lang)}
          </p>
        )}
      </div>
    </section>
  );
}
