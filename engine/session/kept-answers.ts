// A paid answer is durable before anything else is done with it. Between the moment a model's answer arrives and
// the moment its step is saved, a step does its own work (the checks, a continuation of a cut answer, an extension,
// an answer asked again, the audit) and waits (for the batch's slot, the event loop's turn, a 429's back-off); a
// process killed meanwhile used to lose every answer of the step, and the next run paid for them again. Each answer
// is kept through the store the moment it arrives, under its book and scope (the step, or the bible update of a
// part); the same request asked again in that scope, by the next run or by a retry of the step in this one, is given
// the kept answer back (judged again like any answer: it goes through askText as before) instead of being sent.
// The scope's answers are dropped once it is saved (by the save itself, in its transaction: StepSave and MemorySave
// keptScope), or once it failed for good (asked again by the writer, a refused step is asked anew); a step cut off by
// an interrupt or a failure that a retry may cure keeps them.
import { providerThrough, type Provider, type TextRequest, type TextResult } from '../provider.js';
import { shouldRetry } from '../retry.js';
import { GenerationError } from '../errors.js';
import { textHash } from '../text-hash.js';
import type { KeptAnswer, ProgressStore } from './ports.js';

/** The scope of a step's answers (its key: engine/compile/step.ts). */
export const stepScope = (stepKey: string): string => `step:${stepKey}`;
/** The scope of the bible update that takes in the part at `position`. */
export const memoryScope = (position: number): string => `memory:${position}`;

/**
 * What identifies a request: everything the model is sent (the prompts, the answer's bound, the sampling), by its
 * length and its text hash (engine/text-hash.ts), so that a kept answer is found without keeping its prompt twice.
 */
export function requestIdentity(request: TextRequest): string {
  const text = JSON.stringify([
    request.system,
    request.user,
    request.maxTokens,
    request.temperature,
    request.presencePenalty,
    request.frequencyPenalty,
    request.meta?.stepKind ?? '',
  ]);
  return `${text.length.toString(36)}-${textHash(text)}`;
}

/** What of an answer is kept: the provider's result as it came (JSON-safe). */
function keptResult(answer: TextResult): TextResult {
  const { text, usage, finishReason, isBroken, isTimedOut, model, config } = answer;
  return {
    text,
    model,
    ...(usage ? { usage } : {}),
    ...(finishReason ? { finishReason } : {}),
    ...(isBroken ? { isBroken } : {}),
    ...(isTimedOut ? { isTimedOut } : {}),
    ...(config ? { config } : {}),
  };
}

/**
 * `provider` for one attempt at `scope` of a book whose store keeps answers (`kept`), else `provider` with each
 * answer passed through `afterAnswer` (when given).
 */
export function answering(
  kept: KeptAnswers | null,
  provider: Provider,
  scope: string,
  afterAnswer?: (answer: TextResult) => Promise<TextResult>,
): Provider {
  if (kept) return kept.through(provider, scope, afterAnswer);
  return afterAnswer
    ? providerThrough(provider, { text: async (request, send) => afterAnswer(await send(request)) })
    : provider;
}

/**
 * One attempt at `scope` with its answers kept (`answering`): dropped once `attempt` has saved what it did (unless
 * `isSaved` is false: a piece whose file is its progress, dropped once it is out), and on a failure kept or dropped
 * as KeptAnswers.failed says. `attempt` is given `keptScope`, what its save's keptScope is (asked as the save is
 * built, once the answers are in): the store drops them with the save, at its commit, and only an attempt that never
 * asked has them dropped after it, on their own.
 */
export async function withKeptAnswers<T>(
  kept: KeptAnswers | null,
  scope: string,
  opts: {
    provider: Provider;
    afterAnswer?: (answer: TextResult) => Promise<TextResult>;
    signal?: AbortSignal;
    isSaved?: boolean;
  },
  attempt: (provider: Provider, keptScope: () => string | undefined) => Promise<T>,
): Promise<T> {
  let isGivenToSave = false;
  const keptScope = () => {
    if (!kept || opts.isSaved === false || !kept.holds(scope)) return undefined;
    isGivenToSave = true;
    return scope;
  };
  try {
    const result = await attempt(answering(kept, opts.provider, scope, opts.afterAnswer), keptScope);
    if (opts.isSaved !== false) await (isGivenToSave ? kept?.saved(scope) : kept?.drop(scope));
    return result;
  } catch (error) {
    await kept?.failed(scope, error, opts.signal?.aborted === true);
    throw error;
  }
}

/** A book's kept answers: read once when its session opens, then written through as answers arrive. */
export class KeptAnswers {
  private constructor(
    private readonly store: ProgressStore,
    private readonly key: string,
    private kept: KeptAnswer[],
  ) {}

  /** The answers kept under the key, or null when the store keeps none. */
  static async open(store: ProgressStore, key: string): Promise<KeptAnswers | null> {
    if (!store.keepAnswer || !store.keptAnswers || !store.dropAnswers) return null;
    return new KeptAnswers(store, key, await store.keptAnswers(key));
  }

  /**
   * `provider` for one attempt at `scope`: the n-th time a request is asked in the attempt, the n-th answer kept
   * for it in the scope is given back (its text as one delta to a streaming caller), and only a request with no
   * answer left is sent; its answer is kept before it is handed on (through `afterAnswer`, when given). An offline
   * provider's answers cost nothing: none is kept.
   */
  through(provider: Provider, scope: string, afterAnswer?: (answer: TextResult) => Promise<TextResult>): Provider {
    const asked = new Map<string, number>();
    return providerThrough(provider, {
      text: async (request, send) => {
        if (provider.isOffline) return send(request);
        const id = requestIdentity(request);
        const n = asked.get(id) ?? 0;
        asked.set(id, n + 1);
        const earlier = this.kept.filter((k) => k.scope === scope && k.request === id)[n];
        if (earlier) {
          // An answer of nothing is given back as the failure it was.
          if (!earlier.answer.text) throw new GenerationError('no_content');
          request.onDelta?.(earlier.answer.text);
          return earlier.answer;
        }
        const keep = async (answer: TextResult) => {
          const kept: KeptAnswer = { scope, request: id, answer: keptResult(answer) };
          this.kept.push(kept);
          // Not kept (the store failed): the answer is used all the same; only a kill before its step is saved loses
          // it.
          await this.store.keepAnswer!(this.key, kept).catch(() => undefined);
        };
        let answer: TextResult;
        try {
          answer = await send(request);
        } catch (error) {
          // A server's answer with no text (engine/providers/openai.ts) was answered and paid for all the same: kept as
          // nothing, so that the next attempt goes on from it (asked again with its problem named) instead of asking it
          // twice.
          if (error instanceof GenerationError && error.code === 'no_content' && !request.signal?.aborted)
            await keep({ text: '', model: '' });
          throw error;
        }
        await keep(answer);
        return afterAnswer ? afterAnswer(answer) : answer;
      },
    });
  }

  /** Whether answers are kept for `scope`. */
  holds(scope: string): boolean {
    return this.kept.some((k) => k.scope === scope);
  }

  /** The scope's save dropped its answers from the store (its keptScope): they are not given again. */
  saved(scope: string): void {
    this.forget(scope);
  }

  /**
   * The scope is done with apart from a save (or every scope, `undefined`: the book starts afresh, or a piece is out):
   * its answers are dropped from the store, and not given again.
   */
  async drop(scope?: string): Promise<void> {
    if (!this.forget(scope)) return;
    // Left in the store (it failed): read back by the next session, and given back only to the very same request in
    // the same scope (requestIdentity); a book started afresh drops them all.
    await this.store.dropAnswers!(this.key, scope).catch(() => undefined);
  }

  /** Take the scope's answers (every scope's: `undefined`) out of those given back; false when there were none. */
  private forget(scope?: string): boolean {
    const isDropped = (k: KeptAnswer) => scope === undefined || k.scope === scope;
    if (!this.kept.some(isDropped)) return false;
    this.kept = this.kept.filter((k) => !isDropped(k));
    return true;
  }

  /**
   * The scope's attempt failed: its answers are kept for the next one when it was interrupted (`isAborted`) or failed
   * in a way a retry may cure (a 429, the network), and dropped when it failed for good (a refusal, an answer of the
   * wrong kind): a writer who asks again is asked anew, not given the refusals back.
   */
  async failed(scope: string, error: unknown, isAborted: boolean): Promise<void> {
    if (isAborted || shouldRetry(error)) return;
    await this.drop(scope);
  }
}
