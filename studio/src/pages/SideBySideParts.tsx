// A part of /books/:id/side-by-side (SideBySide.tsx): its heading in both languages (the edition's editable), and each
// source paragraph beside its translation, marked out of date or untranslated (kept in the source's language).
import type { Lang, SideBySideResponse } from '../engine.js';
import { AlertTriangle } from 'lucide-react';
import { editionName, useT } from '../i18n/index.js';
import { EditionTitleField } from '../components/EditionTitleField.js';
import '../i18n/editions.js'; // the studio-editions words it shows load with it (i18n/shared.ts)

type Part = SideBySideResponse['parts'][number];

// The paragraphs' classes (a marked paragraph, one marked softly, the language tag, the marks' pills, the edition's
// text), each line of the file within 120 characters.
const MARKED = 'border-l-4 border-amber-500 bg-amber-50 dark:bg-amber-900/20';
const SOFT = 'border-l-4 border-dashed border-amber-300';
const TAG = 'text-[11px] font-semibold uppercase tracking-wide text-gray-600 md:hidden dark:text-gray-400';
const PILL_SHAPE = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium text-amber-900';
const PILL = `${PILL_SHAPE} bg-amber-100 dark:bg-amber-900/50 dark:text-amber-100`;
const SOFT_PILL = `${PILL_SHAPE} border border-amber-300 dark:text-amber-100`;
const EDITION_TEXT = 'text-gray-900 dark:text-gray-100';

/** One paragraph of a pair, tagged with its language; marked out of date, affected or untranslated. */
function Paragraph({
  text,
  lang,
  tag,
  isStale,
  isAffected,
  isUntranslated,
  isSource,
  missing,
}: {
  text: string | null;
  lang: Lang;
  tag: string;
  isStale?: boolean;
  isAffected?: boolean;
  isUntranslated?: boolean;
  isSource?: boolean;
  missing: string;
}) {
  const { t } = useT();
  const isMarked = isStale || isUntranslated;
  // A paragraph whose context changed is marked more softly than one whose own source did.
  const isSoft = !isMarked && isAffected;
  return (
    <div
      className={`rounded-lg px-3 py-2 ${isMarked ? MARKED : isSoft ? SOFT : ''}`}
      data-testid={
        isUntranslated
          ? 'untranslated-paragraph'
          : isStale
            ? 'stale-paragraph'
            : isSoft
              ? 'affected-paragraph'
              : undefined
      }
    >
      {(isMarked || isSoft || tag) && (
        <div className={`mb-1 flex flex-wrap items-center gap-2 ${isMarked || isSoft ? '' : 'md:hidden'}`}>
          <span className={TAG}>{tag}</span>
          {isStale && (
            <span className={PILL} title={t('edition.stale')}>
              <AlertTriangle className="h-3 w-3" aria-hidden="true" /> {t('edition.staleShort')}
              <span className="sr-only">: {t('edition.stale')}</span>
            </span>
          )}
          {isSoft && (
            <span className={SOFT_PILL} title={t('edition.affected')}>
              {t('edition.affectedShort')}
              <span className="sr-only">: {t('edition.affected')}</span>
            </span>
          )}
          {isUntranslated && (
            <span className={PILL} title={t('edition.untranslated')}>
              <AlertTriangle className="h-3 w-3" aria-hidden="true" /> {t('edition.untranslatedShort')}
              <span className="sr-only">: {t('edition.untranslated')}</span>
            </span>
          )}
        </div>
      )}
      {text === null ? (
        <p className="text-sm italic text-gray-600 dark:text-gray-400">{missing}</p>
      ) : (
        <p lang={lang} className={`leading-relaxed ${isSource ? 'text-gray-700 dark:text-gray-300' : EDITION_TEXT}`}>
          {text}
        </p>
      )}
    </div>
  );
}

/** A part: its heading in both languages (the edition's editable), then each paragraph beside its translation. */
export function PartPairs({
  part,
  source,
  edition,
  editionId,
  onTitle,
}: {
  part: Part;
  source: Lang;
  edition: Lang;
  editionId: number;
  onTitle: (position: number, title: string) => void;
}) {
  const { t, lang: ui } = useT();
  const headingId = `part-${part.position}`;
  const heading = part.title.edition ? `${part.label.edition}: ${part.title.edition}` : part.label.edition;
  const sourceHeading = part.title.source ? `${part.label.source}: ${part.title.source}` : part.label.source;
  return (
    <section aria-labelledby={headingId} className="card p-4 sm:p-5" data-testid="side-part">
      <div className="mb-3 grid gap-x-6 md:grid-cols-2">
        <p lang={source} className="text-sm font-medium text-gray-600 dark:text-gray-400">
          {sourceHeading}
        </p>
        <h2 id={headingId} lang={edition} className="text-lg font-semibold text-gray-900 dark:text-gray-100">
          {heading}
        </h2>
      </div>
      {part.title.edition !== null && (
        <div className="mb-3 max-w-xl md:ml-[calc(50%+0.75rem)]">
          <EditionTitleField
            editionId={editionId}
            title={part.title.edition}
            lang={edition}
            chapter={{ position: part.position, label: part.label.page }}
            onSaved={(title) => onTitle(part.position, title)}
          />
        </div>
      )}
      <ol className="divide-y divide-gray-100 dark:divide-neutral-800">
        {part.pairs.map((pair, i) => (
          <li key={i} className="grid gap-x-6 gap-y-1 py-3 md:grid-cols-2 md:py-2" data-testid="paragraph-pair">
            <Paragraph
              text={pair.source}
              lang={source}
              tag={editionName(source, ui)}
              isSource
              missing={t('edition.noSource')}
            />
            <Paragraph
              text={pair.edition}
              lang={pair.is_untranslated ? source : edition}
              tag={editionName(edition, ui)}
              isStale={pair.is_stale}
              isAffected={pair.is_affected}
              isUntranslated={pair.is_untranslated}
              missing={t('edition.notYet')}
            />
          </li>
        ))}
      </ol>
    </section>
  );
}
