// The one retry policy (engine/retry.ts): what is tried again, and how long each kind of retry waits.
import { describe, expect, it } from 'vitest';
import { delayFor, EditError, GenerationError, RECONNECT, retryAfterMs, shouldRetry } from '../../engine/index.js';

describe('shouldRetry', () => {
  it.each([
    ['a rate limit', new GenerationError('rate_limited', { status: 429, isRetryable: true }), true],
    ['a busy service', new GenerationError('service_unavailable', { status: 503, isRetryable: true }), true],
    ['a 429 not marked retryable', new GenerationError('rate_limited', { status: 429 }), true],
    ['a refused key', new GenerationError('auth_error', { status: 401 }), false],
    ['an edit refused', new EditError('part_empty'), false],
    ['an unknown error (nothing classified it)', new Error('socket hang up'), false],
    ['not an error at all', 'boom', false],
  ])('%s: %s', (_what, error, expected) => {
    expect(shouldRetry(error)).toBe(expected);
  });
});

describe('delayFor', () => {
  it('a reconnect waits 250 ms, doubling, at most 5 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 40].map((n) => delayFor(undefined, n, RECONNECT))).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000, 5000]);
  });

  it("the provider's 429/503 retries wait 2 s apart, or the server's Retry-After when it is under 60 s", () => {
    const rule = { baseMs: 2000, factor: 1, maxRetryAfterMs: 60_000 };
    const asking = (header: string) => ({ headers: new Headers({ 'retry-after': header }) });
    expect(delayFor(new Error('429'), 2, rule)).toBe(2000);
    expect(delayFor(asking('7'), 1, rule)).toBe(7000);
    // A longer wait means a quota, not a rate: the fixed delay, not an hour.
    expect(delayFor(asking('3600'), 1, rule)).toBe(2000);
  });

  it("a rate-limited batch step honours Retry-After up to 2 minutes and waits those 2 minutes for a longer one", () => {
    const rule = { baseMs: 1000, maxMs: 60_000, maxRetryAfterMs: 120_000, beyondRetryAfter: 'cap' } as const;
    expect(delayFor({ retryAfterMs: 30_000 }, 1, rule)).toBe(30_000);
    expect(delayFor({ retryAfterMs: 600_000 }, 1, rule)).toBe(120_000);
    expect([1, 2, 3, 7, 9].map((n) => delayFor(new Error('x'), n, rule))).toEqual([1000, 2000, 4000, 60_000, 60_000]);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds, milliseconds and an HTTP date, on the error or its cause', () => {
    expect(retryAfterMs({ headers: { 'retry-after-ms': '250' } })).toBe(250);
    expect(retryAfterMs(new Error('wrapped', { cause: { headers: new Headers({ 'retry-after': '2' }) } }))).toBe(2000);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs({ headers: { 'retry-after': 'Thu, 01 Jan 2026 00:00:10 GMT' } }, now)).toBe(10_000);
    expect(retryAfterMs(new Error('no header'))).toBeUndefined();
  });
});
