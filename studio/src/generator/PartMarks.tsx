// What a written part of the preview shows around its text (WrittenPart.tsx): its heading with how its text came to
// be and its words (and the fold button on a phone), and what the writer is warned of in it.
import { neighbourNote, type Lang } from '../engine.js';
import { WORDS_FMT, partWords, type PreviewPart } from './previewPart.js';
import { pageWord } from './words.js';

/** A warning's box. */
const WARNING = 'mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950/40 dark:text-amber-300';

/** A part's heading, how its text came to be, its words, and (on a phone) the button that folds its text. */
export function PartHeading({
  p,
  lang,
  bookLang,
  isFoldable,
  isFolded,
  onFold,
}: {
  p: PreviewPart;
  lang: Lang;
  bookLang: Lang | undefined;
  isFoldable: boolean;
  isFolded: boolean;
  onFold(): void;
}) {
  return (
    <div className="mb-2 flex items-baseline justify-between gap-3">
      <h3
        className="text-base font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        tabIndex={-1}
        data-part-heading
        lang={bookLang}
      >
        {p.heading}
      </h3>
      <span className="flex shrink-0 items-baseline gap-2">
        <ProvenanceLabel p={p} lang={lang} />
        <span className="text-xs text-gray-500 tabular-nums dark:text-gray-400" data-testid="part-words">
          {WORDS_FMT(partWords(p), lang)}
        </span>
        {isFoldable && (
          <button
            type="button"
            className="btn-ghost px-1.5 py-0.5 text-xs lg:hidden"
            aria-expanded={!isFolded}
            aria-controls={`${p.key}-text`}
            onClick={onFold}
            data-testid="part-fold"
          >
            {pageWord(isFolded ? 'showPartText' : 'hidePartText', lang)}
          </button>
        )}
      </span>
    </div>
  );
}

/**
 * What the writer is warned of in a part: it repeats the book, it has a neighbour language's words, it is cut short.
 */
export function PartWarnings({ p, lang }: { p: PreviewPart; lang: Lang }) {
  return (
    <>
      {p.repeated !== undefined && p.repeated >= 0.2 && (
        <p role="note" className={WARNING} data-testid="repeating-part">
          {pageWord('repeatingPart', lang, { share: Math.round(100 * p.repeated) })}
        </p>
      )}
      {p.neighbourWords && p.neighbourWords.words.length > 0 && (
        <p role="note" className={WARNING} data-testid="neighbour-words">
          {neighbourNote('studio', lang, p.neighbourWords)}
        </p>
      )}
      {p.isComplete === false && (
        <p role="note" className={WARNING} data-testid="incomplete-part">
          {pageWord('incompletePart', lang)}
        </p>
      )}
    </>
  );
}

/**
 * How a part's text came to be, when not simply the model's: the writer's own, rewritten by the AI, the AI's edited by
 * hand; and the passages the AI rewrote.
 */
function ProvenanceLabel({ p, lang }: { p: PreviewPart; lang: Lang }) {
  const origin = p.origin ?? (p.isAuthored ? 'author' : undefined);
  const word =
    origin === 'author'
      ? 'authoredPart'
      : origin === 'model-rewrite'
        ? 'rewrittenPart'
        : origin === 'hand'
          ? 'handPart'
          : undefined;
  if (!word && !p.passagesRewritten) return null;
  const passages = p.passagesRewritten ? pageWord('passagesPart', lang, { n: p.passagesRewritten }) : '';
  const label = [word ? pageWord(word, lang) : '', passages].filter(Boolean).join(' · ');
  return (
    <span
      className="rounded bg-brand-50 px-1.5 py-0.5 text-xs text-brand-700 dark:bg-brand-600/20 dark:text-brand-100"
      title={word ? pageWord(`${word}Title`, lang) : undefined}
      data-testid={origin === 'author' ? 'authored-part' : 'part-provenance'}
      data-origin={origin ?? 'model'}
    >
      {label}
    </span>
  );
}
