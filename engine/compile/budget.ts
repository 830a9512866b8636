// max_tokens of one step: what the step asks for (items × tokens per item, or words × tokens per word,
// as the spec's model.budget says) with headroom, never below the spec's token preset.
import type { Lang, ResolvedSpec, Settings } from '../spec/types.js';
import type { Step } from './flow.js';

/** Budgets are rounded up to a multiple of this, so they read as round numbers in logs and plans. */
const ROUND_TO = 50;

/** Steps whose budget follows the words they ask for (the outline: its entries, see outlineWords). */
const ASKS_FOR_WORDS: ReadonlySet<Step['kind']> = new Set([
  'outline',
  'introduction',
  'chapter',
  'conclusion',
  'single',
]);

/**
 * The words an outline of `chapters` entries runs to: the title, premise, characters and ending (about
 * 300 words) and up to 110 words an entry (the templates ask for 60 to 90; models run over). The outline's
 * budget grows with the chapter count, so a 40-chapter outline is not cut at chapter 25.
 */
export function outlineWords(chapters: number): number {
  return 300 + Math.max(1, chapters) * 110;
}

/**
 * The most max_tokens one request asks for: models cap their output (16,384 tokens for gpt-4o-mini) and
 * refuse a request that asks for more. An outline past it is completed by follow-up requests (engine/session).
 */
export const MAX_OUTPUT_TOKENS = 12_000;

/**
 * The max_tokens of one step. `words` is the word target the step's prompt asks for.
 * @example maxTokensOf({ spec: dadJokes, settings: { numberOfJokes: 20 }, lang: 'en', step: { kind: 'single' }, words:
 * 400 }) // 700
 */
export function maxTokensOf(input: {
  spec: ResolvedSpec;
  settings: Settings;
  lang: Lang;
  step: Step;
  words: number;
}): number {
  const { spec, settings, lang, step, words } = input;
  const floor = spec.model.tokens;
  const budget = spec.model.budget;
  if (!budget) return floor;
  let units: number;
  if (budget.itemsField !== undefined) units = Number(settings[budget.itemsField]);
  else if (budget.count !== undefined) units = budget.count;
  else units = ASKS_FOR_WORDS.has(step.kind) ? words : 0;
  if (!Number.isFinite(units) || units <= 0) return floor;
  const rate = budget.tokensPer[lang];
  // The spec is resolved with a rate for every language it offers (engine/spec/resolve-publish.ts): none is a bug.
  if (rate === undefined) throw new Error(`no tokens-per-word rate for "${lang}" in the budget of step ${step.kind}`);
  const wanted = units * rate * budget.headroom + budget.overhead;
  return Math.max(floor, Math.min(MAX_OUTPUT_TOKENS, Math.ceil(wanted / ROUND_TO) * ROUND_TO));
}

/**
 * The max_tokens of a follow-up that asks for `words` more of a part (the continuation of a cut answer, an
 * extension of a short one): its words at the language's tokens per word with the budget's headroom, without the
 * token preset's floor, which is a whole part's room: a model that writes past what it is asked is stopped near the
 * words the part still needs, not let run on for a part's length again. A budget not per word keeps maxTokensOf.
 */
export function followUpTokensOf(input: {
  spec: ResolvedSpec;
  settings: Settings;
  lang: Lang;
  step: Step;
  words: number;
}): number {
  const budget = input.spec.model.budget;
  if (
    !budget ||
    budget.itemsField !== undefined ||
    budget.count !== undefined ||
    !ASKS_FOR_WORDS.has(input.step.kind) ||
    !(input.words > 0)
  )
    return maxTokensOf(input);
  const rate = budget.tokensPer[input.lang];
  if (rate === undefined)
    throw new Error(`no tokens-per-word rate for "${input.lang}" in the budget of step ${input.step.kind}`);
  const wanted = input.words * rate * budget.headroom + budget.overhead;
  return Math.min(MAX_OUTPUT_TOKENS, Math.ceil(wanted / ROUND_TO) * ROUND_TO);
}
