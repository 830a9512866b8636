// A finished book's two figures a batch reports (its continuity, its short and repeating parts), counted as its view
// counts them (view.ts uses the same measures), apart from the view: a batch's book-end thread loads only these
// modules, not the view's prompts, Handlebars and zod.
import type { BookSpec, ResolvedSpec } from '../../spec/types.js';
import { nextStep, type BookState } from '../../compile/flow.js';
import { wordTargetOf } from '../../compile/book-outline.js';
import { isAuthoredPart } from '../../compile/provenance.js';
import { partText } from '../edits/light.js';
import { repeatedShares, SHORT_RATIO } from '../reading/index.js';
import { bookThreads, openContinuityFindings } from '../continuity/light.js';
import { partWords } from '../book.js';

/**
 * A book's continuity as its view shows it, in two figures (what a batch reports when a book is done): how
 * many findings its parts have and the promises open past their due part. Computed alone, it costs a batch
 * nothing of the rest of the view (every part's repeats, voice and overused phrases).
 * @example bookContinuity(spec, state) // { findings: 2, overdueThreads: ['the locket'] }
 */
export function bookContinuity(spec: BookSpec, state: BookState): { findings: number; overdueThreads: string[] } {
  if (spec.kind !== 'book') return { findings: 0, overdueThreads: [] };
  const isFinished = nextStep(spec, state) === null;
  const findings = openContinuityFindings(spec, state, isFinished).findings.reduce((n, f) => n + f.length, 0);
  const overdueThreads = state.memory
    ? bookThreads(spec, state, isFinished)
        .filter((t) => t.is_overdue)
        .map((t) => t.thread)
    : [];
  return { findings, overdueThreads };
}

/**
 * How many of a book's measured parts are short of the words asked for and how many repeat the book at least
 * `repeats` (the view's is_short and repeated, counted alone: what a batch reports when a book is done).
 * @example bookMarks(spec, state, REPEATS_RATIO) // { shortParts: 0, repeatingParts: 1 }
 */
export function bookMarks(
  spec: BookSpec,
  state: BookState,
  repeats: number,
): { shortParts: number; repeatingParts: number } {
  const { target, prose } = measuredOf(spec, state);
  const repeated = target > 0 ? repeatedShares(prose) : [];
  let shortParts = 0;
  let repeatingParts = 0;
  state.content.forEach((_, i) => {
    if (!isMeasuredPart(state, i, target)) return;
    if (isShortPart(state, i, target)) shortParts++;
    if (repeated[i]! >= repeats) repeatingParts++;
  });
  return { shortParts, repeatingParts };
}

/**
 * The words a book's prose parts are asked for (0: none; the studio's own spec shape has no prompts) and each
 * part's text as the writer sees, selects and edits it (the introduction without the blocks the book keeps out of it).
 */
export function measuredOf(spec: BookSpec, state: BookState): { target: number; prose: string[] } {
  const target =
    spec.kind === 'book' && 'wordTarget' in spec.prompts ? wordTargetOf(spec as ResolvedSpec, state.settings) : 0;
  return { target, prose: state.content.map((_, i) => partText(spec, state, i)) };
}

/** A part measured against what the model was asked for: a part the writer brought (an import) is theirs as it is. */
export const isMeasuredPart = (state: BookState, i: number, target: number) => target > 0 && !isAuthoredPart(state, i);
/** A prose part under SHORT_RATIO of the words asked for: the studio offers "write more". */
export const isShortPart = (state: BookState, i: number, target: number, words = partWords(state, i)) =>
  words < SHORT_RATIO * target;
