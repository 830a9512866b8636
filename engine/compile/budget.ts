// max_tokens of one step: what the step asks for (items × tokens per item, or words × tokens per word,
// as the spec's model.budget says) with headroom, never below the spec's token preset.
import type { Lang, ResolvedSpec, Settings } from '../spec/types.js';
import type { Step } from './flow.js';

/** Budgets are rounded up to a multiple of this, so they read as round numbers in logs and plans. */
const ROUND_TO = 50;

/** Steps whose prompt asks for the word target; the outline asks for none and keeps the floor. */
const ASKS_FOR_WORDS: ReadonlySet<Step['kind']> = new Set(['introduction', 'chapter', 'conclusion', 'single']);

/**
 * The max_tokens of one step. `words` is the word target the step's prompt asks for.
 * @example maxTokensOf({ spec: dadJokes, settings: { numberOfJokes: 20 }, lang: 'en', step: { kind: 'single' }, words: 400 }) // 700
 */
export function maxTokensOf(input: { spec: ResolvedSpec; settings: Settings; lang: Lang; step: Step; words: number }): number {
  const { spec, settings, lang, step, words } = input;
  const floor = spec.model.tokens;
  const budget = spec.model.budget;
  if (!budget) return floor;
  let units: number;
  if (budget.itemsField !== undefined) units = Number(settings[budget.itemsField]);
  else if (budget.count !== undefined) units = budget.count;
  else units = ASKS_FOR_WORDS.has(step.kind) ? words : 0;
  if (!Number.isFinite(units) || units <= 0) return floor;
  const wanted = units * budget.tokensPer[lang] * budget.headroom + budget.overhead;
  return Math.max(floor, Math.ceil(wanted / ROUND_TO) * ROUND_TO);
}
