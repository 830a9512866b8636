// A part the writer stopped while it streamed: the text so far, kept on the server as the draft
// of the book's next step, shown where that part goes with what can be done with it: Continue (the model
// writes on from where it stops), Rewrite… (with a note, the draft as the current text), Keep (the draft
// becomes the part, free; the writer may edit it after) and Discard (the part is then written afresh).
import { useState } from 'react';
import { Loader2, Pencil, RotateCcw, Trash2, Check } from 'lucide-react';
import type { Lang } from '../engine.js';
import { Markdown } from '../components/Markdown.js';
import { pageWord } from './words.js';
import { formatNumber } from '../i18n/index.js';

export type StoppedAction = 'continue' | 'rewrite' | 'keep' | 'discard';

export interface StoppedDraftProps {
  /** The part's label ("Chapter 2") in the book's language, its text so far and its words. */
  label: string;
  text: string;
  words: number;
  /** The studio language (the card's words); the book's language (the draft's text). */
  lang: Lang;
  bookLang?: Lang;
  /** The step cost ("1 credit"), shown on Continue and Rewrite. */
  costText?: string;
  isDisabled: boolean;
  /** Do it; answers an error message, or null when done. */
  onAction(action: StoppedAction, note: string): Promise<string | null>;
}

export function StoppedDraft({
  label,
  text,
  words,
  lang,
  bookLang,
  costText,
  isDisabled,
  onAction,
}: StoppedDraftProps) {
  const [busy, setBusy] = useState<StoppedAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isNoteOpen, setIsNoteOpen] = useState(false);
  const [note, setNote] = useState('');
  const run = async (action: StoppedAction) => {
    setBusy(action);
    setError(null);
    const failure = await onAction(action, action === 'rewrite' ? note.trim() : '');
    setBusy(null);
    if (failure) setError(failure);
  };
  const cost = costText ? ` (${costText})` : '';
  const isOff = isDisabled || busy !== null;
  return (
    <article
      id="part-stopped"
      className="mb-6 scroll-mt-4 rounded-lg border border-dashed border-amber-400 p-3 dark:border-amber-600"
      data-testid="stopped-draft"
      aria-labelledby="stopped-draft-h"
    >
      <DraftHeading label={label} words={words} lang={lang} />
      <p className="mb-2 text-xs text-gray-600 dark:text-gray-400">{pageWord('stoppedDraftHint', lang)}</p>
      <div className="text-[15px] leading-relaxed" data-testid="stopped-draft-text" lang={bookLang}>
        <Markdown text={text} />
      </div>
      <DraftButtons
        busy={busy}
        isOff={isOff}
        isNoteOpen={isNoteOpen}
        lang={lang}
        costText={costText}
        onRun={(action) => void run(action)}
        onToggleNote={() => setIsNoteOpen((v) => !v)}
      />
      {isNoteOpen && (
        <div className="mt-2 rounded-lg border border-gray-200 p-3 dark:border-neutral-700" lang={lang}>
          <label htmlFor="stopped-draft-note" className="text-sm font-medium">
            {pageWord('rewriteNote', lang)}
          </label>
          <textarea
            id="stopped-draft-note"
            className="input mt-1 min-h-20 w-full"
            maxLength={1000}
            value={note}
            placeholder={pageWord('rewriteNotePlaceholder', lang)}
            onChange={(e) => setNote(e.target.value)}
            data-testid="draft-rewrite-note"
          />
          <button
            type="button"
            className="btn-primary mt-2 px-3 py-1.5 text-sm"
            onClick={() => void run('rewrite')}
            disabled={isOff}
            data-testid="draft-rewrite-go"
          >
            {busy === 'rewrite' ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
            {busy === 'rewrite'
              ? pageWord('rewriting', lang)
              : `${pageWord(note.trim() ? 'rewriteGo' : 'writeAgainGo', lang)}${cost}`}
          </button>
        </div>
      )}
      {error && (
        <p className="field-error mt-2" role="alert">
          {error}
        </p>
      )}
    </article>
  );
}

/** Continue, Rewrite… (opens the note), Keep and Discard, each with its cost; the one under way spins. */
function DraftButtons({
  busy,
  isOff,
  isNoteOpen,
  lang,
  costText,
  onRun,
  onToggleNote,
}: {
  busy: StoppedAction | null;
  isOff: boolean;
  isNoteOpen: boolean;
  lang: Lang;
  costText: string | undefined;
  onRun(action: 'continue' | 'keep' | 'discard'): void;
  onToggleNote(): void;
}) {
  const cost = costText ? ` (${costText})` : '';
  const spent = costText ? ` (${pageWord('draftDiscardSpent', lang, { cost: costText })})` : '';
  return (
    <div className="mt-3 flex flex-wrap gap-2" lang={lang}>
      <button
        type="button"
        className="btn-primary px-3 py-1.5 text-sm"
        onClick={() => onRun('continue')}
        disabled={isOff}
        data-testid="draft-continue"
      >
        {busy === 'continue' ? (
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
        ) : (
          <Pencil className="h-4 w-4" aria-hidden="true" />
        )}
        {busy === 'continue' ? pageWord('draftWorking', lang) : `${pageWord('draftContinue', lang)}${cost}`}
      </button>
      <button
        type="button"
        className="btn-secondary px-3 py-1.5 text-sm"
        onClick={onToggleNote}
        disabled={isOff}
        aria-expanded={isNoteOpen}
        data-testid="draft-rewrite-open"
      >
        <RotateCcw className="h-4 w-4" aria-hidden="true" /> {pageWord('draftRewrite', lang)}
      </button>
      <button
        type="button"
        className="btn-secondary px-3 py-1.5 text-sm"
        onClick={() => onRun('keep')}
        disabled={isOff}
        data-testid="draft-keep"
      >
        {busy === 'keep' ? (
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
        ) : (
          <Check className="h-4 w-4" aria-hidden="true" />
        )}
        {`${pageWord('draftKeep', lang)} (${pageWord('draftKeepHint', lang)})`}
      </button>
      <button
        type="button"
        className="btn-ghost px-3 py-1.5 text-sm"
        onClick={() => onRun('discard')}
        disabled={isOff}
        data-testid="draft-discard"
      >
        {/* Text had reached the writer, so the step was paid for: discarding does not give the credit back. */}
        <Trash2 className="h-4 w-4" aria-hidden="true" /> {`${pageWord('draftDiscardStopped', lang)}${spent}`}
      </button>
    </div>
  );
}

/** The stopped part's heading (focused when the draft appears) and its words so far. */
function DraftHeading({ label, words, lang }: { label: string; words: number; lang: Lang }) {
  return (
    <div className="mb-2 flex items-baseline justify-between gap-3">
      <h3
        id="stopped-draft-h"
        className="text-base font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        tabIndex={-1}
        data-part-heading
        lang={lang}
      >
        {pageWord('stoppedDraft', lang, { part: label })}
      </h3>
      <span className="text-xs text-gray-500 tabular-nums dark:text-gray-400" data-testid="stopped-draft-words">
        {pageWord('words', lang, { n: formatNumber(words, lang) })}
      </span>
    </div>
  );
}
