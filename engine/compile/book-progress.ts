// How far a book is: its planned steps, its parts written out of those planned, and the next step numbered
// among them ("Step 2 of 4: Generate the introduction"), as the API, the CLI and the studio's Writing Progress say.
import { word } from '../i18n.js';
import type { BookSpec, Lang } from '../spec/types.js';
import { hasOutlineStep, nextStep, stepsFor, type BookState } from './flow.js';
import { minChapters } from '../spec/conclusion.js';
import { isAuthoredPart } from './provenance.js';
import type { Step } from './step.js';

/** Progress as the spec shows it: current chapter out of the spec's denominator, and the numbered step (stepText). */
export function progress(
  spec: BookSpec,
  state: BookState,
): { current: number; total: number; ratio: number; stepText: string } {
  const d = spec.flow.progressDenominator;
  const total = d === 'total' ? state.totalChapters : d === 'total+2' ? state.totalChapters + 2 : d;
  const step = nextStep(spec, state);
  const current = step === null ? total : Math.min(state.currentChapter, total);
  const text = stepText(spec, stepsOfBook(spec, state), step, state.lang);
  return { current, total, ratio: total > 0 ? current / total : 0, stepText: text };
}

/** A book's planned steps: for its chapter count, or (before the count is known) the steps around the chapters. */
export function stepsOfBook(spec: BookSpec, state: BookState): Step[] {
  const plan =
    state.totalChapters > 0
      ? stepsFor(spec, state.totalChapters)
      : stepsFor(spec, minChapters(spec.flow)).filter((s) => s.kind !== 'chapter');
  // A book begun without an outline that will never have one (an imported manuscript with nothing to plan); an imported
  // book whose manuscript has no opening has no introduction to write or count (its empty one is the writer's, never
  // shown).
  const hasNoOpening = state.content.length > 0 && !state.content[0]!.trim() && isAuthoredPart(state, 0);
  return plan.filter(
    (s) => (s.kind !== 'outline' || hasOutlineStep(spec, state)) && !(s.kind === 'introduction' && hasNoOpening),
  );
}

/**
 * A book's parts (its introduction, chapters and conclusion, as stepsOfBook plans them) written and planned: one unit
 * for both counts, so "4 / 9 parts written" says how many of the parts the book shows are there. The studio's Writing
 * Progress and the CLI count with it.
 */
export function partsWritten(spec: BookSpec, state: BookState): { written: number; total: number } {
  const parts = stepsOfBook(spec, state).filter((s) => s.kind !== 'outline');
  const written = parts.filter((s) => 'position' in s && s.position < state.content.length).length;
  return { written, total: parts.length };
}

type StepLike = Pick<Step, 'kind'> & { position?: number };

/**
 * The next step numbered among the plan's, the chapters one step unless the flow names its sections
 * ("Step 2 of 4: Generate the introduction"); "Your book is complete." when none is left. The one count
 * the API's progress and the studio's Writing Progress show.
 */
export function stepText(spec: BookSpec, plan: readonly StepLike[], next: StepLike | null, lang: Lang): string {
  const folds = (s: StepLike) => s.kind === 'chapter' && !spec.flow.sections;
  const rowOf = (s: StepLike) => (folds(s) ? 'chapters' : `${s.kind}:${s.position ?? ''}`);
  const rows = plan.map(rowOf).filter((row, i, all) => i === 0 || all[i - 1] !== row);
  const at = next ? rows.indexOf(rowOf(next)) : -1;
  if (!next || at < 0) return word('bookComplete', lang);
  const action =
    next.kind === 'outline'
      ? 'actionOutline'
      : next.kind === 'introduction'
        ? 'actionIntroduction'
        : next.kind === 'conclusion'
          ? 'actionConclusion'
          : 'actionChapters';
  return word('stepOf', lang, { k: at + 1, n: rows.length, action: word(action, lang) });
}
