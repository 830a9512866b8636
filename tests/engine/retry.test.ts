// The one retry policy (engine/retry.ts): what is tried again, and how long each kind of retry waits.
import { describe, expect, it } from 'vitest';
import {
  delayFor,
  EditError,
  GenerationError,
  RECONNECT,
  retry,
  retryAfterMs,
  retryKindOf,
  shouldRetry,
  type Retrying,
} from '../../engine/index.js';

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
    expect([1, 2, 3, 4, 5, 6, 7, 40].map((n) => delayFor(undefined, n, RECONNECT))).toEqual([
      250, 500, 1000, 2000, 4000, 5000, 5000, 5000,
    ]);
  });

  it("the provider's 429/503 retries wait 2 s apart, or the server's Retry-After when it is under 60 s", () => {
    const rule = { baseMs: 2000, factor: 1, maxRetryAfterMs: 60_000 };
    const asking = (header: string) => ({ headers: new Headers({ 'retry-after': header }) });
    expect(delayFor(new Error('429'), 2, rule)).toBe(2000);
    expect(delayFor(asking('7'), 1, rule)).toBe(7000);
    // A longer wait means a quota, not a rate: the fixed delay, not an hour.
    expect(delayFor(asking('3600'), 1, rule)).toBe(2000);
  });

  it('a rate-limited batch step honours Retry-After up to 2 minutes and waits those 2 minutes for a longer one', () => {
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

describe('retryKindOf (the one rule)', () => {
  it('names the kind of a failure waiting may mend, and nothing else', () => {
    expect(retryKindOf(new GenerationError('rate_limited', { status: 429 }))).toBe('rate_limited');
    expect(retryKindOf(new GenerationError('service_unavailable', { status: 503, isRetryable: true }))).toBe(
      'service_unavailable',
    );
    expect(retryKindOf(new GenerationError('generation_failed', { isRetryable: true }))).toBe('network');
    expect(retryKindOf(new GenerationError('server_error', { status: 500 }))).toBeUndefined();
    expect(retryKindOf(new Error('ECONNRESET'))).toBeUndefined();
  });
});

describe('retry (the one loop)', () => {
  /** A call failing with `failures` in turn, then answering 'ok'; the tries it was asked. */
  const failing = (...failures: unknown[]) => {
    const tries: number[] = [];
    const fn = async (attempt: number) => {
      tries.push(attempt);
      if (failures.length) throw failures.shift();
      return 'ok';
    };
    return { fn, tries };
  };
  const busy = () => new GenerationError('service_unavailable', { status: 503, isRetryable: true });
  const limited = () => new GenerationError('rate_limited', { status: 429, isRetryable: true });

  it('tries again after a retryable failure, telling each retry with its wait, and answers the success', async () => {
    const { fn, tries } = failing(busy(), busy());
    const told: Array<Pick<Retrying<string>, 'kind' | 'n' | 'of' | 'delayMs'>> = [];
    const answer = await retry(fn, {
      retryable: retryKindOf,
      attempts: 3,
      delay: (_e, n) => n * 10,
      wait: async () => undefined,
      onRetry: ({ kind, n, of, delayMs }) => told.push({ kind, n, of, delayMs }),
    });
    expect(answer).toBe('ok');
    expect(tries).toEqual([1, 2, 3]);
    expect(told).toEqual([
      { kind: 'service_unavailable', n: 1, of: 2, delayMs: 10 },
      { kind: 'service_unavailable', n: 2, of: 2, delayMs: 20 },
    ]);
  });

  it('throws a final failure at once, and the last one when the tries are spent', async () => {
    const refused = new GenerationError('auth_error', { status: 401 });
    const first = failing(refused);
    await expect(retry(first.fn, { retryable: retryKindOf, attempts: 5, delay: () => 0 })).rejects.toBe(refused);
    expect(first.tries).toEqual([1]);
    const last = busy();
    const spent = failing(busy(), last);
    await expect(retry(spent.fn, { retryable: retryKindOf, attempts: 2, delay: () => 0 })).rejects.toBe(last);
  });

  it(
    'counts kinds together unless told apart, each with its ' + 'own tries; `spent` names what is thrown when they end',
    async () => {
      // A 429 and a 503 share two retries; a dropped connection has its own three (the provider's policy).
      const dropped = () => new GenerationError('generation_failed', { isRetryable: true });
      const provider = failing(limited(), dropped(), busy(), dropped(), dropped(), limited());
      const options = {
        retryable: retryKindOf,
        attempts: (kind: string) => (kind === 'network' ? 4 : 3),
        countAs: (kind: string) => (kind === 'network' ? 'network' : 'status'),
        delay: () => 0,
        spent: () => new Error('spent'),
      };
      await expect(retry(provider.fn, options)).rejects.toThrow('spent');
      expect(provider.tries).toHaveLength(6);
      // Counted together (the batch's step): the third failure of any kind ends a call allowed three tries.
      const together = failing(limited(), dropped(), busy(), 'never reached');
      await expect(retry(together.fn, { retryable: retryKindOf, attempts: 3, delay: () => 0 })).rejects.toMatchObject({
        code: 'service_unavailable',
      });
      expect(together.tries).toEqual([1, 2, 3]);
    },
  );

  it('starts no try once its signal aborted, and makes no retry whose wait would end past `until`', async () => {
    const stop = new AbortController();
    stop.abort(new Error('stopped'));
    const never = failing();
    await expect(
      retry(never.fn, { retryable: retryKindOf, attempts: 3, delay: () => 0, signal: stop.signal }),
    ).rejects.toThrow('stopped');
    expect(never.tries).toEqual([]);
    const late = failing(busy(), busy());
    await expect(
      retry(late.fn, { retryable: retryKindOf, attempts: 10, delay: () => 60_000, until: Date.now() + 1_000 }),
    ).rejects.toMatchObject({ code: 'service_unavailable' });
    expect(late.tries).toEqual([1]);
  });
});
