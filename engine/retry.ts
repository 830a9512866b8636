// The one retry policy: whether a failure is worth another try (shouldRetry), how long to wait before it
// (delayFor: a doubling back-off, or the server's Retry-After within bounds), and the one reader of
// Retry-After (retryAfterMs). The provider's retries, both batches and every LISTEN reconnect use it.
import { KaryaError } from './karya-error.js';

/** How long a kind of retry waits. */
export interface RetryRule {
  /** The first wait (ms), doubled at each further attempt (`factor` 2, the default; 1 keeps it fixed). */
  readonly baseMs: number;
  readonly factor?: number;
  /** The longest the back-off waits (ms). */
  readonly maxMs?: number;
  /** A server's Retry-After is honoured up to this (ms); without it, Retry-After is not read. */
  readonly maxRetryAfterMs?: number;
  /** A Retry-After longer than maxRetryAfterMs: wait maxRetryAfterMs ('cap') or the back-off ('backoff', the default: a long one means a quota, not a rate). */
  readonly beyondRetryAfter?: 'cap' | 'backoff';
}

/** A dropped database connection listened again: 250 ms, doubling, at most 5 s between tries. */
export const RECONNECT: RetryRule = { baseMs: 250, maxMs: 5_000 };

/**
 * Whether trying again may help: a Karya error that says so (a rate limit, a busy service, a network
 * failure), never an unknown error (a failure nothing classified is not one that waiting mends).
 * @example shouldRetry(new GenerationError('rate_limited', { status: 429, isRetryable: true })) // true
 */
export function shouldRetry(error: unknown): boolean {
  if (!KaryaError.isInstance(error)) return false;
  return error.isRetryable || error.code === 'rate_limited' || (error as { status?: unknown }).status === 429;
}

/**
 * The wait (ms) before the try after attempt `attempt` (1 for the first failure): the server's Retry-After when
 * the rule reads it and it is under the rule's bound, else the back-off `baseMs · factor^(attempt−1)`, at most `maxMs`.
 * @example delayFor(undefined, 3, RECONNECT) // 1000
 */
export function delayFor(error: unknown, attempt: number, rule: RetryRule): number {
  const backoff = Math.min(rule.maxMs ?? Number.POSITIVE_INFINITY, rule.baseMs * (rule.factor ?? 2) ** Math.max(0, Math.min(30, attempt - 1)));
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
      if (typeof (headers as { get?: unknown }).get === 'function') return (headers as { get(n: string): string | null }).get(name) ?? undefined;
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
