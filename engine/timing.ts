// Time, in plain TypeScript that runs in Node and the browser alike: the provider calls' limits, an
// abortable sleep, and a per-generation deadline that cancels the HTTP request at once when it fires or
// when the caller aborts.

/**
 * Timings and retry budgets of the provider calls and the steps that make them.
 * `networkRetryDelayMs` is not given by spec/; it uses the same 2 s as the other retries.
 */
export const PROVIDER_LIMITS = {
  /** The whole generation, retries included, is aborted after this. */
  generationTimeoutMs: 180_000,
  /** One HTTP request times out 5 s before the generation would (spec/: 175 s against 180 s). */
  requestTimeoutMarginMs: 5_000,
  rotationMs: 60_000,
  clientCacheMs: 60_000,
  initAttempts: 3,
  initRetryDelayMs: 2_000,
  /** A 1-token test call that takes longer than this counts as a failed initialisation. */
  probeTimeoutMs: 30_000,
  /** Retries after 429 or 503 (so at most 3 requests). */
  statusRetries: 2,
  statusRetryDelayMs: 2_000,
  /** A server's retry-after is honoured only when shorter than this. */
  maxRetryAfterMs: 60_000,
  networkRetries: 3,
  networkRetryDelayMs: 2_000,
} as const;

export type ProviderLimits = { -readonly [K in keyof typeof PROVIDER_LIMITS]: number };

/** An AbortError-like reason for our own aborts. */
function abortReason(message: string): Error {
  const error = new Error(message);
  error.name = 'AbortError';
  return error;
}

/** The callbacks waiting for each signal's abort (see whenAborted). */
const waiting = new WeakMap<AbortSignal, Set<() => void>>();

/**
 * Run `callback` when `signal` aborts; the returned function stops waiting. A signal gets one real
 * listener however many wait on it: a batch's hundreds of calls in flight all wait on its one signal,
 * and EventTarget compares each new listener with every one already there (a visible share of a
 * batch's CPU when every call added and removed its own).
 */
export function whenAborted(signal: AbortSignal, callback: () => void): () => void {
  if (signal.aborted) {
    callback();
    return () => undefined;
  }
  let callbacks = waiting.get(signal);
  if (!callbacks) {
    const created = new Set<() => void>();
    callbacks = created;
    waiting.set(signal, created);
    signal.addEventListener(
      'abort',
      () => {
        waiting.delete(signal);
        for (const run of [...created]) run();
      },
      { once: true },
    );
  }
  const mine = callbacks;
  const run = () => {
    mine.delete(run);
    callback();
  };
  mine.add(run);
  return () => {
    mine.delete(run);
  };
}

/** Wait `ms`, or reject as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason ?? abortReason('aborted'));
    const timer = setTimeout(() => {
      stop?.();
      resolve();
    }, ms);
    const stop = signal
      ? whenAborted(signal, () => {
          clearTimeout(timer);
          reject(signal.reason ?? abortReason('aborted'));
        })
      : undefined;
  });
}

/** Resolve with `promise`, or reject as soon as `signal` aborts (the promise itself goes on). */
export function raceAbort<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason ?? abortReason('aborted'));
  return new Promise<T>((resolve, reject) => {
    const stop = whenAborted(signal, () => reject(signal.reason ?? abortReason('aborted')));
    promise.then(
      (v) => {
        stop();
        resolve(v);
      },
      (e: unknown) => {
        stop();
        reject(e);
      },
    );
  });
}

export interface Deadline {
  /** Aborts when the caller's signal aborts or the time is up. */
  readonly signal: AbortSignal;
  /** True once the time ran out (as opposed to the caller aborting). */
  isTimedOut(): boolean;
  /** Time left in ms. */
  remainingMs(): number;
  dispose(): void;
}

/** Start a deadline of `timeoutMs` tied to the caller's signal. */
export function startDeadline(timeoutMs: number, parent?: AbortSignal): Deadline {
  const controller = new AbortController();
  const endsAt = Date.now() + timeoutMs;
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort(abortReason(`timed out after ${timeoutMs} ms`));
  }, timeoutMs);
  const onParentAbort = () => controller.abort(parent?.reason ?? abortReason('aborted'));
  let stopWaiting: (() => void) | undefined;
  if (parent?.aborted) onParentAbort();
  else if (parent) stopWaiting = whenAborted(parent, onParentAbort);
  return {
    signal: controller.signal,
    isTimedOut: () => isTimedOut,
    remainingMs: () => Math.max(0, endsAt - Date.now()),
    dispose() {
      clearTimeout(timer);
      stopWaiting?.();
    },
  };
}
