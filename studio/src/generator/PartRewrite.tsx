// "Rewrite…" under a written part (a note, or none to write it again, charged as a step) and its Earlier
// versions, each restorable (free; the text it replaces is kept too).
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Loader2, RotateCcw } from 'lucide-react';
import type { Lang, StepRef } from '../engine.js';
import type { PartVersionView } from '../engine.js';
import type { PreviewPart } from './previewPart.js';
import { pageWord } from './words.js';
import { CreditsShort } from './CreditsShort.js';
import { Versions } from './PartVersions.js';

/**
 * "Rewrite…" on a written part: a note field ("make the ending darker"; empty writes the part
 * again), charged as a step; and its earlier versions, each restorable (free; the text it replaces is kept too).
 */
export function RewritePart({
  part,
  partRef,
  lang,
  isDisabled,
  isShortOfCredits = false,
  onRewrite,
  onVersions,
  onRestore,
  costText,
  preset,
}: {
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
  usePresetNote(preset, noteRef, (text) => {
    setNote(text);
    setIsOpen(true);
  });
  const noteId = `rewrite-note-${part.key}`;
  const { isBusy, error, versions, run, loadVersions, restore } = useRewrite(
    partRef,
    { onRewrite, onVersions, onRestore },
    () => {
      setIsOpen(false);
      setNote('');
    },
    note,
  );
  return (
    <div className="mt-1" data-testid="rewrite-part" lang={lang}>
      <RewriteButtons
        part={part}
        lang={lang}
        isOff={isDisabled || isBusy}
        isOpen={isOpen}
        onToggle={() => setIsOpen((v) => !v)}
        {...(onVersions ? { onVersions: () => void loadVersions() } : {})}
      />
      {isOpen && (
        <RewriteNoteBox
          {...{ noteId, noteRef, note, lang, partRef, isBusy, isShortOfCredits, costText }}
          isOff={isDisabled || isBusy || isShortOfCredits}
          onNote={setNote}
          onRun={() => void run()}
          onCancel={() => setIsOpen(false)}
        />
      )}
      {versions && (
        <Versions
          versions={versions}
          lang={lang}
          isDisabled={isDisabled || isBusy}
          {...(onRestore ? { onRestore: (v: number) => void restore(v) } : {})}
        />
      )}
      {error && (
        <p className="field-error mt-1" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A part's rewrite (with `note`), its earlier versions and a restore, each told as busy, failed or done. */
function useRewrite(
  partRef: StepRef,
  {
    onRewrite,
    onVersions,
    onRestore,
  }: {
    onRewrite: (part: StepRef, note: string) => Promise<string | null>;
    onVersions?: ((part: StepRef) => Promise<PartVersionView[] | string>) | undefined;
    onRestore?: ((part: StepRef, version: number) => Promise<string | null>) | undefined;
  },
  onRewritten: () => void,
  note: string,
) {
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [versions, setVersions] = useState<PartVersionView[] | null>(null);
  const run = async () => {
    setIsBusy(true);
    setError(null);
    const failure = await onRewrite(partRef, note.trim());
    setIsBusy(false);
    if (failure) setError(failure);
    else {
      onRewritten();
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
  return { isBusy, error, versions, run, loadVersions, restore };
}

/** A note to open the Rewrite with (a continuity finding's): opened with it, the note focused, on each new `n`. */
function usePresetNote(
  preset: { note: string; n: number } | undefined,
  noteRef: RefObject<HTMLTextAreaElement | null>,
  open: (note: string) => void,
) {
  useEffect(() => {
    if (!preset) return;
    open(preset.note);
    requestAnimationFrame(() => noteRef.current?.focus());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new request is a new n
  }, [preset?.n]);
}

/** Rewrite… (opens the note) and Earlier versions. */
function RewriteButtons({
  part,
  lang,
  isOff,
  isOpen,
  onToggle,
  onVersions,
}: {
  part: PreviewPart;
  lang: Lang;
  isOff: boolean;
  isOpen: boolean;
  onToggle(): void;
  onVersions?: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-1">
      <button
        type="button"
        className="btn-ghost px-2 py-1 text-xs"
        onClick={onToggle}
        disabled={isOff}
        aria-expanded={isOpen}
        aria-label={pageWord('rewriteLabel', lang, { part: part.heading ?? '' })}
        data-testid="rewrite-open"
      >
        <RotateCcw className="h-3.5 w-3.5" aria-hidden="true" /> {pageWord('rewrite', lang)}
      </button>
      {onVersions && (
        <button
          type="button"
          className="btn-ghost px-2 py-1 text-xs"
          onClick={onVersions}
          disabled={isOff}
          data-testid="versions-open"
        >
          {pageWord('versions', lang)}
        </button>
      )}
    </div>
  );
}

/** The rewrite's note (empty: the part written again), the button with its cost, and Cancel. */
function RewriteNoteBox({
  noteId,
  noteRef,
  note,
  lang,
  partRef,
  isBusy,
  isOff,
  isShortOfCredits,
  costText,
  onNote,
  onRun,
  onCancel,
}: {
  noteId: string;
  noteRef: RefObject<HTMLTextAreaElement | null>;
  note: string;
  lang: Lang;
  partRef: StepRef;
  isBusy: boolean;
  isOff: boolean;
  isShortOfCredits: boolean;
  costText: string | undefined;
  onNote(note: string): void;
  onRun(): void;
  onCancel(): void;
}) {
  return (
    <div className="mt-2 rounded-lg border border-gray-200 p-3 dark:border-neutral-700">
      <label htmlFor={noteId} className="text-sm font-medium">
        {pageWord('rewriteNote', lang)}
      </label>
      <textarea
        ref={noteRef}
        id={noteId}
        className="input mt-1 min-h-20 w-full"
        maxLength={1000}
        value={note}
        placeholder={pageWord('rewriteNotePlaceholder', lang)}
        onChange={(e) => onNote(e.target.value)}
        data-testid="rewrite-note"
      />
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-primary px-3 py-1.5 text-sm"
          onClick={onRun}
          disabled={isOff}
          aria-describedby={isShortOfCredits ? `${partRef.kind}-${partRef.position ?? 0}-rewrite-short` : undefined}
          data-testid="rewrite-go"
        >
          {isBusy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
          {isBusy
            ? pageWord('rewriting', lang)
            : `${pageWord(note.trim() ? 'rewriteGo' : 'writeAgainGo', lang)}${costText ? ` (${costText})` : ''}`}
        </button>
        {isShortOfCredits && (
          <CreditsShort
            id={`${partRef.kind}-${partRef.position ?? 0}-rewrite-short`}
            lang={lang}
            {...(costText ? { costText } : {})}
          />
        )}
        <button type="button" className="btn-ghost px-3 py-1.5 text-sm" onClick={onCancel} disabled={isBusy}>
          {pageWord('cancel', lang)}
        </button>
      </div>
    </div>
  );
}
