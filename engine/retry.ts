// Retrying, in one place: whether a failure is worth another try (retryKindOf, the one rule), how long to wait
// before it (delayFor: a doubling back-off, or the server's Retry-After within bounds; retryAfterMs, the one
// reader of Retry-After), and the one loop that tries again (retry). The provider's retries, both batches, a
// paid bible part, a provider's initialisation, the database's wait and every LISTEN reconnect use them.
import { KaryaError } from './karya-error.js';
import { sleep } from './timing.js';

/** How long a kind of retry waits. */
export interface RetryRule {
  /** The first wait (ms), doubled at each further attempt (`factor` 2, the default; 1 keeps it fixed). */
  readonly baseMs: number;
  readonly factor?: number;
  /** The longest the back-off waits (ms). */
  readonly maxMs?: number;
  /** A server's Retry-After is honoured up to this (ms); without it, Retry-After is not read. */
  readonly maxRetryAfterMs?: number;
  /**
   * A Retry-After longer than maxRetryAfterMs: wait maxRetryAfterMs ('cap') or the back-off ('backoff', the default: a
   * long one means a quota, not a rate).
   */
  readonly beyondRetryAfter?: 'cap' | 'backoff';
}

/** A dropped database connection listened again: 250 ms, doubling, at most 5 s between tries. */
export const RECONNECT: RetryRule = { baseMs: 250, maxMs: 5_000 };

/**
 * A failure waiting may mend: a rate limit (429), a busy service (503), or another the failure itself calls passing (a
 * dropped connection).
 */
export type RetryKind = 'rate_limited' | 'service_unavailable' | 'network';

/**
 * The one rule of what is worth another try: a Karya error that is a rate limit (its code, or a 429), or
 * that says trying again may help (a busy service, a dropped connection); never an unknown error (a failure
 * nothing classified is not one that waiting mends). Answers its kind, undefined when it is final.
 * @example retryKindOf(new GenerationError('rate_limited', { status: 429, isRetryable: true })) // 'rate_limited'
 */
export function retryKindOf(error: unknown): RetryKind | undefined {
  if (!KaryaError.isInstance(error)) return undefined;
  const status = (error as { status?: unknown }).status;
  if (error.code === 'rate_limited' || status === 429) return 'rate_limited';
  if (!error.isRetryable) return undefined;
  return error.code === 'service_unavailable' || status === 503 ? 'service_unavailable' : 'network';
}

/**
 * Whether trying again may help (retryKindOf names a kind).
 * @example shouldRetry(new GenerationError('auth_error', { status: 401 })) // false
 */
export function shouldRetry(error: unknown): boolean {
  return retryKindOf(error) !== undefined;
}

/**
 * The wait (ms) before the try after attempt `attempt` (1 for the first failure): the server's Retry-After when
 * the rule reads it and it is under the rule's bound, else the back-off `baseMs · factor^(attempt−1)`, at most `maxMs`.
 * @example delayFor(undefined, 3, RECONNECT) // 1000
 */
export function delayFor(error: unknown, attempt: number, rule: RetryRule): number {
  const backoff = Math.min(
    rule.maxMs ?? Number.POSITIVE_INFINITY,
    rule.baseMs * (rule.factor ?? 2) ** Math.max(0, Math.min(30, attempt - 1)),
  );
  if (rule.maxRetryAfterMs === undefined) return backoff;
  const asked = retryAfterMs(error);
  if (asked === undefined) return backoff;
  if (asked < rule.maxRetryAfterMs) return asked;
  return rule.beyondRetryAfter === 'cap' ? rule.maxRetryAfterMs : backoff;
}

/**
 * The wait a failure asks for, in ms: a `retryAfterMs` property, or a retry-after-ms / retry-after header
 * (seconds or an HTTP date) on the error or anywhere on its cause chain (the SDK's errors and ours alike).
 */
export function retryAfterMs(error: unknown, now: number = Date.now()): number | undefined {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++, e = (e as { cause?: unknown }).cause) {
    const direct = (e as { retryAfterMs?: unknown }).retryAfterMs;
    if (typeof direct === 'number' && Number.isFinite(direct) && direct >= 0) return direct;
    const headers = (e as { headers?: unknown }).headers;
    const get = (name: string): string | undefined => {
      if (!headers || typeof headers !== 'object') return undefined;
      if (typeof (headers as { get?: unknown }).get === 'function')
        return (headers as { get(n: string): string | null }).get(name) ?? undefined;
      const v = (headers as Record<string, unknown>)[name];
      return typeof v === 'string' ? v : undefined;
    };
    const ms = Number.parseFloat(get('retry-after-ms') ?? '');
    if (Number.isFinite(ms) && ms >= 0) return ms;
    const raw = get('retry-after');
    if (raw) {
      const seconds = Number.parseFloat(raw);
      if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
      const date = Date.parse(raw);
      if (!Number.isNaN(date)) return Math.max(0, date - now);
    }
  }
  return undefined;
}

/**
 * A retry about to be made: the failure, its kind, which retry of its count this is (1 for the first), of how many, and
 * the wait before it.
 */
export interface Retrying<K extends string> {
  readonly error: unknown;
  readonly kind: K;
  readonly n: number;
  readonly of: number;
  readonly delayMs: number;
}

/** How `retry` tries again. */
export interface RetryOptions<K extends string> {
  /**
   * The kind of a failure worth another try, undefined when it is final: the one rule (retryKindOf), or a caller's own
   * reason to ask again.
   */
  readonly retryable: (error: unknown) => K | undefined;
  /** Tries in all, the first included: one number, or one per kind. */
  readonly attempts: number | ((kind: K) => number);
  /** Which kinds count their failures together (by default all of them: a call's failures, whatever they were). */
  readonly countAs?: (kind: K) => string;
  /** The wait (ms) before retry `n` of a count (1 for the first): a rule (delayFor) or a function. */
  readonly delay: RetryRule | ((error: unknown, n: number, kind: K) => number);
  /** Once aborted, no try starts: a failure then is thrown as it is, a wait ends with the signal's reason. */
  readonly signal?: AbortSignal;
  /** A retry about to wait (a notice, a count): before its wait. */
  readonly onRetry?: (retrying: Retrying<K>) => void;
  /** What is thrown once a kind's tries are spent (the last failure itself by default). */
  readonly spent?: (error: unknown, kind: K) => unknown;
  /** How a retry waits (an abortable sleep by default; a batch pauses every book instead on a rate limit). */
  readonly wait?: (ms: number, kind: K) => Promise<void>;
  /** No retry whose wait would end after this time (ms since the epoch): the failure is thrown instead. */
  readonly until?: number;
}

/**
 * The one loop that tries again: `fn` (given its try's number, 1 for the first) until it succeeds, or its
 * failure is final (not retryable, or the signal aborted), or its kind's tries are spent; waits between.
 * @example await retry(() => connect(), { retryable: (e) => (isRefused(e) ? 'down' : undefined), attempts: 5, delay:
 * RECONNECT })
 */
export async function retry<T, K extends string>(
  fn: (attempt: number) => Promise<T>,
  options: RetryOptions<K>,
): Promise<T> {
  const { signal } = options;
  const failures = new Map<string, number>();
  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) throw signal.reason;
    try {
      return await fn(attempt);
    } catch (error) {
      const kind = signal?.aborted ? undefined : options.retryable(error);
      if (kind === undefined) throw error;
      const count = options.countAs?.(kind) ?? '';
      const n = (failures.get(count) ?? 0) + 1;
      failures.set(count, n);
      const of = typeof options.attempts === 'number' ? options.attempts : options.attempts(kind);
      if (n >= of) throw options.spent ? options.spent(error, kind) : error;
      const delayMs =
        typeof options.delay === 'function' ? options.delay(error, n, kind) : delayFor(error, n, options.delay);
      if (options.until !== undefined && Date.now() + delayMs > options.until) throw error;
      options.onRetry?.({ error, kind, n, of: of - 1, delayMs });
      if (options.wait) await options.wait(delayMs, kind);
      else if (delayMs > 0) await sleep(delayMs, signal);
    }
  }
}
