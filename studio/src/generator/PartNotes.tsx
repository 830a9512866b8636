// The notes under a written part: short (or stopped and kept) with Write more, not yet in the story bible
// with Try again, repeating itself, Indonesian words in a Malay part, cut at the length limit.
import { useState } from 'react';
import { Loader2, Pencil, RotateCcw } from 'lucide-react';
import type { Lang } from '../engine.js';
import { partWords, type PreviewPart } from './previewPart.js';
import { pageWord } from './words.js';
import { formatNumber } from '../i18n/index.js';
import { CreditsShort } from './CreditsShort.js';

const NOTE_CLASS = [
  'mt-2 flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800',
  'dark:bg-amber-950/40 dark:text-amber-300',
].join(' ');

/**
 * The note on a part still short after the engine's extensions (or stopped by the writer and kept), with its "Write
 * more" action.
 */
export function ShortPart({
  part,
  lang,
  isDisabled,
  isShortOfCredits = false,
  onWriteMore,
  costText,
}: {
  part: PreviewPart;
  lang: Lang;
  isDisabled: boolean;
  isShortOfCredits?: boolean;
  onWriteMore?: () => Promise<string | null>;
  costText?: string;
}) {
  const [isWriting, setIsWriting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const words = partWords(part);
  const run = async () => {
    if (!onWriteMore) return;
    setIsWriting(true);
    setError(null);
    const failure = await onWriteMore();
    setIsWriting(false);
    if (failure) setError(failure);
  };
  return (
    <div role="note" className={NOTE_CLASS} data-testid="short-part">
      <span>
        {pageWord(part.isStopped ? 'stoppedPart' : 'shortPart', lang, {
          words: formatNumber(words, lang),
          target: formatNumber(part.target ?? 0, lang),
        })}
      </span>
      {onWriteMore && (
        <button
          type="button"
          className="btn-secondary px-2 py-1 text-xs"
          onClick={() => void run()}
          disabled={isDisabled || isWriting || isShortOfCredits}
          aria-label={pageWord('writeMoreLabel', lang, { part: part.heading ?? '' })}
          aria-describedby={isShortOfCredits ? `${part.key}-more-short` : undefined}
          data-testid="write-more"
        >
          {isWriting ? (
            <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />
          ) : (
            <Pencil className="h-3.5 w-3.5" aria-hidden="true" />
          )}
          {isWriting
            ? pageWord('writingMore', lang)
            : `${pageWord('writeMore', lang)}${costText ? ` (${costText})` : ''}`}
        </button>
      )}
      {onWriteMore && isShortOfCredits && (
        <CreditsShort id={`${part.key}-more-short`} lang={lang} {...(costText ? { costText } : {})} />
      )}
      {error && (
        <span className="field-error w-full" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/**
 * The note on a part the story bible has not taken in, with "Try again" (the update: uncharged, but for an imported
 * book's parts the credits held for its bible did not pay for, whose `message` from the server says so and why).
 */
export function NotInBible({
  lang,
  isDisabled,
  isUpdating,
  isBookFinished,
  message,
  onUpdate,
}: {
  lang: Lang;
  isDisabled: boolean;
  isUpdating: boolean;
  isBookFinished?: boolean;
  message?: string;
  onUpdate?: () => Promise<string | null>;
}) {
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const retry = async () => {
    setIsBusy(true);
    setError(null);
    const failure = await onUpdate!();
    setIsBusy(false);
    setError(failure);
  };
  return (
    <p role="note" className={NOTE_CLASS} data-testid="not-in-bible">
      {isUpdating && <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />}
      <span>
        {isUpdating
          ? pageWord('bibleUpdating', lang)
          : (message ?? pageWord(isBookFinished ? 'notInBibleFinished' : 'notInBible', lang))}
      </span>
      {onUpdate && !isUpdating && (
        <button
          type="button"
          className="btn-secondary px-2 py-1 text-xs"
          onClick={() => void retry()}
          disabled={isDisabled || isBusy}
          data-testid="update-bible"
        >
          {isBusy ? (
            <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />
          ) : (
            <RotateCcw className="h-3.5 w-3.5" aria-hidden="true" />
          )}
          {pageWord('updateBible', lang)}
        </button>
      )}
      {error && (
        <span className="field-error w-full" role="alert">
          {error}
        </span>
      )}
    </p>
  );
}
