// The generation retry policy, as the provider's limits set it (engine/retry.ts's one loop and one rule): 429
// and 503 retry at most 2 more times between them, 2 s apart or after the server's retry-after when it is under
// 60 s; network failures retry up to 3 times ("Connection error. Retrying... (n/3)") and then stop with "Maximum
// retry attempts reached."; every other failure is final, and so is any once a stream has started.
import type { Lang } from '../spec/types.js';
import { GenerationError, catalogueMessage } from '../errors.js';
import type { RetryNotice } from '../provider.js';
import { safeCause, toGenerationError, type FailureContext } from './failures.js';
import { delayFor, retry, retryKindOf, type RetryKind } from '../retry.js';
import type { ProviderLimits } from '../timing.js';

export interface RetryPolicy {
  limits: Pick<
    ProviderLimits,
    'statusRetries' | 'statusRetryDelayMs' | 'maxRetryAfterMs' | 'networkRetries' | 'networkRetryDelayMs'
  >;
  /** The generation's deadline: aborting it stops the waiting too. */
  signal: AbortSignal;
  context: FailureContext;
  lang: Lang;
  onRetry?: (notice: RetryNotice) => void;
  /** False once a retry would repeat text the caller already has (a stream that started). */
  canRetry?: () => boolean;
}

/**
 * The wait before retrying a 429/503 (engine/retry.ts): the server's retry-after when under the cap, else the fixed
 * delay.
 */
export function statusRetryDelay(error: unknown, attempt: number, limits: RetryPolicy['limits']): number {
  return delayFor(error, attempt, {
    baseMs: limits.statusRetryDelayMs,
    factor: 1,
    maxRetryAfterMs: limits.maxRetryAfterMs,
  });
}

/**
 * Run `attempt` until it succeeds or the policy says stop; the last failure is rethrown unmapped
 * (or as "Maximum retry attempts reached" after the network retries).
 */
export function withRetries<T>(attempt: (n: number) => Promise<T>, policy: RetryPolicy): Promise<T> {
  const { limits, lang, context, signal } = policy;
  const isNetwork = (kind: RetryKind) => kind === 'network';
  return retry(attempt, {
    // The one rule, on the failure as the catalogue names it (a 429, a 503, a dropped connection).
    retryable: (error) =>
      (policy.canRetry?.() ?? true) ? retryKindOf(toGenerationError(error, { ...context, signal })) : undefined,
    attempts: (kind) => 1 + (isNetwork(kind) ? limits.networkRetries : limits.statusRetries),
    // A 429 and a 503 share their retries; a dropped connection has its own.
    countAs: (kind) => (isNetwork(kind) ? 'network' : 'status'),
    delay: (error, n, kind) =>
      isNetwork(kind)
        ? delayFor(error, n, { baseMs: limits.networkRetryDelayMs, factor: 1 })
        : statusRetryDelay(error, n, limits),
    signal,
    spent: (error, kind) =>
      isNetwork(kind) ? new GenerationError('max_retries', { cause: safeCause(error, context.secrets) }) : error,
    onRetry: ({ error, kind, n, of, delayMs }) => {
      const message = isNetwork(kind)
        ? catalogueMessage('connection_retry', lang, { n: String(n), max: String(of) })
        : catalogueMessage(kind, lang);
      const failure = toGenerationError(error, { ...context, signal });
      policy.onRetry?.({
        reason: kind,
        code: failure.code,
        ...(failure.status ? { status: failure.status } : {}),
        attempt: n,
        of,
        delayMs,
        message,
      });
    },
  });
}
