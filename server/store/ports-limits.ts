// The ports that keep counters and replays in the database: rate limits and attempt delays (LimitRepository)
// and idempotent requests (IdempotencyRepository). Part of the store's ports (ports.ts names them all).
/**
 * Progressive delay: the first `freeAttempts` attempts cost nothing, then each further one must wait
 * `baseDelayMs` after the last, doubling per attempt up to `maxDelayMs` (never a lockout: the wait ends).
 */
export interface AttemptRule {
  freeAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/** The answer of taking from a token bucket. */
export type BucketTake = { isAllowed: true; remaining: number } | { isAllowed: false; retryAfterMs: number };

/**
 * Counters that limit how often something may happen, kept in the database so that a restart does not
 * reset them (and several servers on one database share them). Each method is one atomic step.
 */
export interface LimitRepository {
  /**
   * Take one token from the bucket under `key`: full (`capacity`) at first use, refilled by one token
   * every `refillMs`. Refused (nothing taken) when less than one token is left, with the wait until one is.
   */
  take(input: { key: string; capacity: number; refillMs: number; now?: number }): Promise<BucketTake>;
  /** Whether `take` would be allowed now, taking nothing (a limit counted only on failures looks first). */
  peek(input: { key: string; capacity: number; refillMs: number; now?: number }): Promise<BucketTake>;
  /** The failures counted under `key` and when the last happened (ms since the epoch), or null. */
  failures(key: string): Promise<{ failures: number; lastFailureAt: number } | null>;
  /** Count one more failure under `key`; answers the count. */
  recordFailure(input: { key: string; now?: number }): Promise<number>;
  clearFailures(key: string): Promise<void>;
  /**
   * Count one attempt under `key` before it is checked, in one atomic step, unless `rule` says the next
   * attempt must still wait (then nothing is counted, with the wait): a burst sent at once is held to the
   * same numbers as attempts sent one by one. An attempt that succeeds or is not made is given back.
   */
  claimAttempt(input: { key: string; rule: AttemptRule; now?: number }): Promise<BucketTake>;
  /** Give back one attempt counted by claimAttempt (the counter is forgotten at zero). */
  returnAttempt(key: string): Promise<void>;
  /** Give back one token taken from the bucket under `key` (never above `capacity`). */
  give(input: { key: string; capacity: number }): Promise<void>;
  /** Forget buckets and failure counters untouched since `olderThan` (ms since the epoch); answers how many. */
  prune(input: { olderThan: number }): Promise<number>;
}

/** What `begin` found under a user's Idempotency-Key. */
export type IdempotencyBegin =
  | { status: 'new' }
  | { status: 'running' }
  | { status: 'mismatch' }
  | { status: 'done'; responseStatus: number; body: string };

/**
 * Stored answers of generation requests by the client's Idempotency-Key (per user, kept 24 hours): a
 * retry with the same key gets the stored answer instead of a second charge.
 */
export interface IdempotencyRepository {
  /**
   * Claim the key for a request (its hash covers the route and the body), in one transaction: `new`
   * when nobody had it (now marked running), `running` while the first request runs, `done` with its
   * stored answer, `mismatch` when the key was used for another request. Keys older than `ttlMs` are forgotten,
   * and a key still running after `staleMs` (its server stopped during it) is claimed anew.
   */
  begin(input: {
    userId: string;
    key: string;
    requestHash: string;
    ttlMs: number;
    staleMs?: number;
    now?: number;
  }): Promise<IdempotencyBegin>;
  /** Store the answer of the request that claimed the key. */
  finish(input: { userId: string; key: string; responseStatus: number; body: string }): Promise<void>;
  /** Forget a running key (its request failed and charged nothing: a retry runs it again). */
  release(input: { userId: string; key: string }): Promise<void>;
  /** Forget every running key (the server stopped during their requests); answers how many. */
  releaseRunning(): Promise<number>;
}
