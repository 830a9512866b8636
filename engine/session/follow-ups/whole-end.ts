// End on a whole sentence: a part whose answer stopped at the token limit is kept only up to a whole sentence's
// end, never "…and then she". With a target, what ran past it is cut at the last sentence end within it (or, when
// that one falls short of the part's length band, the first end just past the target), so a model that always
// writes past its limit gives parts of the length asked. The sentence ends are the language's
// (voice/text.ts wholeEnds: its segmentation and abbreviations, from languages/<code>/).
import { countWords } from '../../provider.js';
import type { Lang } from '../../spec/types.js';
import { splitCharacterDetails } from '../../compile/flow.js';
import { SHORT_RATIO } from '../reading/index.js';
import { wholeEnds } from '../voice/index.js';
import type { Draft, FollowUpContext } from './answer.js';

/**
 * The words a follow-up asks for when a part still lacks `left`: rounded to ten, at least 50 (a model writes a few
 * sentences at least).
 */
export function wordsNeededOf(left: number): number {
  return Math.max(50, Math.round(left / 10) * 10);
}

/** How far past its target a part cut to length may end (the first sentence end past it), the mirror of SHORT_RATIO. */
export const OVER_RATIO = 2 - SHORT_RATIO;

/**
 * `text` cut at a whole sentence end: with `target` words, the last end within the target (or, when that leaves
 * it under SHORT_RATIO of it, the first end up to OVER_RATIO of it); without, the last end. A text with no sentence
 * end anywhere (one long sentence, a list of fragments) is kept as it is, and not `isWhole`.
 */
export function cutToWholeEnd(text: string, lang: Lang, target = 0): { text: string; isWhole: boolean } {
  const ends = wholeEnds(text, lang);
  if (!ends.length) return { text, isWhole: false };
  let at = ends[ends.length - 1]!;
  if (target > 0) {
    let words = 0;
    let from = 0;
    let within: { end: number; words: number } | undefined;
    let past: number | undefined;
    for (const end of ends) {
      words += countWords(text.slice(from, end));
      from = end;
      if (words <= target) within = { end, words };
      else {
        if (words <= OVER_RATIO * target) past = end;
        break;
      }
    }
    if (within && (within.words >= SHORT_RATIO * target || past === undefined)) at = within.end;
    else if (past !== undefined) at = past;
    // Not one sentence end within OVER_RATIO of the target: the first end, past it.
    else at = ends[0]!;
  }
  return { text: text.slice(0, at), isWhole: true };
}

/** True when `text` ends on a whole sentence (or a paragraph) as its language reads it. */
export function endsWhole(text: string, lang: Lang): boolean {
  const trimmed = text.trimEnd();
  return wholeEnds(trimmed, lang).at(-1) === trimmed.length;
}

/**
 * The policy: a step whose kept answers stopped at the token limit (`isCut`) keeps its text up to a whole sentence,
 * cut to its `target` words when it has one (an introduction's character list stays after its prose). Cut so, it no
 * longer ends mid-sentence: it is complete (a part still short of its target is marked short by its measures); one
 * with no sentence end to cut at keeps its mark. A draft whose last answer ended on its own (a continuation that
 * finished the part) keeps its end, unless it ran past OVER_RATIO of its target.
 */
export function endWhole(
  ctx: Pick<FollowUpContext, 'spec' | 'step' | 'state'>,
  draft: Draft,
  target: number,
): Draft & { isCutWhole: boolean } {
  const split =
    ctx.step.kind === 'introduction' && ctx.spec.flow.characterDetails ? splitCharacterDetails(draft.text) : undefined;
  const prose = split ? [split.before, split.after].filter(Boolean).join('\n\n') : draft.text;
  if (draft.isComplete && !(target > 0 && countWords(prose) > OVER_RATIO * target))
    return { ...draft, isCutWhole: false };
  const cut = cutToWholeEnd(prose, ctx.state.lang, target);
  const kept = cut.text.trimEnd();
  const text = split ? `${kept}\n\n${split.block}` : kept;
  return { text, isComplete: draft.isComplete || cut.isWhole, isCutWhole: text !== draft.text };
}
