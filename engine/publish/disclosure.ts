// KDP's AI-content disclosure derived from the book's provenance (engine/compile/provenance.ts): the share of the
// book's words the model wrote or rewrote gives the text's level (none, some sections, most, entirely), the
// cover's origin the images'; the writer may correct the text's level, and the correction is kept beside the
// derived one. The readiness list says how it was derived (disclosureOutcome).
import type { BookState } from '../compile/flow.js';
import { modelWordsOf, partProvenance } from '../compile/provenance.js';
import { countWords } from '../words.js';
import { DISCLOSURE_WORDS } from './disclosure-words.js';
import { languageName, sayer, type ReadinessText } from './readiness/text.js';
import type { Lang } from '../spec/types.js';

const say = sayer(DISCLOSURE_WORDS);

/** The text's level as KDP's form asks it: no AI text, some sections, most of it, the entire work. */
export type AiTextLevel = 'none' | 'some' | 'most' | 'entirely';
export const AI_TEXT_LEVELS: readonly AiTextLevel[] = ['none', 'some', 'most', 'entirely'];

/**
 * From this share of the book's words the model wrote (or rewrote), the text is `most`; below it (and above 0)
 * `some` ("some sections"); `none` is no word of the model's; `entirely` every word (a part the writer only
 * edited by hand is still the model's: KDP counts AI text as AI-generated "even if you applied substantial edits").
 */
export const MOST_SHARE = 0.5;

/** What the derivation counted: the book's words, the model's, and its parts and passages by origin. */
export interface TextDerivation {
  words: number;
  modelWords: number;
  /** Parts with text. */
  parts: number;
  /** Parts written by the model (a step), rewritten by it (whole), the model's edited by hand, and the writer's own. */
  modelParts: number;
  rewrittenParts: number;
  handParts: number;
  authorParts: number;
  /** Passages the model rewrote and the writer kept; runs of words it added to the writer's parts ("write more"). */
  passages: number;
  added: number;
}

/** The level of a share of AI words (0..1; see MOST_SHARE). */
export function aiTextLevel(modelWords: number, words: number): AiTextLevel {
  if (modelWords <= 0 || words <= 0) return 'none';
  if (modelWords >= words) return 'entirely';
  return modelWords / words >= MOST_SHARE ? 'most' : 'some';
}

/**
 * The share as kept in metadata.json (three decimals), never rounded across a level's edge (0 or 1 only for none and
 * entirely).
 */
export function aiTextShare(modelWords: number, words: number): number {
  if (words <= 0 || modelWords <= 0) return 0;
  if (modelWords >= words) return 1;
  return Math.min(0.999, Math.max(0.001, Math.round((1000 * modelWords) / words) / 1000));
}

/**
 * Count a book's words and parts by who wrote them (an empty part, such as an import's missing prologue, is neither's).
 */
export function textDerivationOf(state: Pick<BookState, 'content' | 'provenance'>): TextDerivation {
  const out: TextDerivation = {
    words: 0,
    modelWords: 0,
    parts: 0,
    modelParts: 0,
    rewrittenParts: 0,
    handParts: 0,
    authorParts: 0,
    passages: 0,
    added: 0,
  };
  state.content.forEach((text, i) => {
    if (!text.trim()) return;
    const record = partProvenance(state, i);
    out.parts += 1;
    out.words += countWords(text);
    out.modelWords += modelWordsOf(record, text);
    if (record.origin === 'model') out.modelParts += 1;
    else if (record.origin === 'model-rewrite') out.rewrittenParts += 1;
    else if (record.origin === 'hand') out.handParts += 1;
    else out.authorParts += 1;
    for (const p of record.passages ?? []) {
      if (p.origin === 'model-rewrite') out.passages += 1;
      else out.added += 1;
    }
  });
  return out;
}

/** The readiness text of a derivation: "38 % of words: 3 of 10 parts written by the model, 2 passages rewritten …". */
export function derivationText(d: TextDerivation, share: number): ReadinessText {
  const pieces: ReadinessText[] = [];
  if (d.modelParts) pieces.push(say('ai.parts-model', { n: d.modelParts, of: d.parts }));
  if (d.rewrittenParts) pieces.push(say('ai.parts-rewritten', { n: d.rewrittenParts, of: d.parts }));
  if (d.handParts) pieces.push(say('ai.parts-hand', { n: d.handParts, of: d.parts }));
  if (d.authorParts) pieces.push(say('ai.parts-author', { n: d.authorParts, of: d.parts }));
  if (d.passages) pieces.push(d.passages === 1 ? say('ai.passage') : say('ai.passages', { n: d.passages }));
  if (d.added) pieces.push(say('ai.added', { n: d.added }));
  return say('ai.derived', { percent: Math.round(100 * share), words: d.modelWords, total: d.words, pieces });
}

/** The disclosure's words for the readiness list: the text's level and how it was derived, the images, translation. */
export function disclosureOutcome(ai: AiContentDisclosureLike): {
  status: 'pass' | 'warn';
  detail: ReadinessText[];
  fix?: ReadinessText;
} {
  const derived = ai.corrected?.derived ?? ai.text;
  const summary = say('ai.summary', {
    text: say(`ai.text.${ai.text}`),
    derived: derivationText(ai.textDerivation, ai.textShare),
    images: say(`ai.images.${ai.images}`),
    translations:
      ai.translations === 'ai' && ai.translatedFrom
        ? say('ai.translated-from', { language: languageName(ai.translatedFrom) })
        : say('ai.translations'),
  });
  if (!ai.corrected) return { status: 'pass', detail: [summary] };
  const said = [
    summary,
    say('ai.corrected', { level: say(`ai.level.${ai.corrected.text}`), derived: say(`ai.level.${derived}`) }),
  ];
  // A correction down from what was counted is the writer's to make (their own text counted as the model's), but KDP's
  // rule is said.
  const isLower = AI_TEXT_LEVELS.indexOf(ai.corrected.text) < AI_TEXT_LEVELS.indexOf(derived);
  return isLower
    ? { status: 'warn', detail: said, fix: say('ai.corrected-fix', { derived: say(`ai.level.${derived}`) }) }
    : { status: 'pass', detail: said };
}

/** What disclosureOutcome reads of metadata.json's aiContent. */
export interface AiContentDisclosureLike {
  text: AiTextLevel;
  textShare: number;
  textDerivation: TextDerivation;
  corrected?: { text: AiTextLevel; derived: AiTextLevel };
  images: 'ai-generated' | 'none';
  translations?: 'none' | 'ai';
  translatedFrom?: Lang;
}
