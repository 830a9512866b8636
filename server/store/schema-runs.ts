// Table types for kysely of the work the server runs and bounds: queued steps and their leases, fair shares, rate
// buckets and failure counters, idempotency keys, `karya batch --queue`'s batches and their shared budgets.
// Shared by every adapter, as schema.ts; keep in step with migrations/.
import type { Generated } from 'kysely';

/** A queued step's answer (server/queue/): JSON of a StepOutcome. */
export interface StepResultsTable {
  job_id: string;
  result: string;
  /** Milliseconds since the epoch. */
  created_at: number;
}

/** A running step held by a live worker, renewed by its heartbeat. */
export interface StepLeasesTable {
  job_id: string;
  queue: string;
  worker_id: string;
  /** Milliseconds since the epoch. */
  heartbeat_at: number;
}

/** A costly request's fair share under way (migration 0038): its writer, its lease's end (epoch ms) unless renewed. */
export interface ShareLeasesTable {
  id: string;
  user_id: string;
  expires_at: number;
}

/** A token bucket (migration 0011): tokens left at `updated_at` (ms since the epoch). */
export interface RateBucketsTable {
  key: string;
  tokens: number;
  updated_at: number;
}

/** Consecutive failures under a key (sign-in per account and IP), the last at `last_failure_at` (ms). */
export interface FailureCountersTable {
  key: string;
  failures: number;
  last_failure_at: number;
}

/** A generation request's stored answer under its Idempotency-Key (per user). */
export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  request_hash: string;
  status: 'running' | 'done';
  response_status: number | null;
  /** JSON. */
  response_body: string | null;
  /** ms since the epoch. */
  created_at: number;
}

/** `karya batch --queue`: one batch and its shared budget (server/queue/batch.ts). */
export interface BatchesTable {
  id: string;
  rpm: number | null;
  tpm: number | null;
  window_ms: Generated<number>;
  created_at: number;
}

export interface BatchBooksTable {
  batch_id: string;
  job_key: string;
  status: 'queued' | 'done' | 'failed';
  steps_done: Generated<number>;
  error_code: string | null;
  message: string | null;
  png: Uint8Array | null;
  updated_at: number;
}

/** Calls counted against a budget (a batch's rpm/tpm), in the database's clock. */
export interface RateCallsTable {
  id: Generated<number>;
  budget: string;
  at: number;
  tokens: number;
}
