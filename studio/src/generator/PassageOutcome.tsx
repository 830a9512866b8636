// What a passage tool answers, under the tools (PassageTools.tsx): the new passage as it streams in, then beside
// the old one with Keep and Discard, and a note once discarded.
import type { ReactNode } from 'react';
import type { Lang } from '../engine.js';
import { Markdown } from '../components/Markdown.js';
import type { Passage } from './passage.js';
import { pageWord } from './words.js';

/** The new passage's words so far, with what the server said it waits for before them. */
export interface Streamed {
  passage: Passage;
  text: string;
  wait?: string;
}
/** The new passage as answered, for the passage it replaces. */
export interface Answer {
  passage: Passage;
  text: string;
}

/** The new passage as it streams in, then beside the old one with Keep and Discard; a note once discarded. */
export function PassageOutcome({
  streamed,
  answer,
  isDiscarded,
  isOff,
  costText,
  lang,
  bookLang,
  onKeep,
  onDiscard,
}: {
  streamed: Streamed | null;
  answer: Answer | null;
  isDiscarded: boolean;
  isOff: boolean;
  costText: string | undefined;
  lang: Lang;
  bookLang: Lang | undefined;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  return (
    <>
      {streamed && !streamed.text && streamed.wait && (
        <p role="status" className="text-xs text-amber-700 dark:text-amber-400" data-testid="passage-wait">
          {streamed.wait}
        </p>
      )}
      {streamed && streamed.text && (
        <BeforeAfter
          testId="passage-streaming"
          before={streamed.passage.text}
          after={streamed.text}
          afterTestId="passage-streaming-text"
          lang={lang}
          bookLang={bookLang}
          afterClass="rounded border border-dashed border-brand-300 p-2 dark:border-brand-600"
        />
      )}
      {answer && (
        <BeforeAfter
          testId="passage-answer"
          before={answer.passage.text}
          after={answer.text}
          afterTestId="passage-new"
          lang={lang}
          bookLang={bookLang}
          afterClass="rounded border border-brand-300 bg-brand-50/40 p-2 dark:border-brand-600 dark:bg-brand-600/10"
        >
          <div className="flex gap-2 sm:col-span-2">
            <button
              type="button"
              className="btn-primary px-3 py-1.5 text-sm"
              onClick={onKeep}
              disabled={isOff}
              data-testid="passage-keep"
              autoFocus
            >
              {pageWord('passageKeep', lang)}
            </button>
            <button
              type="button"
              className="btn-secondary px-3 py-1.5 text-sm"
              onClick={onDiscard}
              disabled={isOff}
              data-testid="passage-discard"
            >
              {pageWord('passageDiscard', lang)}
            </button>
          </div>
        </BeforeAfter>
      )}
      {isDiscarded && (
        <p role="status" className="text-xs text-gray-600 dark:text-gray-400" data-testid="passage-discarded">
          {pageWord('passageDiscarded', lang, { cost: costText ?? '' })}
        </p>
      )}
    </>
  );
}

/**
 * The passage beside its new text (as it streams in, or as answered), both in the book's language; `children`
 * below them.
 */
function BeforeAfter({
  testId,
  before,
  after,
  afterTestId,
  afterClass,
  lang,
  bookLang,
  children,
}: {
  testId: string;
  before: string;
  after: string;
  afterTestId: string;
  afterClass: string;
  lang: Lang;
  bookLang: Lang | undefined;
  children?: ReactNode;
}) {
  return (
    <div className="grid gap-2 sm:grid-cols-2" data-testid={testId}>
      <div className="rounded border border-gray-200 p-2 dark:border-neutral-700">
        <p className="text-xs font-semibold">{pageWord('passageBefore', lang)}</p>
        <div lang={bookLang}>
          <Markdown text={before} />
        </div>
      </div>
      <div className={afterClass}>
        <p className="text-xs font-semibold">{pageWord('passageAfter', lang)}</p>
        <div lang={bookLang} data-testid={afterTestId}>
          <Markdown text={after} />
        </div>
      </div>
      {children}
    </div>
  );
}
