// "Rewrite…" under a written part (a note, or none to write it again, charged as a step) and its Earlier
// versions, each restorable (free; the text it replaces is kept too).
import { useEffect, useRef, useState } from 'react';
import { Loader2, RotateCcw } from 'lucide-react';
import type { Lang, StepRef } from '../engine.js';
import type { PartVersionView } from '../engine.js';
import type { PreviewPart } from './previewPart.js';
import { pageWord } from './words.js';
import { formatNumber } from '../i18n/index.js';
import { CreditsShort } from './CreditsShort.js';

/**
 * "Rewrite…" on a written part: a note field ("make the ending darker"; empty writes the part
 * again), charged as a step; and its earlier versions, each restorable (free; the text it replaces is kept too).
 */
export function RewritePart({ part, partRef, lang, isDisabled, isShortOfCredits = false, onRewrite, onVersions, onRestore, costText, preset }: {
  part: PreviewPart;
  partRef: StepRef;
  lang: Lang;
  isDisabled: boolean;
  onRewrite: (part: StepRef, note: string) => Promise<string | null>;
  onVersions?: (part: StepRef) => Promise<PartVersionView[] | string>;
  onRestore?: (part: StepRef, version: number) => Promise<string | null>;
  costText?: string;
  /** The balance is below a rewrite's cost: Rewrite is off, and a note says why and links to Top Up. */
  isShortOfCredits?: boolean;
  /** A note to open the Rewrite with (a continuity finding's); `n` changes on each request. */
  preset?: { note: string; n: number };
}) {
  const [isOpen, setIsOpen] = useState(false);
  const [note, setNote] = useState('');
  const noteRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (!preset) return;
    setNote(preset.note);
    setIsOpen(true);
    requestAnimationFrame(() => noteRef.current?.focus());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new request is a new n
  }, [preset?.n]);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [versions, setVersions] = useState<PartVersionView[] | null>(null);
  const noteId = `rewrite-note-${part.key}`;
  const run = async () => {
    setIsBusy(true);
    setError(null);
    const failure = await onRewrite(partRef, note.trim());
    setIsBusy(false);
    if (failure) setError(failure);
    else {
      setIsOpen(false);
      setNote('');
      setVersions(null);
    }
  };
  const loadVersions = async () => {
    if (!onVersions) return;
    setError(null);
    const answer = await onVersions(partRef);
    if (typeof answer === 'string') setError(answer);
    else setVersions(answer);
  };
  const restore = async (version: number) => {
    if (!onRestore) return;
    setIsBusy(true);
    setError(null);
    const failure = await onRestore(partRef, version);
    setIsBusy(false);
    if (failure) setError(failure);
    else setVersions(null);
  };
  return (
    <div className="mt-1" data-testid="rewrite-part" lang={lang}>
      <div className="flex flex-wrap gap-1">
        <button type="button" className="btn-ghost px-2 py-1 text-xs" onClick={() => setIsOpen((v) => !v)} disabled={isDisabled || isBusy} aria-expanded={isOpen} aria-label={pageWord('rewriteLabel', lang, { part: part.heading ?? '' })} data-testid="rewrite-open">
          <RotateCcw className="h-3.5 w-3.5" aria-hidden="true" /> {pageWord('rewrite', lang)}
        </button>
        {onVersions && (
          <button type="button" className="btn-ghost px-2 py-1 text-xs" onClick={() => void loadVersions()} disabled={isDisabled || isBusy} data-testid="versions-open">
            {pageWord('versions', lang)}
          </button>
        )}
      </div>
      {isOpen && (
        <div className="mt-2 rounded-lg border border-gray-200 p-3 dark:border-neutral-700">
          <label htmlFor={noteId} className="text-sm font-medium">{pageWord('rewriteNote', lang)}</label>
          <textarea ref={noteRef} id={noteId} className="input mt-1 min-h-20 w-full" maxLength={1000} value={note} placeholder={pageWord('rewriteNotePlaceholder', lang)} onChange={(e) => setNote(e.target.value)} data-testid="rewrite-note" />
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="button" className="btn-primary px-3 py-1.5 text-sm" onClick={() => void run()} disabled={isDisabled || isBusy || isShortOfCredits} aria-describedby={isShortOfCredits ? `${partRef.kind}-${partRef.position ?? 0}-rewrite-short` : undefined} data-testid="rewrite-go">
              {isBusy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
              {isBusy ? pageWord('rewriting', lang) : `${pageWord(note.trim() ? 'rewriteGo' : 'writeAgainGo', lang)}${costText ? ` (${costText})` : ''}`}
            </button>
            {isShortOfCredits && <CreditsShort id={`${partRef.kind}-${partRef.position ?? 0}-rewrite-short`} lang={lang} {...(costText ? { costText } : {})} />}
            <button type="button" className="btn-ghost px-3 py-1.5 text-sm" onClick={() => setIsOpen(false)} disabled={isBusy}>{pageWord('cancel', lang)}</button>
          </div>
        </div>
      )}
      {versions && <Versions versions={versions} lang={lang} isDisabled={isDisabled || isBusy} {...(onRestore ? { onRestore: (v: number) => void restore(v) } : {})} />}
      {error && <p className="field-error mt-1" role="alert">{error}</p>}
    </div>
  );
}

/** A part's earlier versions, newest first, each with the note of the rewrite that replaced it, and Restore. */
function Versions({ versions, lang, isDisabled, onRestore }: { versions: readonly PartVersionView[]; lang: Lang; isDisabled: boolean; onRestore?: (version: number) => void }) {
  return (
    <div className="mt-2 rounded-lg border border-gray-200 p-3 text-sm dark:border-neutral-700" data-testid="versions">
      {versions.length === 0 ? <p>{pageWord('versionsNone', lang)}</p> : (
        <ul className="space-y-2">
          {/* A version keeps the note of the rewrite that replaced it: the note is shown with the text it produced (the next newer one, or the current text). */}
          {versions[0]!.note && (
            <li className="text-xs text-gray-600 dark:text-gray-400" data-testid="versions-current">
              <span className="font-medium text-gray-800 dark:text-gray-200">{pageWord('versionCurrent', lang)}</span> · {pageWord('versionMadeWith', lang, { note: versions[0]!.note })}
            </li>
          )}
          {versions.map((v, i) => (
            <li key={v.version} className="flex flex-wrap items-start justify-between gap-2" data-testid="version">
              <span>
                <span className="font-medium">{pageWord('versionLine', lang, { n: v.version, words: formatNumber(v.words, lang) })}</span>
                {versions[i + 1]?.note && <span className="block text-xs text-gray-600 dark:text-gray-400">{pageWord('versionMadeWith', lang, { note: versions[i + 1]!.note })}</span>}
                <span className="block text-xs text-gray-600 dark:text-gray-400">{v.text.slice(0, 160)}{v.text.length > 160 ? '…' : ''}</span>
              </span>
              {onRestore && <button type="button" className="btn-secondary px-2 py-1 text-xs" onClick={() => onRestore(v.version)} disabled={isDisabled} data-testid="version-restore">{pageWord('restore', lang)}</button>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
