// A part's windows (part-run.ts PartRun): its paragraphs cut in windows of whole paragraphs that fit the model
// (windowsOf, at most MAX_WINDOW_WORDS), and one window (or a half of one) asked: its request with only its terms,
// the characters it names and its context (giving way when it does not fit), its answer judged and checked
// (checks.ts), counted in the run's budget.
import type { Lang } from '../../spec/types.js';
import type { TokenUsage } from '../../provider.js';
import { countWords } from '../../words.js';
import { GenerationError } from '../../errors.js';
import { budgetOf } from '../../budget.js';
import { askText, judgeAnswer } from '../answers/index.js';
import { checkWindow, paragraphsOf, withWordlessKept, type WindowProblem } from './checks.js';
import { inSourceBlock } from './paragraphs.js';
import { termsIn, type Glossary } from './glossary.js';
import { castIn, type WindowContext } from './context.js';
import { fitsWindow, windowRequest } from './prompt.js';
import type { TranslateInput } from './types.js';

/** The most source words one window carries, whatever the model's window (long answers drift and drop paragraphs). */
export const MAX_WINDOW_WORDS = 900;

/**
 * The windows of a part's paragraphs from `start`: whole paragraphs, as many as fit (at least one, else the window is
 * too small).
 */
export function windowsOf(
  paragraphs: readonly string[],
  start: number,
  fits: (from: number, end: number) => boolean,
): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let i = start;
  while (i < paragraphs.length) {
    let end = i + 1;
    if (!fits(i, end)) return [...out, [i, -1]];
    let words = countWords(paragraphs[i]!);
    while (end < paragraphs.length && words + countWords(paragraphs[end]!) <= MAX_WINDOW_WORDS && fits(i, end + 1))
      words += countWords(paragraphs[end++]!);
    out.push([i, end]);
    i = end;
  }
  return out;
}

/**
 * What a window is asked with: the run's input, the glossary that holds now, the source's language, the model's window.
 */
export interface WindowAsking {
  readonly input: TranslateInput;
  readonly glossary: Glossary;
  readonly from: Lang;
  /** The model's window in tokens (undefined: unknown, anything fits). */
  readonly window: number | undefined;
}

/** A window's request: only its terms, the characters it and its context name, and its context. */
export function builtRequest(
  w: WindowAsking,
  items: readonly string[],
  hasTitle: boolean,
  context: WindowContext | undefined,
  again: WindowProblem | undefined,
) {
  const { renderer, to } = w.input;
  const glossary = termsIn(w.glossary, items, w.from);
  const cast = castIn(w.glossary, items, context, w.from);
  return {
    request: windowRequest({
      renderer,
      from: w.from,
      to,
      glossary,
      cast,
      paragraphs: items,
      hasTitle,
      ...(context ? { context } : {}),
      ...(again ? { again } : {}),
    }),
    glossary,
  };
}

/**
 * The request as asked: the context gives way before the window's own paragraphs (its translation first) when a
 * translation ran longer than planned.
 */
function askedRequest(
  w: WindowAsking,
  items: readonly string[],
  hasTitle: boolean,
  context: WindowContext | undefined,
  again: WindowProblem | undefined,
) {
  const full = builtRequest(w, items, hasTitle, context, again);
  if (!context || fitsWindow(full.request, w.window)) return full;
  const bare = builtRequest(w, items, hasTitle, { source: context.source }, again);
  return fitsWindow(bare.request, w.window) ? bare : builtRequest(w, items, hasTitle, undefined, again);
}

/**
 * One ask of a window (or a half of one): its paragraphs (with the usage of the answer kept), or the problem of its
 * answer.
 */
export async function askWindow(
  w: WindowAsking,
  items: readonly string[],
  hasTitle: boolean,
  context: WindowContext | undefined,
  again: WindowProblem | undefined,
): Promise<{ answer: readonly string[]; usage: TokenUsage | undefined } | { problem: WindowProblem }> {
  const { provider, signal, to } = w.input;
  const { request, glossary } = askedRequest(w, items, hasTitle, context, again);
  let result;
  try {
    result = await askText(provider, { ...request, ...(signal ? { signal } : {}) }, undefined, { isJudgedLater: true });
  } catch (error) {
    // An empty answer (a model that dropped the window's one paragraph) is the answer's problem, not the provider's.
    if (error instanceof GenerationError && error.code === 'no_content' && !signal?.aborted) {
      // A paragraph given up (its second empty answer alone) is a failed ask in the run's budget, as any other
      // problem.
      if (again && items.length === 1) budgetOf(provider)?.failed('translate_empty');
      return { problem: { code: 'translate_empty' } };
    }
    throw error;
  }
  const glossaryLines = glossary.map((e) => `${e.term} ${e.rendering}`);
  const verdict = result.text
    ? judgeAnswer(result.text, request, { kind: 'prose', material: () => [...items, ...glossaryLines] })
    : { text: '' };
  const answer = paragraphsOf(verdict.text);
  const problem =
    'outcome' in verdict && verdict.outcome
      ? { code: 'translate_not_text' as const, outcome: verdict.outcome }
      : checkWindow({ source: items, answer, glossary, from: w.from, to, hasTitle });
  // The ladder climbs down inside the run's budget (engine/budget.ts): a paragraph given up (asked alone, and again
  // with its problem named) is a failed ask, a window or a half kept is a kept one. The halves between are the same
  // ask narrowed: one paragraph a model cannot translate is marked and the edition goes on, while a model that fails
  // everything ends it once a few paragraphs in a row are given up (the halving down to each costs a few calls).
  const budget = budgetOf(provider);
  if (problem) {
    if (again && items.length === 1) budget?.failed(problem.code, 'outcome' in problem ? problem.outcome : undefined);
    return { problem };
  }
  budget?.kept();
  // Each paragraph in its source's block: a block quote stays one however the model wrote it.
  return { answer: withWordlessKept(items, answer).map((a, k) => inSourceBlock(items[k]!, a)), usage: result.usage };
}
