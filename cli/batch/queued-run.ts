// What a queued batch's run is given and keeps while it runs (queued.ts runs it): the command's input, the
// connections it runs over, and the books written, their steps and the calls and tokens the workers sent.
import type { Catalog } from '../../engine/index.js';
import type { BatchNotice, openStore, postgresBookStore, StateRepositories, StepQueue } from '../../server/index.js';
import type { BatchJob } from './jobs.js';
import type { BatchEvent } from './scheduler.js';

export interface QueuedBatchInput {
  jobs: readonly BatchJob[];
  rpm?: number;
  tpm?: number;
  signal: AbortSignal;
  onEvent(event: BatchEvent): void;
  /** Called once the saved progress is known: steps in all and steps already written. */
  onPlanned?(plan: { totalSteps: number; doneSteps: number }): void;
  /** The generators (a series book's series is derived from its books'). */
  catalog?: Catalog;
  /** The near-duplicate threshold (default 15 %): a book done is compared with the owner's others first. */
  closeThreshold?: number;
}

export type Postgres = NonNullable<Awaited<ReturnType<typeof openStore>>['postgres']>;
export type QueuedRun = QueuedBatchInput & {
  batchId: string;
  postgres: Postgres;
  repos: StateRepositories;
  queue: StepQueue;
  onNotice(handle: (notice: BatchNotice) => void): void;
};
export type Totals = {
  calls: number;
  tokens: number;
  retries: number;
  shortParts: number;
  repeatingParts: number;
  tooClose: number;
};
export type SavedBooks = ReturnType<typeof postgresBookStore>;

/**
 * What the command keeps of a batch while it runs: the books written (or failed), each one's steps done before and its
 * start.
 */
export interface Progress {
  /** The books this command queued (each ends with its notice), as against those finished before it. */
  queued: Set<string>;
  written: Map<string, 'done' | 'failed'>;
  stepsDone: Map<string, number>;
  startedAt: Map<string, number>;
  totals: Totals;
}
