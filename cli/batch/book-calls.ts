// A book's model calls in a batch (book-run.ts runs the book): each goes through the batch's shared queue and token
// window (BatchCalls), a step's (runOneStep) and the story bible's update after a part (rememberPart); the first
// fatal error (a bad key, a broken configuration) stops every book's further calls.
import {
  GenerationError,
  MEMORY_WORDS,
  renderPrompt,
  type BookSession,
  type Step,
  type StepResult,
} from '../../engine/index.js';
import { isBudgetStop, providerThrough, withBudget, type CallBudget } from '../../engine/index.js';
import { afterWaitingIo, type Provider } from '../../engine/node.js';
import type { BatchCalls, BookRun } from './book-run-types.js';
import { estimatePromptTokens, type TokenReservation } from './limits.js';

/** Codes after which no other call can succeed either: the batch stops calling. */
export const FATAL_CODES: ReadonlySet<string> = new Set(['auth_error', 'config_error', 'init_failed', 'init_error']);

export function asGenerationError(error: unknown): GenerationError {
  if (error instanceof GenerationError) return error;
  return new GenerationError('unexpected', { cause: error });
}

/** What a book's retried request is shown as: its step_retry event (the step it belongs to). */
export interface RetryShown {
  book: BookRun;
  label: string;
}

/**
 * The provider a book's calls go through in a batch: each call (a step's own, a continuation, an extension, an answer
 * asked again, a memory update) waits for a slot of the batch's shared queue (the book with more steps left first)
 * and holds it only while the call is out; the book's own work between its calls (the checks, the save, the next
 * prompt) holds none, so the calls in flight stay at the batch's concurrency while the books around them work.
 * `first` runs as the first call takes its slot. A call queued before an authentication error never goes out. A text
 * answer is kept by the session first, then read after the answers that came with it have freed their slots
 * (the session's `afterAnswer`: afterWaitingIo), as the queued workers'; a picture is read after them here.
 * Every request sent is counted in the batch's totals, with its answer's tokens: a step's answer asked again, continued
 * or extended, a memory update caught up inside a step, and each request the provider sent again after a failure
 * (counted as a retry too, and shown as the step's step_retry) cost the writer as much as its first answer.
 */
function slotted(
  run: BatchCalls,
  stepsLeft: number,
  first: () => void,
  shown: RetryShown,
  budget?: CallBudget,
): Provider {
  let isFirst = true;
  const take = <T>(call: () => Promise<T>): Promise<T> =>
    run.schedule(async () => {
      if (run.fatal) throw run.fatal;
      if (isFirst) {
        isFirst = false;
        first();
      }
      run.totals.calls++;
      try {
        return await call();
      } catch (error) {
        // Marked before p-queue hands this slot to the next call.
        if (error instanceof GenerationError && FATAL_CODES.has(error.code)) run.fatal ??= error;
        throw error;
      }
    }, stepsLeft);
  const text = async (asked: Parameters<Provider['generateText']>[0], send: Provider['generateText']) => {
    // The call's first request is counted as it takes its slot (a provider that says nothing of its requests sent one);
    // each further one as the provider sends it.
    let sent = 0;
    const request: typeof asked = {
      ...asked,
      onRequest: () => {
        if (++sent > 1) {
          run.totals.calls++;
          run.totals.retries++;
        }
        asked.onRequest?.();
      },
      onRetry: (notice) => {
        const { book, label } = shown;
        run.emit({
          type: 'step_retry',
          job: book.job.name,
          index: book.job.index,
          step: label,
          code: notice.code,
          ...(notice.status ? { status: notice.status } : {}),
          attempt: notice.attempt,
          waitSeconds: Number((notice.delayMs / 1000).toFixed(3)),
        });
        asked.onRetry?.(notice);
      },
    };
    const answer = await take(() => send(request));
    run.totals.tokens += answer.usage?.totalTokens ?? 0;
    return answer;
  };
  const provider = providerThrough(run.provider, {
    text,
    image: (request, send) => take(() => send(request)).then(afterWaitingIo),
  });
  // Counted in the book's budget before it waits for a slot: a call the budget refuses never takes one.
  return budget ? withBudget(provider, budget) : provider;
}

/**
 * One step: its calls (slotted) retried by the provider alone, never asked again here (a step the provider gave up
 * on fails its book; the next run of the batch takes it up again).
 */
export async function runOneStep(
  run: BatchCalls,
  book: BookRun,
  session: BookSession,
  step: Step,
  label: string,
  stepsLeft: number,
  onStart: () => void,
): Promise<StepResult & { budget: number }> {
  const { spec } = book.job;
  if (run.fatal) throw run.fatal;
  // The token budget needs the prompt rendered once more; only worth it when --tpm is limiting.
  let budget = 0;
  if (run.tokenWindow && step.kind !== 'image') {
    const prompt = renderPrompt({ spec, renderer: run.renderer, state: session.state, step });
    budget = estimatePromptTokens(prompt.system, prompt.user) + prompt.maxTokens;
  }
  let reservation: TokenReservation | undefined;
  try {
    if (run.tokenWindow && budget) reservation = await run.tokenWindow.acquire(budget, run.signal);
    // The step's own work (its prompt, the checks, the save) runs outside the batch's call slots; each of its calls
    // takes one (slotted). Counted and shown started as its first call goes out.
    const outcome = await session.advance({
      provider: slotted(
        run,
        stepsLeft,
        () => {
          reservation?.send();
          onStart();
        },
        { book, label },
        book.budget,
      ),
      // Each answer kept before it waits for its turn (engine/session/kept-answers.ts).
      afterAnswer: afterWaitingIo,
      ...(run.signal ? { signal: run.signal } : {}),
    });
    return { ...outcome, budget };
  } catch (error) {
    reservation?.release();
    throw run.signal?.aborted ? error : asGenerationError(error);
  }
}

/**
 * The book's memory update after a part: one more call, scheduled and rate-limited like a step. A
 * failure other than a fatal one is left for the next step to catch up on.
 */
export async function rememberPart(
  run: BatchCalls,
  session: BookSession,
  stepsLeft: number,
  shown: RetryShown,
  calls?: CallBudget,
): Promise<void> {
  if (!session.needsMemory || run.fatal) return;
  const last = session.state.content.at(-1) ?? '';
  const budget = run.tokenWindow ? estimatePromptTokens(session.state.memory ?? '', last) + MEMORY_WORDS * 3 : 0;
  let reservation: TokenReservation | undefined;
  try {
    if (run.tokenWindow) reservation = await run.tokenWindow.acquire(budget, run.signal);
    await session.remember({
      // Its calls and tokens are the writer's as much as a step's: counted as they are sent (slotted).
      provider: slotted(run, stepsLeft, () => reservation?.send(), shown, calls),
      afterAnswer: afterWaitingIo,
      ...(run.signal ? { signal: run.signal } : {}),
    });
  } catch (error) {
    reservation?.release();
    // The book's budget spent stops the book, whatever call it stopped at.
    if (run.signal?.aborted || isBudgetStop(error)) throw error;
    if (error instanceof GenerationError && FATAL_CODES.has(error.code)) {
      run.fatal ??= error;
      throw error;
    }
  }
}
