// A command's budget of model calls (engine/budget.ts): --max-calls read, the plan and its bound said before
// anything is asked (stderr, in the writer's language; --json carries the same figures), the provider counted.
import {
  CallBudget,
  FAILED_ASKS_IN_A_ROW,
  catalogue,
  sayer,
  withBudget,
  type Lang,
  type Provider,
} from '../engine/index.js';
import { fail, info, wholeNumber } from './util.js';

const WORDS = catalogue('cli-budget', ['plan', 'plan_one', 'badMaxCalls']);
const say = sayer(WORDS);

/** --max-calls as a whole number from 1, undefined when not given; exit 2 naming it otherwise. */
export function maxCallsOrExit(value: string | undefined, lang: Lang): number | undefined {
  if (value === undefined) return undefined;
  const n = wholeNumber(value);
  if (n === undefined || n < 1) return fail(say('badMaxCalls', lang, { value }));
  return n;
}

/** The figures --json gives of a run's budget. */
export interface BudgetFigures {
  planned: number;
  bound: number;
  calls: number;
}

/** What a budget came to, for --json. */
export function budgetFigures(budget: CallBudget): BudgetFigures {
  return { planned: budget.planned, bound: budget.bound, calls: budget.calls };
}

/** The plan and its bound said on stderr, in the writer's language (a run says it before anything is asked). */
export function sayBudget(budget: CallBudget, lang: Lang): void {
  const key = new Intl.PluralRules(lang).select(budget.planned) === 'one' ? 'plan_one' : 'plan';
  info(`karya: ${say(key, lang, { planned: budget.planned, bound: budget.bound, asks: FAILED_ASKS_IN_A_ROW })}`);
}

/**
 * A run's budget for `planned` calls (--max-calls as its bound when given), said on stderr, and the provider whose
 * calls count in it.
 */
export function startBudget(
  provider: Provider,
  input: { planned: number; maxCalls?: number | undefined; lang: Lang },
): { budget: CallBudget; provider: Provider } {
  const budget = new CallBudget({ planned: input.planned, maxCalls: input.maxCalls });
  sayBudget(budget, input.lang);
  return { budget, provider: withBudget(provider, budget) };
}
