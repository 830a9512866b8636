// The Publish panel's parts (PublishPanel.tsx): the quote's status, the title and author fields, the paperback's
// trim, paper and AI disclosure (PaperbackChoices.tsx), an edition's dual-language choice, the cost and the button,
// and a failed publish kept on the page. Words in the studio language (the page's `lang`).
import { Loader2 } from 'lucide-react';
import type { Lang } from '../engine.js';
import type { PublishQuote } from '../engine.js';
import { ApiError } from '../lib/api.js';
import { panelWord, type PanelWord } from './panelWords.js';
import { formatNumber, shortName } from '../i18n/index.js';

/** A failed publish: the server's message (in the writer's language) and the next step. */
export interface Failure {
  message: string;
  next: PanelWord;
}

/**
 * A failed publish as the page keeps it (not a toast that goes): the server's message, or the studio's when the
 * connection failed, and what the writer does next, by what failed.
 */
export function failureOf(error: unknown, lang: Lang): Failure {
  if (!(error instanceof ApiError) || error.status === 0) {
    return { message: panelWord('publishFailed', lang), next: 'publishFailureNextOffline' };
  }
  const next: PanelWord =
    error.status === 402
      ? 'publishFailureNextCredits'
      : error.code === 'publish_running'
        ? 'publishFailureNextRunning'
        : 'publishFailureNext';
  return { message: error.message, next };
}

/** The failed publish kept on the page: what went wrong, what to do next, and a button to dismiss it. */
export function PublishFailure({ failure, lang, onDismiss }: { failure: Failure; lang: Lang; onDismiss: () => void }) {
  return (
    <div role="alert" className="error-box mt-4" data-testid="publish-failure">
      <p className="font-semibold">{panelWord('publishFailureTitle', lang)}</p>
      <p className="mt-1">{failure.message}</p>
      <p className="mt-1">{panelWord(failure.next, lang)}</p>
      <button
        type="button"
        className="btn-secondary mt-2 text-xs"
        onClick={onDismiss}
        data-testid="publish-failure-dismiss"
      >
        {panelWord('publishFailureDismiss', lang)}
      </button>
    </div>
  );
}

/** A text field of the form: its value, whether it is disabled, the page's language, and what it says when typed. */
interface FieldProps {
  id: string;
  value: string;
  isDisabled: boolean;
  lang: Lang;
  onChange: (value: string) => void;
}

/**
 * The name the book is published under: it starts with the one the book is kept under (the quote's), and a pen
 * name is written only when it is empty.
 */
export function AuthorField({ id, value, isDisabled, lang, onChange }: FieldProps) {
  return (
    <>
      <label htmlFor={id} className="label">
        {panelWord('publishAuthor', lang)}
      </label>
      <input
        id={id}
        className="input"
        value={value}
        maxLength={100}
        autoComplete="name"
        disabled={isDisabled}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-gray-500 dark:text-gray-400">
        {panelWord('publishAuthorHint', lang)}
      </p>
    </>
  );
}

/** The writer's own title for the package (blank: the book's own, else one chosen from its text). */
export function TitleField({ id, value, isDisabled, lang, onChange }: FieldProps) {
  return (
    <div className="mb-3">
      <label htmlFor={id} className="label">
        {panelWord('publishOwnTitle', lang)}
      </label>
      <input
        id={id}
        className="input"
        value={value}
        maxLength={200}
        disabled={isDisabled}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-gray-500 dark:text-gray-400">
        {panelWord('publishOwnTitleHint', lang)}
      </p>
    </div>
  );
}

/** What the package costs (and the credits, when they are short of it), and the button that makes it. */
export function PublishButton({
  cost,
  shortOf,
  isPublishing,
  isAgain,
  lang,
}: {
  cost: number;
  shortOf: number | null;
  isPublishing: boolean;
  isAgain: boolean;
  lang: Lang;
}) {
  return (
    <>
      <p className="mt-3 text-sm" data-testid="publish-cost">
        {panelWord('publishCost', lang, { n: cost })}
        {shortOf !== null && (
          <span className="ml-1 text-amber-700 dark:text-amber-400">
            {panelWord('publishShort', lang, { n: formatNumber(shortOf, lang) })}
          </span>
        )}
      </p>
      <button
        type="submit"
        className="btn-primary mt-3 w-full py-2.5"
        disabled={isPublishing}
        data-testid="publish-button"
      >
        {isPublishing ? (
          <>
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> {panelWord('publishing', lang)}
          </>
        ) : (
          panelWord(isAgain ? 'publishAgain' : 'publishButton', lang, { n: cost })
        )}
      </button>
    </>
  );
}

/** The dual-language choice of an edition: its source's language first, as the book prints them. */
export function BilingualChoice({
  id,
  edition,
  lang,
  isDisabled,
  isChecked,
  onChange,
}: {
  id: string;
  edition: NonNullable<PublishQuote['edition']>;
  lang: Lang;
  isDisabled: boolean;
  isChecked: boolean;
  onChange: (isChecked: boolean) => void;
}) {
  const names = { source: shortName(edition.source_lang, lang), edition: shortName(edition.lang, lang) };
  return (
    <div className="mt-4 flex items-start gap-2">
      <input
        id={`${id}-bilingual`}
        type="checkbox"
        className="mt-1"
        checked={isChecked}
        disabled={isDisabled}
        data-testid="publish-bilingual"
        aria-describedby={`${id}-bilingual-hint`}
        onChange={(e) => onChange(e.target.checked)}
      />
      <div>
        <label htmlFor={`${id}-bilingual`} className="text-sm font-medium">
          {panelWord('publishBilingual', lang, names)}
        </label>
        <p id={`${id}-bilingual-hint`} className="text-xs text-gray-500 dark:text-gray-400">
          {panelWord('publishBilingualHint', lang)}
        </p>
      </div>
    </div>
  );
}

/** The quote still loading or failed to load, and the packages made today against the daily limit. */
export function QuoteStatus({
  quote,
  hasLoadFailed,
  lang,
}: {
  quote: PublishQuote | null;
  hasLoadFailed: boolean;
  lang: Lang;
}) {
  return (
    <>
      {hasLoadFailed && !quote && (
        <p role="alert" className="error-box mt-4">
          {panelWord('publishLoadFailed', lang)}
        </p>
      )}
      {!quote && !hasLoadFailed && (
        <p role="status" className="mt-4 flex items-center gap-2 text-sm text-gray-600 dark:text-gray-400">
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> {panelWord('publishLoading', lang)}
        </p>
      )}
      {quote?.today && (
        <p className="mt-2 text-sm text-gray-600 dark:text-gray-400" data-testid="publish-today">
          {panelWord('publishToday', lang, { n: quote.today.packages, max: quote.today.per_day })}
        </p>
      )}
    </>
  );
}
