// A queued batch's calls (server/queue/batch.ts): every call of every worker first takes its place in the
// batch's budget (a sliding window of calls, rpm, and tokens, tpm, kept in rate_calls and decided under an
// advisory lock, in the database's clock), and each is counted as it is sent, for the batch's totals.
import type { Provider, TextRequest } from '../../engine/node.js';
import { providerThrough, sleep } from '../../engine/index.js';
import type { BatchRepository } from '../store/postgres/batches.js';
import type { CallsSent } from './batch.js';

/** Rough tokens of a call as the API counts them: prompt (about 4 characters a token) + max_tokens. */
export function callTokens(request: TextRequest): number {
  return Math.ceil((request.system.length + request.user.length) / 4) + 11 + request.maxTokens;
}

/** A batch's budget: its id, its calls a window (rpm), its tokens a window (tpm) and the window, in ms. */
export interface BatchBudget {
  batchId: string;
  rpm: number | null;
  tpm: number | null;
  windowMs: number;
}

/**
 * Take a place in a batch's budget for one call of `tokens`: wait (sleeping, not holding the lock) while
 * the last window holds `rpm` calls already or too many tokens. Decided under an advisory lock, with the
 * database's clock, so workers on any machines share one window.
 */
export async function takeBudget(
  batches: BatchRepository,
  input: BatchBudget & { tokens: number; signal?: AbortSignal },
): Promise<void> {
  const { rpm, tpm } = input;
  if (!rpm && !tpm) return;
  const tokens = tpm ? Math.min(input.tokens, tpm) : input.tokens;
  for (;;) {
    const waitMs = await batches.takePlace({ batchId: input.batchId, rpm, tpm, windowMs: input.windowMs, tokens });
    if (waitMs === 0) return;
    await sleep(waitMs, input.signal);
  }
}

/** `provider` counting each call as it is sent and its answer's tokens as it comes back (a failed call's call too). */
export function counting(provider: Provider, onRetry?: TextRequest['onRetry']) {
  const counted = {
    calls: 0,
    usage: null as { prompt: number; completion: number; total: number } | null,
    provider: providerThrough(provider, {
      text: async (request, send) => {
        // The call's first request counted now (a provider that says nothing of its requests sent one), each
        // further one as it goes out.
        let sent = 0;
        counted.calls++;
        const answer = await send({
          ...request,
          onRequest: () => {
            if (++sent > 1) counted.calls++;
            request.onRequest?.();
          },
          ...(onRetry
            ? {
                onRetry: (notice) => {
                  onRetry(notice);
                  request.onRetry?.(notice);
                },
              }
            : {}),
        });
        const u = answer.usage;
        const was = counted.usage;
        if (u) {
          counted.usage = {
            prompt: (was?.prompt ?? 0) + u.promptTokens,
            completion: (was?.completion ?? 0) + u.completionTokens,
            total: (was?.total ?? 0) + u.totalTokens,
          };
        }
        return answer;
      },
      image: (request, send) => {
        counted.calls++;
        return send(request);
      },
    }),
    sent: (): CallsSent => ({ calls: counted.calls, tokens: counted.usage?.total ?? 0 }),
  };
  return counted;
}
