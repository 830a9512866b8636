// Beside a written part: what the continuity check found in it (⚠, what kind, the detail in the book's
// language and the part that established what it contradicts), each with "Rewrite with this note", which
// opens the part's Rewrite with the finding as its note; and, on a part written before an earlier part was
// rewritten, "Check against the rewritten Chapter 4". Nothing here changes the text.
import { useState } from 'react';
import { sortedBySeverity, type BookView, type Lang } from '../engine.js';
import { pageWord } from './words.js';

const SUMMARY_CLASS = [
  'cursor-pointer rounded text-sm font-semibold focus:outline-none focus-visible:ring-2',
  'focus-visible:ring-brand-500',
].join(' ');

export type ContinuityFinding = NonNullable<BookView['parts'][number]['continuity']>[number];

const NOTE = 'mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200';

export function ContinuityNotes({
  partKey,
  label,
  findings,
  checkAgainst,
  lang,
  bookLang,
  isDisabled,
  onUseNote,
}: {
  partKey: string;
  /** The part's heading ("Chapter 7: The Night Market"). */
  label: string;
  findings: readonly ContinuityFinding[];
  checkAgainst?: string;
  lang: Lang;
  bookLang?: Lang;
  isDisabled: boolean;
  /** Open the part's Rewrite with this note; absent: the part cannot be rewritten here. */
  onUseNote?: (note: string) => void;
}) {
  if (findings.length === 0 && !checkAgainst) return null;
  return (
    <div lang={lang} data-testid="continuity">
      {checkAgainst && (
        <p role="note" className={NOTE} data-testid="check-against">
          <span aria-hidden="true">⚠ </span>
          {pageWord('checkAgainst', lang, { part: checkAgainst })}
        </p>
      )}
      {findings.length > 0 && (
        <ul className="mt-2 space-y-2" aria-label={pageWord('continuityLabel', lang, { part: label })}>
          {findings.map((f, i) => {
            const id = `${partKey}-continuity-${i}`;
            return (
              <li
                key={id}
                className={`${NOTE} mt-0 flex flex-wrap items-start justify-between gap-2`}
                data-testid="continuity-finding"
                data-kind={f.kind}
              >
                <span id={id}>
                  <span aria-hidden="true">⚠ </span>
                  <span className="font-semibold">{pageWord(`continuity_${f.kind}`, lang)}:</span>{' '}
                  <span lang={bookLang}>{f.detail}</span>{' '}
                  <span>({pageWord('continuitySee', lang, { part: f.part })})</span>
                </span>
                {onUseNote && (
                  <button
                    type="button"
                    className="btn-secondary px-2 py-1 text-xs"
                    aria-describedby={id}
                    disabled={isDisabled}
                    onClick={() => onUseNote(f.detail)}
                    data-testid="continuity-rewrite"
                  >
                    {pageWord('continuityRewrite', lang)}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/**
 * The book's Continuity panel: every finding of every part, most serious first (what kind, which part, what the two
 * facts are), each
 * with "Go to" the part, "Rewrite with this note" (the part's Rewrite opens with it) and "Intended" (no longer
 * listed; kept with the book). Shown once a part has a finding, or one is marked intended.
 */
export function ContinuityPanel({
  parts,
  intended,
  lang,
  bookLang,
  isDisabled,
  onGoTo,
  onUseNote,
  onIntended,
}: {
  parts: ReadonlyArray<PanelPart>;
  /** How many findings the writer marked as intended. */
  intended: number;
  lang: Lang;
  bookLang?: Lang;
  isDisabled: boolean;
  onGoTo(partKey: string): void;
  onUseNote(partKey: string, note: string): void;
  onIntended?: (key: string) => Promise<string | null>;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // Most serious first across the book (a dead character speaking before a late promise), else in the book's order.
  const found = sortedBySeverity(
    parts.flatMap((p) =>
      (p.continuity ?? []).map((f, i) => ({ part: p, finding: f, kind: f.kind, id: `${p.key}-finding-${i}` })),
    ),
  );
  if (found.length === 0 && intended === 0) return null;
  const markIntended = async (key: string) => {
    if (!onIntended) return;
    setBusy(key);
    setError(await onIntended(key));
    setBusy(null);
  };
  return (
    <details
      id="continuity-panel"
      className="mb-4 scroll-mt-4 rounded-lg border border-amber-200 p-3 dark:border-amber-900"
      data-testid="continuity-panel"
      lang={lang}
      open={found.length > 0}
    >
      <summary className={SUMMARY_CLASS} tabIndex={0}>
        {pageWord('continuityPanel', lang, { n: found.length })}
      </summary>
      <p className="mt-2 text-xs text-gray-600 dark:text-gray-400">{pageWord('continuityPanelHint', lang)}</p>
      <ul className="mt-2 space-y-2">
        {found.map(({ part, finding, id }) => (
          <PanelFinding
            key={id}
            id={id}
            part={part}
            finding={finding}
            lang={lang}
            bookLang={bookLang}
            isDisabled={isDisabled}
            isBusy={busy !== null}
            onGoTo={onGoTo}
            onUseNote={onUseNote}
            {...(onIntended ? { onIntended: (key: string) => void markIntended(key) } : {})}
          />
        ))}
      </ul>
      {intended > 0 && (
        <p className="mt-2 text-xs text-gray-600 dark:text-gray-400" data-testid="panel-intended-count">
          {pageWord('continuityIntendedCount', lang, { n: intended })}
        </p>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </details>
  );
}

type PanelPart = { key: string; heading?: string; continuity?: readonly ContinuityFinding[]; canRewrite: boolean };

/** One finding of the panel: which part, what kind, the detail; Go to, Rewrite with this note, Intended. */
function PanelFinding({
  id,
  part,
  finding,
  lang,
  bookLang,
  isDisabled,
  isBusy,
  onGoTo,
  onUseNote,
  onIntended,
}: {
  id: string;
  part: PanelPart;
  finding: ContinuityFinding;
  lang: Lang;
  bookLang: Lang | undefined;
  isDisabled: boolean;
  isBusy: boolean;
  onGoTo(partKey: string): void;
  onUseNote(partKey: string, note: string): void;
  onIntended?: (key: string) => void;
}) {
  return (
    <li className={`${NOTE} mt-0`} data-testid="panel-finding" data-kind={finding.kind}>
      <p id={id}>
        <span className="font-semibold">{part.heading}</span> ·{' '}
        <span className="font-semibold">{pageWord(`continuity_${finding.kind}`, lang)}:</span>{' '}
        <span lang={bookLang}>{finding.detail}</span>{' '}
        <span>({pageWord('continuitySee', lang, { part: finding.part })})</span>
      </p>
      <div className="mt-1 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-ghost px-2 py-1 text-xs"
          onClick={() => onGoTo(part.key)}
          data-testid="panel-goto"
        >
          {pageWord('continuityGoTo', lang, { part: part.heading ?? '' })}
        </button>
        {part.canRewrite && (
          <button
            type="button"
            className="btn-secondary px-2 py-1 text-xs"
            aria-describedby={id}
            disabled={isDisabled}
            onClick={() => onUseNote(part.key, finding.detail)}
            data-testid="panel-rewrite"
          >
            {pageWord('continuityRewrite', lang)}
          </button>
        )}
        {onIntended && finding.key && (
          <button
            type="button"
            className="btn-secondary px-2 py-1 text-xs"
            aria-label={pageWord('continuityIntendedLabel', lang, {
              finding: `${part.heading ?? ''}: ${pageWord(`continuity_${finding.kind}`, lang)}`,
            })}
            disabled={isDisabled || isBusy}
            onClick={() => onIntended(finding.key!)}
            data-testid="panel-intended"
          >
            {pageWord('continuityIntended', lang)}
          </button>
        )}
      </div>
    </li>
  );
}
