// The generation retry policy: 429 and 503 retry at most 2 more times,
// 2 s apart or after the server's retry-after when it is under 60 s; network failures retry up to 3
// times ("Connection error. Retrying... (n/3)") and then stop with "Maximum retry attempts reached.";
// every other failure is final.
import type { Lang } from '../spec/types.js';
import { GenerationError, catalogueMessage } from '../errors.js';
import type { RetryNotice } from '../provider.js';
import { classifyFailure, safeCause, type FailureContext } from './failures.js';
import { delayFor } from '../retry.js';
import { sleep, type ProviderLimits } from '../timing.js';

export interface RetryPolicy {
  limits: Pick<ProviderLimits, 'statusRetries' | 'statusRetryDelayMs' | 'maxRetryAfterMs' | 'networkRetries' | 'networkRetryDelayMs'>;
  /** The generation's deadline: aborting it stops the waiting too. */
  signal: AbortSignal;
  context: FailureContext;
  lang: Lang;
  onRetry?: (notice: RetryNotice) => void;
  /** False once a retry would repeat text the caller already has (a stream that started). */
  canRetry?: () => boolean;
}

/** The wait before retrying a 429/503 (engine/retry.ts): the server's retry-after when under the cap, else the fixed delay. */
export function statusRetryDelay(error: unknown, attempt: number, limits: RetryPolicy['limits']): number {
  return delayFor(error, attempt, { baseMs: limits.statusRetryDelayMs, factor: 1, maxRetryAfterMs: limits.maxRetryAfterMs });
}

/**
 * Run `attempt` until it succeeds or the policy says stop; the last failure is rethrown unmapped
 * (or as "Maximum retry attempts reached" after the network retries).
 */
export async function withRetries<T>(attempt: (n: number) => Promise<T>, policy: RetryPolicy): Promise<T> {
  const { limits, lang } = policy;
  let statusRetries = 0;
  let networkRetries = 0;
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      const kind = classifyFailure(error, { ...policy.context, signal: policy.signal });
      const canRetry = policy.canRetry?.() ?? true;
      if ((kind === 'rate_limited' || kind === 'service_unavailable') && canRetry && statusRetries < limits.statusRetries) {
        statusRetries++;
        const delayMs = statusRetryDelay(error, statusRetries, limits);
        policy.onRetry?.({ reason: kind, attempt: statusRetries, of: limits.statusRetries, delayMs, message: catalogueMessage(kind, lang) });
        await sleep(delayMs, policy.signal);
        continue;
      }
      if (kind === 'network' && canRetry) {
        if (networkRetries >= limits.networkRetries) {
          throw new GenerationError('max_retries', { cause: safeCause(error, policy.context.secrets) });
        }
        networkRetries++;
        const delayMs = delayFor(error, networkRetries, { baseMs: limits.networkRetryDelayMs, factor: 1 });
        const message = catalogueMessage('connection_retry', lang, { n: String(networkRetries), max: String(limits.networkRetries) });
        policy.onRetry?.({ reason: 'network', attempt: networkRetries, of: limits.networkRetries, delayMs, message });
        await sleep(delayMs, policy.signal);
        continue;
      }
      throw error;
    }
  }
}
