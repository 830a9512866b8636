// Token buckets, failure counters and Idempotency-Key answers on SQLite: each method one synchronous
// transaction, so two requests cannot both take the last token or both claim one key.
import type { Store } from './store.js';
import { attemptWait, runningIdempotencyRow } from '../model.js';
import { exclusiveMethods } from './exclusive.js';
import type { BucketTake, IdempotencyBegin, IdempotencyRepository, LimitRepository } from '../ports.js';

export function takeToken(
  store: Store,
  input: { key: string; capacity: number; refillMs: number; now?: number },
): BucketTake {
  const now = input.now ?? Date.now();
  return store.transaction(
    () => {
      const row = store.first(
        store.db.selectFrom('rate_buckets').select(['tokens', 'updated_at']).where('key', '=', input.key),
      );
      const elapsed = row ? Math.max(0, now - row.updated_at) : 0;
      const tokens = row ? Math.min(input.capacity, row.tokens + elapsed / input.refillMs) : input.capacity;
      if (tokens < 1) {
        // Keep the refill so far (updated_at stays with its tokens), so the wait is exact.
        return { isAllowed: false, retryAfterMs: Math.ceil((1 - tokens) * input.refillMs) };
      }
      const left = tokens - 1;
      store.run(
        store.db
          .insertInto('rate_buckets')
          .values({ key: input.key, tokens: left, updated_at: now })
          .onConflict((oc) => oc.column('key').doUpdateSet({ tokens: left, updated_at: now })),
      );
      return { isAllowed: true, remaining: Math.floor(left) };
      // Not flushed on its own (WAL: it survives a crash of the process, not of the machine): a token is
      // worth no fsync of its own on every generation request.
    },
    { isDeferred: true },
  );
}

/** The tokens a bucket holds at `now` (full when it was never used), and the wait for one when under one. */
export function bucketLevel(
  row: { tokens: number; updated_at: number } | undefined,
  input: { capacity: number; refillMs: number },
  now: number,
): BucketTake {
  const tokens = row
    ? Math.min(input.capacity, Number(row.tokens) + Math.max(0, now - Number(row.updated_at)) / input.refillMs)
    : input.capacity;
  return tokens < 1
    ? { isAllowed: false, retryAfterMs: Math.ceil((1 - tokens) * input.refillMs) }
    : { isAllowed: true, remaining: Math.floor(tokens) };
}

export function sqliteLimits(store: Store): LimitRepository {
  return exclusiveMethods<LimitRepository>(store, {
    take: async (input) => takeToken(store, input),
    peek: async ({ key, capacity, refillMs, now = Date.now() }) =>
      bucketLevel(
        store.first(store.db.selectFrom('rate_buckets').select(['tokens', 'updated_at']).where('key', '=', key)),
        { capacity, refillMs },
        now,
      ),
    failures: async (key) => {
      const row = store.first(
        store.db.selectFrom('failure_counters').select(['failures', 'last_failure_at']).where('key', '=', key),
      );
      return row ? { failures: row.failures, lastFailureAt: row.last_failure_at } : null;
    },
    recordFailure: async ({ key, now = Date.now() }) =>
      store.transaction(() => {
        const row = store.first(
          store.db
            .insertInto('failure_counters')
            .values({ key, failures: 1, last_failure_at: now })
            .onConflict((oc) =>
              oc
                .column('key')
                .doUpdateSet((eb) => ({ failures: eb('failure_counters.failures', '+', 1), last_failure_at: now })),
            )
            .returning('failures'),
        );
        return row?.failures ?? 1;
      }),
    clearFailures: async (key) => {
      store.run(store.db.deleteFrom('failure_counters').where('key', '=', key));
    },
    claimAttempt: async ({ key, rule, now = Date.now() }) =>
      store.transaction((): BucketTake => {
        const row = store.first(
          store.db.selectFrom('failure_counters').select(['failures', 'last_failure_at']).where('key', '=', key),
        );
        const wait = attemptWait(row && { failures: row.failures, lastFailureAt: row.last_failure_at }, rule, now);
        if (wait > 0) return { isAllowed: false, retryAfterMs: wait };
        const failures = (row?.failures ?? 0) + 1;
        store.run(
          store.db
            .insertInto('failure_counters')
            .values({ key, failures, last_failure_at: now })
            .onConflict((oc) => oc.column('key').doUpdateSet({ failures, last_failure_at: now })),
        );
        return { isAllowed: true, remaining: Math.max(0, rule.freeAttempts - failures) };
      }),
    returnAttempt: async (key) =>
      store.transaction(() => {
        store.run(
          store.db
            .updateTable('failure_counters')
            .set((eb) => ({ failures: eb('failures', '-', 1) }))
            .where('key', '=', key),
        );
        store.run(store.db.deleteFrom('failure_counters').where('key', '=', key).where('failures', '<=', 0));
      }),
    give: async ({ key, capacity }) => {
      store.run(
        store.db
          .updateTable('rate_buckets')
          .set((eb) => ({ tokens: eb.fn('min', [eb('tokens', '+', 1), eb.val(capacity)]) }))
          .where('key', '=', key),
      );
    },
    prune: async ({ olderThan }) =>
      store.transaction(
        () =>
          store.run(store.db.deleteFrom('failure_counters').where('last_failure_at', '<', olderThan)) +
          store.run(store.db.deleteFrom('rate_buckets').where('updated_at', '<', olderThan)),
      ),
  });
}

export function sqliteIdempotency(store: Store): IdempotencyRepository {
  return exclusiveMethods<IdempotencyRepository>(store, {
    begin: async ({ userId, key, requestHash, ttlMs, staleMs, now = Date.now() }): Promise<IdempotencyBegin> =>
      store.transaction(() => {
        store.run(store.db.deleteFrom('idempotency_keys').where('created_at', '<', now - ttlMs));
        const row = store.first(
          store.db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('key', '=', key),
        );
        if (!row) {
          store.run(
            store.db.insertInto('idempotency_keys').values(runningIdempotencyRow(userId, key, requestHash, now)),
          );
          return { status: 'new' };
        }
        if (row.request_hash !== requestHash) return { status: 'mismatch' };
        if (row.status === 'running' && staleMs !== undefined && row.created_at < now - staleMs) {
          store.run(
            store.db
              .updateTable('idempotency_keys')
              .set({ created_at: now })
              .where('user_id', '=', userId)
              .where('key', '=', key),
          );
          return { status: 'new' };
        }
        if (row.status === 'running' || row.response_status === null || row.response_body === null)
          return { status: 'running' };
        return { status: 'done', responseStatus: row.response_status, body: row.response_body };
      }),
    finish: async ({ userId, key, responseStatus, body }) => {
      store.run(
        store.db
          .updateTable('idempotency_keys')
          .set({ status: 'done', response_status: responseStatus, response_body: body })
          .where('user_id', '=', userId)
          .where('key', '=', key),
      );
    },
    release: async ({ userId, key }) => {
      store.run(
        store.db
          .deleteFrom('idempotency_keys')
          .where('user_id', '=', userId)
          .where('key', '=', key)
          .where('status', '=', 'running'),
      );
    },
    releaseRunning: async () => store.run(store.db.deleteFrom('idempotency_keys').where('status', '=', 'running')),
  });
}
