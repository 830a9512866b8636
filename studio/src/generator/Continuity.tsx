// Beside a written part: what the continuity check found in it (⚠, what kind, the detail in the book's
// language and the part that established what it contradicts), each with "Rewrite with this note", which
// opens the part's Rewrite with the finding as its note; and, on a part written before an earlier part was
// rewritten, "Check against the rewritten Chapter 4". Nothing here changes the text.
import type { BookView, Lang } from '../engine.js';
import { pageWord } from './words.js';

export type ContinuityFinding = NonNullable<BookView['parts'][number]['continuity']>[number];

const NOTE = 'mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200';

export function ContinuityNotes({ partKey, label, findings, checkAgainst, lang, bookLang, isDisabled, onUseNote }: {
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
              <li key={id} className={`${NOTE} mt-0 flex flex-wrap items-start justify-between gap-2`} data-testid="continuity-finding" data-kind={f.kind}>
                <span id={id}>
                  <span aria-hidden="true">⚠ </span>
                  <span className="font-semibold">{pageWord(`continuity_${f.kind}`, lang)}:</span> <span lang={bookLang}>{f.detail}</span>{' '}
                  <span>({pageWord('continuitySee', lang, { part: f.part })})</span>
                </span>
                {onUseNote && (
                  <button type="button" className="btn-secondary px-2 py-1 text-xs" aria-describedby={id} disabled={isDisabled} onClick={() => onUseNote(f.detail)} data-testid="continuity-rewrite">
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
