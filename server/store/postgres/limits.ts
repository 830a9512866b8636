// Token buckets, failure counters and Idempotency-Key answers on Postgres: each method one transaction;
// the row is made first (INSERT … ON CONFLICT DO NOTHING) and then locked (FOR UPDATE), so concurrent
// requests on several servers queue on it instead of both taking the last token or both claiming a key.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import type { BucketTake, IdempotencyBegin, IdempotencyRepository, LimitRepository } from '../ports.js';
import { inTransaction } from './conn.js';
import { bucketLevel } from '../sqlite/limits.js';
import { attemptWait, runningIdempotencyRow } from '../model.js';

type Db = Kysely<Database>;

export function postgresLimits(db: Db): LimitRepository {
  return {
    take: bucketTake(db),
    peek: async ({ key, capacity, refillMs, now = Date.now() }) =>
      bucketLevel(
        await db.selectFrom('rate_buckets').select(['tokens', 'updated_at']).where('key', '=', key).executeTakeFirst(),
        { capacity, refillMs },
        now,
      ),
    failures: async (key) => {
      const row = await db
        .selectFrom('failure_counters')
        .select(['failures', 'last_failure_at'])
        .where('key', '=', key)
        .executeTakeFirst();
      return row ? { failures: Number(row.failures), lastFailureAt: Number(row.last_failure_at) } : null;
    },
    recordFailure: async ({ key, now = Date.now() }) => {
      const row = await db
        .insertInto('failure_counters')
        .values({ key, failures: 1, last_failure_at: now })
        .onConflict((oc) =>
          oc
            .column('key')
            .doUpdateSet((eb) => ({ failures: eb('failure_counters.failures', '+', 1), last_failure_at: now })),
        )
        .returning('failures')
        .executeTakeFirst();
      return Number(row?.failures ?? 1);
    },
    clearFailures: async (key) => {
      await db.deleteFrom('failure_counters').where('key', '=', key).execute();
    },
    claimAttempt: attemptClaim(db),
    returnAttempt: async (key) => {
      await db
        .updateTable('failure_counters')
        .set((eb) => ({ failures: eb('failures', '-', 1) }))
        .where('key', '=', key)
        .execute();
      await db.deleteFrom('failure_counters').where('key', '=', key).where('failures', '<=', 0).execute();
    },
    give: async ({ key, capacity }) => {
      await db
        .updateTable('rate_buckets')
        .set((eb) => ({ tokens: eb.fn('least', [eb('tokens', '+', 1), eb.val(capacity)]) }))
        .where('key', '=', key)
        .execute();
    },
    prune: async ({ olderThan }) => {
      const failures = await db
        .deleteFrom('failure_counters')
        .where('last_failure_at', '<', olderThan)
        .executeTakeFirst();
      const buckets = await db.deleteFrom('rate_buckets').where('updated_at', '<', olderThan).executeTakeFirst();
      return Number(failures.numDeletedRows) + Number(buckets.numDeletedRows);
    },
  };
}

/** Take one token of a bucket (made full at first), refilled over time: refused with the wait while it is empty. */
function bucketTake(db: Db): LimitRepository['take'] {
  return ({ key, capacity, refillMs, now = Date.now() }) =>
    inTransaction(db, async (trx): Promise<BucketTake> => {
      await trx
        .insertInto('rate_buckets')
        .values({ key, tokens: capacity, updated_at: now })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await trx
        .selectFrom('rate_buckets')
        .select(['tokens', 'updated_at'])
        .where('key', '=', key)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const tokens = Math.min(capacity, Number(row.tokens) + Math.max(0, now - Number(row.updated_at)) / refillMs);
      if (tokens < 1) return { isAllowed: false, retryAfterMs: Math.ceil((1 - tokens) * refillMs) };
      await trx
        .updateTable('rate_buckets')
        .set({ tokens: tokens - 1, updated_at: now })
        .where('key', '=', key)
        .execute();
      return { isAllowed: true, remaining: Math.floor(tokens - 1) };
    });
}

/** Count one attempt against its rule (free attempts, then growing waits): refused with the wait until it may. */
function attemptClaim(db: Db): LimitRepository['claimAttempt'] {
  return ({ key, rule, now = Date.now() }) =>
    inTransaction(db, async (trx): Promise<BucketTake> => {
      await trx
        .insertInto('failure_counters')
        .values({ key, failures: 0, last_failure_at: now })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await trx
        .selectFrom('failure_counters')
        .select(['failures', 'last_failure_at'])
        .where('key', '=', key)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const counted = { failures: Number(row.failures), lastFailureAt: Number(row.last_failure_at) };
      const wait = attemptWait(counted, rule, now);
      if (wait > 0) return { isAllowed: false, retryAfterMs: wait };
      await trx
        .updateTable('failure_counters')
        .set({ failures: counted.failures + 1, last_failure_at: now })
        .where('key', '=', key)
        .execute();
      return { isAllowed: true, remaining: Math.max(0, rule.freeAttempts - counted.failures - 1) };
    });
}

export function postgresIdempotency(db: Db): IdempotencyRepository {
  return {
    begin: ({ userId, key, requestHash, ttlMs, staleMs, now = Date.now() }) =>
      inTransaction(db, async (trx): Promise<IdempotencyBegin> => {
        await trx
          .deleteFrom('idempotency_keys')
          .where('user_id', '=', userId)
          .where('key', '=', key)
          .where('created_at', '<', now - ttlMs)
          .execute();
        const inserted = await trx
          .insertInto('idempotency_keys')
          .values(runningIdempotencyRow(userId, key, requestHash, now))
          .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
          .returning('key')
          .executeTakeFirst();
        if (inserted) return { status: 'new' };
        const row = await trx
          .selectFrom('idempotency_keys')
          .selectAll()
          .where('user_id', '=', userId)
          .where('key', '=', key)
          .forUpdate()
          .executeTakeFirstOrThrow();
        if (row.request_hash !== requestHash) return { status: 'mismatch' };
        if (row.status === 'running' && staleMs !== undefined && Number(row.created_at) < now - staleMs) {
          await trx
            .updateTable('idempotency_keys')
            .set({ created_at: now })
            .where('user_id', '=', userId)
            .where('key', '=', key)
            .execute();
          return { status: 'new' };
        }
        if (row.status === 'running' || row.response_status === null || row.response_body === null)
          return { status: 'running' };
        return { status: 'done', responseStatus: Number(row.response_status), body: row.response_body };
      }),
    finish: async ({ userId, key, responseStatus, body }) => {
      await db
        .updateTable('idempotency_keys')
        .set({ status: 'done', response_status: responseStatus, response_body: body })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .execute();
    },
    release: async ({ userId, key }) => {
      await db
        .deleteFrom('idempotency_keys')
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .where('status', '=', 'running')
        .execute();
    },
    releaseRunning: async () =>
      Number(
        (await db.deleteFrom('idempotency_keys').where('status', '=', 'running').executeTakeFirst()).numDeletedRows,
      ),
  };
}
