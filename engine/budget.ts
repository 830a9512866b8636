// A run's budget of model calls, the same rule for every run (generate, a batch's book, import, translate, a passage, a
// server step or edition): it knows the calls the run plans, counts every request sent (each retry of the provider's
// own included), and stops the run when FAILED_ASKS_IN_A_ROW asks in a row fail or when its calls reach a bound
// proportional to its plan, whichever first. A writer pays for every call: a model that fails whatever it is asked
// must end a run after a few asks, never after thousands.
import { GenerationError } from './errors.js';
import {
  countedIn,
  counterOf,
  providerThrough,
  type Provider,
  type RetryNotice,
  type TextRequest,
} from './provider.js';

/**
 * Asks in a row that may fail before the run stops (an answer asked again once, then a window cut in halves, fits
 * within it).
 */
export const FAILED_ASKS_IN_A_ROW = 4;
/**
 * The default bound: this many calls for each call planned, and SPARE_CALLS more (answers asked again, continued or
 * extended).
 */
export const CALLS_PER_PLANNED = 3;
export const SPARE_CALLS = 8;

/**
 * The failure a model kept giving, as the stop names it (each has its words in the catalogue: budget_failure_<kind>).
 */
export type BudgetFailure =
  | 'refused'
  | 'wrong_language'
  | 'too_short'
  | 'rate_limited'
  | 'server_error'
  | 'empty'
  | 'not_text'
  | 'network'
  | 'timeout'
  | 'other';

const FAILURE_OF_CODE: Readonly<Record<string, BudgetFailure>> = {
  refused: 'refused',
  filtered: 'refused',
  echoed: 'not_text',
  reasoning_only: 'not_text',
  not_text: 'not_text',
  assistant_talk: 'not_text',
  copied: 'not_text',
  wrong_language: 'wrong_language',
  translate_language: 'wrong_language',
  translate_untranslated: 'wrong_language',
  too_short: 'too_short',
  translate_length: 'too_short',
  translate_paragraphs: 'not_text',
  translate_talk: 'not_text',
  translate_glossary: 'not_text',
  rate_limited: 'rate_limited',
  service_unavailable: 'server_error',
  server_error: 'server_error',
  no_content: 'empty',
  translate_empty: 'empty',
  max_retries: 'network',
  generation_failed: 'network',
  timeout: 'timeout',
};

/**
 * The failure an ask's code names: an answer check's outcome, a translation window's problem, or a provider's failure.
 * @example budgetFailureOf('translate_not_text', 'refused') // 'refused'
 */
export function budgetFailureOf(code: string, outcome?: string): BudgetFailure {
  return (outcome !== undefined ? FAILURE_OF_CODE[outcome] : undefined) ?? FAILURE_OF_CODE[code] ?? 'other';
}

/** The default bound on a run's calls for `planned` calls: CALLS_PER_PLANNED of each, and SPARE_CALLS. */
export function defaultCallBound(planned: number): number {
  return CALLS_PER_PLANNED * Math.max(1, Math.ceil(planned)) + SPARE_CALLS;
}

/**
 * A provider's failures that are an answer not being text: the caller asks again and counts the ask (answers/ask.ts
 * askText).
 */
const ANSWER_CODES: ReadonlySet<string> = new Set(['reasoning_only', 'not_text', 'filtered', 'no_content']);

/** The codes a budget stops a run with: never retried, never taken for a model's own failure. */
export const BUDGET_CODES: ReadonlySet<string> = new Set(['run_failing', 'run_over_budget']);

/** True for the budget's stop (a run that must end now, whatever its caller would do with a failed call). */
export function isBudgetStop(error: unknown): error is GenerationError {
  return error instanceof GenerationError && BUDGET_CODES.has(error.code);
}

/** One run's calls: planned, sent, and the asks that failed in a row. */
export class CallBudget {
  private plannedCalls = 1;
  private boundCalls = 0;
  private sent = 0;
  private inARow = 0;
  private last: BudgetFailure | undefined;
  private readonly maxCalls: number | undefined;

  /** `maxCalls`, the writer's own bound (--max-calls, max_calls), stands instead of the default. */
  constructor(opts: { planned: number; maxCalls?: number | undefined }) {
    this.maxCalls = opts.maxCalls !== undefined && opts.maxCalls > 0 ? Math.floor(opts.maxCalls) : undefined;
    this.plan(opts.planned);
  }

  /** The calls planned, once the run knows them (a book opened: the steps it has left); the default bound follows. */
  plan(planned: number): void {
    this.plannedCalls = Math.max(1, Math.ceil(planned));
    this.boundCalls = this.maxCalls ?? defaultCallBound(this.plannedCalls);
  }

  get planned(): number {
    return this.plannedCalls;
  }

  /** The most calls the run may make. */
  get bound(): number {
    return this.boundCalls;
  }

  /** Requests sent so far (retries included). */
  get calls(): number {
    return this.sent;
  }

  /** A request about to be sent (a first try or a retry): refused with run_over_budget once the bound is reached. */
  willSend(): void {
    if (this.sent >= this.bound)
      throw new GenerationError('run_over_budget', {
        params: { calls: String(this.sent), bound: String(this.bound), planned: String(this.planned) },
      });
    this.sent++;
  }

  /** An ask kept: the failures in a row start again. */
  kept(): void {
    this.inARow = 0;
  }

  /**
   * An ask that failed (its code, and for a window's answer that was not text the check's outcome): the run stops with
   * run_failing, naming the failure, once FAILED_ASKS_IN_A_ROW asks in a row have failed.
   */
  failed(code: string, outcome?: string): void {
    this.inARow++;
    this.last = budgetFailureOf(code, outcome);
    if (this.inARow >= FAILED_ASKS_IN_A_ROW) throw this.stop();
  }

  private stop(): GenerationError {
    return new GenerationError('run_failing', {
      params: { failure: this.last ?? 'other', asks: String(this.inARow), calls: String(this.sent) },
    });
  }
}

/** The budget a provider's calls are counted in (withBudget, or a providerThrough over one), if any. */
export function budgetOf(provider: Provider): CallBudget | undefined {
  const counter = counterOf(provider);
  return counter instanceof CallBudget ? counter : undefined;
}

/**
 * `provider` with its text calls counted in `budget`: each request sent (a provider's retry included, told by its
 * retry notice) passes willSend, and a call that fails once the provider has given up is a failed ask.
 * @example const provider = withBudget(cliProvider(), new CallBudget({ planned: 13 }));
 */
export function withBudget(provider: Provider, budget: CallBudget): Provider {
  const wrapped = providerThrough(provider, {
    text: async (request: TextRequest, send) => {
      budget.willSend();
      const onRetry = (notice: RetryNotice) => {
        budget.willSend();
        request.onRetry?.(notice);
      };
      try {
        return await send({ ...request, onRetry });
      } catch (error) {
        const code = error instanceof GenerationError ? error.code : 'other';
        if (!isBudgetStop(error) && !ANSWER_CODES.has(code) && !request.signal?.aborted) budget.failed(code);
        throw error;
      }
    },
  });
  return countedIn(wrapped, budget);
}
