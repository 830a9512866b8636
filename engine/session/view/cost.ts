// What a book costs before a credit is spent: every step of its plan (outline, introduction, chapters or
// sections, conclusion) at the generator's cost per step, which is exactly what the server charges for
// each step (server/routes/generators.ts charges `spec.cost` once per step). The studio shows it on the
// form and on each button; tests/server/book-cost.test.ts runs a whole book and compares the ledger.
import type { BookSpec } from '../../spec/types.js';
import { stepsFor, type BookState } from '../../compile/flow.js';
import { minChapters } from '../../spec/conclusion.js';

/** Credits of one step, of the whole book, and of the steps not written yet. */
export interface BookCost {
  readonly step: number;
  readonly total: number;
  readonly remaining: number;
}

/**
 * The cost of the book `state` is (or would be): its planned steps times the cost per step.
 * @example bookCost(romance, startBook({ spec: romance, settings })) // { step: 1, total: 15, remaining: 15 } for 12
 * chapters
 */
export function bookCost(spec: BookSpec, state: Pick<BookState, 'totalChapters' | 'outline' | 'content'>): BookCost {
  // A chapter count the flow cannot reach (the form shows its error) counts the steps around the chapters.
  const steps =
    spec.kind === 'book' && state.totalChapters <= 0
      ? stepsFor(spec, minChapters(spec.flow)).filter((s) => s.kind !== 'chapter').length
      : stepsFor(spec, state.totalChapters).length;
  const done =
    spec.kind === 'book'
      ? (state.outline !== undefined ? 1 : 0) + state.content.length
      : Math.min(1, state.content.length);
  return { step: spec.cost, total: steps * spec.cost, remaining: Math.max(0, steps - done) * spec.cost };
}
