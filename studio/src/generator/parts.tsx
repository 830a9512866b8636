// The pieces of a generator page around the form: the Generation Process list, the Writing Progress
// panel, the live preview (streamed text, word count, Copy/Copied!, the Download menu, placeholder,
// loading with the slow-generation hints, error with retry) and the cover preview with Download Cover.
import { useEffect, useRef, useState } from 'react';
import { AlertTriangle, Check, Copy, Download, Loader2, RotateCcw } from 'lucide-react';
import { stepKey, type BookView, type Lang, type BookSpec } from '../../../engine/browser.js';
import type { ExportFormat } from '../../../engine/contract/index.js';
import { DownloadMenu } from '../components/DownloadMenu.js';
import { pageWord } from './words.js';
import { Markdown } from '../components/Markdown.js';

export const COPIED_MS = 2000;

/** The slow-generation hint for the seconds elapsed (60, 120, 150, 170 s), or null before 60 s. */
export function slowHint(seconds: number, lang: Lang): string | null {
  if (seconds >= 170) return pageWord('hint170', lang);
  if (seconds >= 150) return pageWord('hint150', lang);
  if (seconds >= 120) return pageWord('hint120', lang);
  if (seconds >= 60) return pageWord('hint60', lang);
  return null;
}

export function countWords(text: string): number {
  const t = text.trim();
  return t ? t.split(/\s+/).length : 0;
}

/** The book's steps as the server planned them, chapters folded into one line unless the book has named sections. */
export function ProcessSteps({ spec, book, lang }: { spec: BookSpec; book: BookView; lang: Lang }) {
  const current = book.next ? stepKey(book.next) : null;
  const rows: Array<{ key: string; label: string; isCurrent: boolean; isDone: boolean }> = [];
  const hasSections = Boolean(spec.flow.sections);
  let chapters: BookView['plan'] = [];
  const flush = () => {
    if (chapters.length === 0) return;
    const here = chapters.find((c) => stepKey(c) === current);
    const folded = pageWord('chapters', lang, { n: chapters.length });
    rows.push({ key: 'chapters', label: here ? `${folded} · ${here.label}` : folded, isCurrent: here !== undefined, isDone: chapters.every((c) => c.is_done) });
    chapters = [];
  };
  for (const s of book.plan) {
    if (s.kind === 'chapter' && !hasSections) {
      chapters.push(s);
      continue;
    }
    flush();
    rows.push({ key: stepKey(s), label: s.label, isCurrent: stepKey(s) === current, isDone: s.is_done });
  }
  flush();
  return (
    <section aria-labelledby="process-h" className="mt-6">
      <h2 id="process-h" className="text-sm font-semibold text-gray-700 dark:text-gray-300">{pageWord('generationProcess', lang)}</h2>
      <ol className="mt-2 space-y-1" data-testid="process-steps">
        {rows.map((r, i) => (
          <li
            key={r.key}
            aria-current={r.isCurrent ? 'step' : undefined}
            className={`flex items-center gap-2 rounded-md px-2 py-1 text-sm ${
              r.isCurrent ? 'bg-brand-50 font-semibold text-brand-700 dark:bg-brand-600/20 dark:text-brand-100' : r.isDone ? 'text-gray-500 line-through decoration-gray-300 dark:text-gray-500' : 'text-gray-700 dark:text-gray-300'
            }`}
          >
            <span className={`flex h-5 w-5 shrink-0 items-center justify-center rounded-full text-[11px] ${r.isCurrent ? 'bg-brand-600 text-white' : r.isDone ? 'bg-green-600 text-white' : 'bg-gray-200 text-gray-600 dark:bg-neutral-700 dark:text-gray-300'}`} aria-hidden="true">
              {r.isDone ? <Check className="h-3 w-3" /> : i + 1}
            </span>
            {r.label}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function WritingProgress({ progress: p, lang }: { progress: NonNullable<BookView['progress']>; lang: Lang }) {
  const percent = Math.round(Math.min(1, Math.max(0, p.ratio)) * 100);
  return (
    <section className="card mb-4 p-4" aria-labelledby="progress-h" data-testid="writing-progress">
      <div className="flex items-center justify-between gap-3">
        <h2 id="progress-h" className="text-sm font-semibold">{pageWord('writingProgress', lang)}</h2>
        <span className="text-sm font-semibold tabular-nums" data-testid="progress-counter">{p.current} / {p.total}</span>
      </div>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{p.stepText}</p>
      <div className="mt-2 h-2 overflow-hidden rounded-full bg-gray-200 dark:bg-neutral-700" role="progressbar" aria-valuemin={0} aria-valuemax={p.total} aria-valuenow={p.current} aria-label={pageWord('writingProgress', lang)}>
        <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
    </section>
  );
}

function CopyButton({ text, lang }: { text: string; lang: Lang }) {
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
      {isCopied ? <Check className="h-4 w-4 text-green-600" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
      {isCopied ? pageWord('copied', lang) : pageWord('copy', lang)}
    </button>
  );
}

export interface PreviewPart {
  key: string;
  heading?: string;
  text: string;
  /** False when the part was still cut at the length limit after Karya asked the model to continue it. */
  isComplete?: boolean;
}

export function Preview({ parts, outline, outlineLabel, streaming, streamingHeading, isLoading, elapsed, error, canRetry, onRetry, isBook, lang, downloadHref }: {
  parts: PreviewPart[];
  outline?: string;
  outlineLabel: string;
  streaming: string;
  streamingHeading?: string;
  isLoading: boolean;
  elapsed: number;
  error: string | null;
  canRetry: boolean;
  onRetry(): void;
  isBook: boolean;
  lang: Lang;
  /** The saved book's download link per format; the Download menu shows when given (the book has a part). */
  downloadHref?: (format: ExportFormat) => string;
}) {
  const all = [...parts.map((p) => (p.heading ? `${p.heading}\n\n${p.text}` : p.text)), ...(streaming ? [streaming] : [])].join('\n\n');
  const words = countWords(parts.map((p) => p.text).join(' ') + ' ' + streaming);
  const hint = isLoading ? slowHint(elapsed, lang) : null;
  const isEmpty = parts.length === 0 && !streaming && !outline;
  const bottomRef = useRef<HTMLDivElement>(null);
  return (
    <section className="card flex min-h-[500px] flex-col" aria-labelledby="preview-h">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-200 px-4 py-3 dark:border-neutral-700">
        <h2 id="preview-h" className="text-sm font-semibold">{pageWord('preview', lang)}</h2>
        <div className="flex items-center gap-3">
          <span className="text-xs text-gray-500 tabular-nums" data-testid="word-count">{pageWord('words', lang, { n: words.toLocaleString('en') })}</span>
          <CopyButton text={all} lang={lang} />
          {downloadHref && <DownloadMenu hrefOf={downloadHref} lang={lang} />}
        </div>
      </div>
      <div className="flex-1 overflow-y-auto px-4 py-4 lg:max-h-[calc(100vh-14rem)]" data-testid="preview" aria-live="off" aria-busy={isLoading}>
        {outline !== undefined && (
          <details className="mb-4 rounded-lg border border-gray-200 p-3 dark:border-neutral-700" open={parts.length === 0}>
            <summary className="cursor-pointer text-sm font-semibold">{outlineLabel}</summary>
            <div className="mt-2 text-sm leading-relaxed" data-testid="outline"><Markdown text={outline} /></div>
          </details>
        )}
        {parts.map((p) => (
          <article key={p.key} className="mb-6" data-testid="preview-part">
            {p.heading && <h3 className="mb-2 text-base font-semibold">{p.heading}</h3>}
            <div className="text-[15px] leading-relaxed"><Markdown text={p.text} /></div>
            {p.isComplete === false && (
              <p role="note" className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950/40 dark:text-amber-300" data-testid="incomplete-part">
                {pageWord('incompletePart', lang)}
              </p>
            )}
          </article>
        ))}
        {streaming && (
          <article className="mb-6" data-streaming="true" data-testid="streaming">
            {streamingHeading && <h3 className="mb-2 text-base font-semibold">{streamingHeading}</h3>}
            <div className="whitespace-pre-wrap text-[15px] leading-relaxed">{streaming}<span className="ml-0.5 inline-block h-4 w-1.5 animate-pulse bg-brand-600 align-middle" aria-hidden="true" /></div>
          </article>
        )}
        {isLoading && (
          <div className="flex flex-col items-center gap-2 py-6 text-center text-sm text-gray-600 dark:text-gray-400" role="status" data-testid="preview-loading">
            <Loader2 className="h-6 w-6 animate-spin text-brand-600" aria-hidden="true" />
            <span>{pageWord('generatingContent', lang)}</span>
            {hint && <span className="font-medium text-amber-700 dark:text-amber-400" data-testid="slow-hint">{hint}</span>}
          </div>
        )}
        {error && !isLoading && (
          <div role="alert" className="error-box flex flex-col items-start gap-2" data-testid="preview-error">
            <span className="flex items-center gap-2"><AlertTriangle className="h-4 w-4" aria-hidden="true" /> {error}</span>
            {canRetry && (
              <button type="button" className="btn-secondary px-3 py-1.5" onClick={onRetry}>
                <RotateCcw className="h-4 w-4" aria-hidden="true" /> {pageWord('retry', lang)}
              </button>
            )}
          </div>
        )}
        {isEmpty && !isLoading && !error && <p className="py-16 text-center text-gray-500" data-testid="preview-placeholder">{pageWord('placeholder', lang)}</p>}
        {isBook && !isEmpty && <p className="mt-2 text-xs text-gray-500">{pageWord('growingHint', lang)}</p>}
        <div ref={bottomRef} />
      </div>
    </section>
  );
}

export function CoverPreview({ image, fileName, isLoading, error, lang, alt }: { image: string | null; fileName: string; isLoading: boolean; error: string | null; lang: Lang; alt: string }) {
  return (
    <section className="card flex min-h-[500px] flex-col p-4" aria-labelledby="cover-h">
      <h2 id="cover-h" className="text-sm font-semibold">{pageWord('generatedCover', lang)}</h2>
      <div className="flex flex-1 flex-col items-center justify-center gap-4 py-4">
        {isLoading ? (
          <div role="status" className="flex flex-col items-center gap-2 text-sm text-gray-600 dark:text-gray-400">
            <Loader2 className="h-8 w-8 animate-spin text-brand-600" aria-hidden="true" />
            {pageWord('generatingYourCover', lang)}
          </div>
        ) : error ? (
          <div role="alert" className="error-box">{error}</div>
        ) : image ? (
          <>
            <img src={image} alt={alt} className="max-h-[70vh] w-auto rounded-lg shadow-lg" data-testid="cover-image" />
            <a href={image} download={fileName} className="btn-primary">
              <Download className="h-4 w-4" aria-hidden="true" /> {pageWord('downloadCover', lang)}
            </a>
          </>
        ) : (
          <p className="text-center text-gray-500" data-testid="preview-placeholder">{pageWord('placeholder', lang)}</p>
        )}
      </div>
    </section>
  );
}
