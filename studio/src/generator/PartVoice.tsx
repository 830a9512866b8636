// Beside a written prose part: how it stands against the writer's voice. "⚠ Drifts from your
// voice: sentences 2.1× longer, no dialogue" (the drifts in the book's language, as the server words them),
// "⚠ Overused phrases: 6.2 per 1,000 words (…)" naming the writer's own phrases to avoid apart, and, when the
// book has a voice sample, "Rewrite toward my voice": confirmed with its cost and charged as a rewrite (the
// text it replaces is kept as an earlier version). Nothing here changes the text by itself.
import { useId, useState } from 'react';
import { Loader2 } from 'lucide-react';
import type { BookView, Lang, StepRef } from '../engine.js';
import { CreditsShort } from './CreditsShort.js';
import { pageWord } from './words.js';
import { formatNumber } from '../i18n/index.js';

type PartView = BookView['parts'][number];
/** A part against the voice: the statistics it drifts on and those drifts in words (the book's language). */
export type PartVoiceMark = Pick<NonNullable<PartView['voice']>, 'drifts' | 'notes'>;
/** A part's overused phrases (the writer's own among them) and whether they mark it. */
export type PartOverusedMark = NonNullable<PartView['overused']>;

const NOTE = 'mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200';
/** At most this many of the listed phrases are named (the writer's own always are). */
const SHOWN_PHRASES = 6;
const quoted = (phrases: readonly string[]) => phrases.map((p) => `“${p}”`).join(', ');

export function VoiceMarks({
  partKey,
  label,
  voice,
  overused,
  lang,
  bookLang,
  isDisabled,
  isShortOfCredits = false,
  costText,
  onRewrite,
}: {
  partKey: string;
  /** The part's heading ("Chapter 1: The Harbour"). */
  label: string;
  voice?: PartVoiceMark;
  overused?: PartOverusedMark;
  lang: Lang;
  bookLang?: Lang;
  isDisabled: boolean;
  isShortOfCredits?: boolean;
  costText?: string;
  /**
   * Rewrite the part toward the book's voice; absent: the book has no sample (or the part cannot be rewritten here).
   */
  onRewrite?: () => Promise<string | null>;
}) {
  const drifts = voice && voice.drifts.length > 0 ? voice.notes : [];
  const marked = overused?.is_marked ? overused : undefined;
  if (drifts.length === 0 && !marked) return null;
  const own = marked?.avoided ?? [];
  const listed = marked ? marked.phrases.filter((p) => !own.includes(p)) : [];
  return (
    <div
      lang={lang}
      aria-label={pageWord('voiceMarksLabel', lang, { part: label })}
      role="group"
      data-testid="voice-marks"
    >
      {drifts.length > 0 && (
        <p role="note" className={NOTE} data-testid="voice-drifts">
          <span aria-hidden="true">⚠ </span>
          {pageWord('voiceDriftsMark', lang)} <span lang={bookLang}>{drifts.join(', ')}</span>
        </p>
      )}
      {marked && (
        <p role="note" className={NOTE} data-testid="voice-overused">
          <span aria-hidden="true">⚠ </span>
          {pageWord('overusedMark', lang, {
            n: formatNumber(marked.per_thousand, lang, { maximumFractionDigits: 1 }),
          })}{' '}
          (
          {listed.length > 0 && (
            <span lang={bookLang}>
              {quoted(listed.slice(0, SHOWN_PHRASES))}
              {listed.length > SHOWN_PHRASES ? ', …' : ''}
            </span>
          )}
          {listed.length > 0 && own.length > 0 && '; '}
          {own.length > 0 && (
            <span data-testid="voice-overused-own">
              {pageWord('overusedYours', lang, { phrases: '' })}
              <span lang={bookLang}>{quoted(own)}</span>
            </span>
          )}
          )
        </p>
      )}
      {onRewrite && (
        <TowardVoice
          partKey={partKey}
          label={label}
          lang={lang}
          isDisabled={isDisabled}
          isShortOfCredits={isShortOfCredits}
          {...(costText ? { costText } : {})}
          onRewrite={onRewrite}
        />
      )}
    </div>
  );
}

/** "Rewrite toward my voice": opens what it does and its cost, then rewrites (charged as a rewrite). */
function TowardVoice({
  partKey,
  label,
  lang,
  isDisabled,
  isShortOfCredits,
  costText,
  onRewrite,
}: {
  partKey: string;
  label: string;
  lang: Lang;
  isDisabled: boolean;
  isShortOfCredits: boolean;
  costText?: string;
  onRewrite: () => Promise<string | null>;
}) {
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shortId = `${partKey}-toward-voice-short`;
  const run = async () => {
    setIsBusy(true);
    setError(null);
    const failure = await onRewrite();
    setIsBusy(false);
    if (failure) setError(failure);
    else setIsOpen(false);
  };
  return (
    <div className="mt-1">
      <button
        type="button"
        className="btn-ghost px-2 py-1 text-xs"
        onClick={() => setIsOpen((v) => !v)}
        disabled={isDisabled || isBusy}
        aria-expanded={isOpen}
        aria-controls={`${id}-confirm`}
        aria-label={pageWord('towardVoiceLabel', lang, { part: label })}
        data-testid="toward-voice-open"
      >
        {pageWord('towardVoice', lang)}
      </button>
      {isOpen && (
        <div
          id={`${id}-confirm`}
          className="mt-2 rounded-lg border border-gray-200 p-3 dark:border-neutral-700"
          data-testid="toward-voice-confirm"
        >
          <p id={`${id}-hint`} className="text-sm">
            {pageWord('towardVoiceHint', lang)}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-primary px-3 py-1.5 text-sm"
              onClick={() => void run()}
              disabled={isDisabled || isBusy || isShortOfCredits}
              aria-describedby={`${id}-hint${isShortOfCredits ? ` ${shortId}` : ''}`}
              data-testid="toward-voice-go"
            >
              {isBusy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
              {isBusy
                ? pageWord('rewriting', lang)
                : `${pageWord('towardVoice', lang)}${costText ? ` (${costText})` : ''}`}
            </button>
            {isShortOfCredits && <CreditsShort id={shortId} lang={lang} {...(costText ? { costText } : {})} />}
            <button
              type="button"
              className="btn-ghost px-3 py-1.5 text-sm"
              onClick={() => setIsOpen(false)}
              disabled={isBusy}
            >
              {pageWord('cancel', lang)}
            </button>
          </div>
        </div>
      )}
      {error && (
        <p className="field-error mt-1" role="alert" data-testid="toward-voice-error">
          {error}
        </p>
      )}
    </div>
  );
}
