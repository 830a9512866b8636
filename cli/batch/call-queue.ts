// The batch's calls at their limits: the one p-queue every book's calls share (calls in flight, --rpm paced in
// slices by requestPacing, --tpm through limits.ts's token window, one abort listener for every waiting call),
// the pause every chain takes when a 429 asks for a wait, and the provider observed for those 429s and for the
// first answer. The scheduler (scheduler.ts) builds them once per batch.
import PQueue from 'p-queue';
import { providerThrough } from '../../engine/index.js';
import type { Provider, TextRequest } from '../../engine/node.js';
import type { BatchEvent } from './book-run.js';
import { TokenWindow } from './limits.js';

export interface BatchLimits {
  /** Calls in flight at once. */
  concurrency: number;
  /** Requests per window (per minute by default). */
  rpm?: number;
  /** Tokens per window, counted as prompt + max_tokens. */
  tpm?: number;
  /** The window rpm and tpm count over, in ms (60 000; shorter in tests and the benchmark). */
  windowMs?: number;
  /**
   * Slack added to the window so that the delay between our send and the server's clock (prompt
   * rendering, a busy CPU, the network) never puts one request too many into the server's window
   * (default 1% of the window, at least 25 ms).
   */
  marginMs?: number;
}

/**
 * p-queue's sliding window for --rpm, cut into slices: at most `intervalCap` requests per `interval`,
 * where `interval` × (rpm ÷ intervalCap) spans the window plus the margin. Any window then holds at
 * most rpm requests, and they go at an even pace instead of a burst per window. A burst is what the
 * server sees out of order: requests started together reach it 10-100 ms apart (each start renders a
 * prompt and builds a request first), so a burst-shaped window overshoots at the server's clock.
 * @example requestPacing(60, 60_000, 600) // { interval: 1010, intervalCap: 1 }: one request a second
 */
export function requestPacing(
  rpm: number,
  windowMs: number,
  marginMs: number,
): { interval: number; intervalCap: number } {
  const span = windowMs + marginMs;
  // Slices of at least 50 ms: a timer that fires a little late then delays a few requests, not each one.
  const minSliceMs = 50;
  let best = { interval: span, intervalCap: rpm, rate: rpm / span };
  const first = Math.max(1, Math.floor((rpm * minSliceMs) / span));
  for (let cap = first; cap <= Math.min(rpm, first * 2 + 16); cap++) {
    const slices = Math.floor(rpm / cap);
    const interval = span / slices;
    const rate = (slices * cap) / span;
    if (interval >= minSliceMs && (rate > best.rate || (rate === best.rate && cap < best.intervalCap)))
      best = { interval, intervalCap: cap, rate };
  }
  return { interval: best.interval, intervalCap: best.intervalCap };
}

/**
 * The batch's call queue at its limits (concurrency, rpm pacing, the tpm window) and `schedule`, which queues a call.
 */
export function callQueue(limits: BatchLimits, signal: AbortSignal | undefined) {
  const windowMs = limits.windowMs ?? 60_000;
  const marginMs = limits.marginMs ?? Math.max(25, Math.round(windowMs * 0.01));
  const queue = new PQueue({
    concurrency: Math.max(1, limits.concurrency),
    ...(limits.rpm ? { ...requestPacing(limits.rpm, windowMs, marginMs), strict: true } : {}),
  });
  const tokenWindow = limits.tpm ? new TokenWindow(limits.tpm, windowMs + marginMs) : undefined;
  // One abort listener for every waiting call. p-queue's per-task `signal` adds a listener per queued
  // call, and Node's EventTarget compares each new listener with every one already there: with hundreds
  // of books waiting, that comparison was a visible share of a batch's CPU. On abort the waiting calls
  // are dropped from the queue and rejected here; a running call ends through its own request's signal.
  const waiting = new Set<(reason: unknown) => void>();
  const onAbort = () => {
    queue.clear();
    for (const reject of waiting) reject(signal!.reason);
    waiting.clear();
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  const schedule = <T>(task: () => Promise<T>, priority: number): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      waiting.add(reject);
      queue
        .add(
          () => {
            waiting.delete(reject);
            return task();
          },
          { priority },
        )
        .then(resolve, reject);
    });
  const close = () => {
    signal?.removeEventListener('abort', onAbort);
    tokenWindow?.close();
    queue.clear();
  };
  return { queue, tokenWindow, schedule, close };
}

/** A 429 anywhere pauses every chain until the wait the server asked for has passed. */
export function rateLimitPause(queue: PQueue, emit: (event: BatchEvent) => void, signal: AbortSignal | undefined) {
  let resumeAt = 0;
  let resumeTimer: NodeJS.Timeout | undefined;
  const slowDown = (ms: number) => {
    const until = Date.now() + ms;
    if (until <= resumeAt) return;
    resumeAt = until;
    queue.pause();
    emit({ type: 'rate_limited', waitSeconds: Number((ms / 1000).toFixed(3)) });
    if (resumeTimer) clearTimeout(resumeTimer);
    resumeTimer = setTimeout(() => {
      resumeTimer = undefined;
      if (!signal?.aborted) queue.start();
    }, ms);
  };
  const close = () => {
    if (resumeTimer) clearTimeout(resumeTimer);
  };
  return { slowDown, close };
}

/**
 * The provider retries a 429 itself, waiting the server's Retry-After, and says so through onRetry: every chain
 * pauses for that same wait (honoured once: the retry and the pause end together). `onAnswer` hears each call end.
 */
export function observedProvider(provider: Provider, slowDown: (ms: number) => void, onAnswer: () => void): Provider {
  type RetryHook = (notice: { reason: string; delayMs: number }) => void;
  return providerThrough(provider, {
    text: (request, send) => {
      const own = (request as { onRetry?: RetryHook }).onRetry;
      const observed: TextRequest & { onRetry?: RetryHook } = {
        ...request,
        onRetry: (notice) => {
          if (notice.reason === 'rate_limited') slowDown(notice.delayMs);
          own?.(notice);
        },
      };
      const answer = send(observed);
      void answer.then(onAnswer, onAnswer);
      return answer;
    },
  });
}
