// `karya batch --queue`: a batch's books as chains of jobs on the Postgres queue, run by any number of
// `karya worker` processes under the batch's one rpm/tpm budget, counted in Postgres. This file is the queue's
// side: what a batch job is, its id, sending and submitting jobs, the queue itself. A job's run is
// `batch-book.ts`; each call's place in the budget and its count, `batch-calls.ts`.
// - Progress goes to the waiting command by NOTIFY (channel karya_batch) and is kept in batch_books.
import { createHash } from 'node:crypto';
import type { PgBoss } from 'pg-boss';
import type { BookSeries, GenerationError, Settings, Step } from '../../engine/index.js';
import type { BookVoice, StepMarks } from '../../engine/index.js';
import type { StepQueue } from './jobs.js';
import { announceJob } from '../store/postgres/channel.js';
import type { PgPool } from '../store/postgres/connect.js';
import { KEEP_DONE_S } from './jobs.js';

export const BATCH_QUEUE = 'karya-batch-step';
export { BATCH_CHANNEL, BATCH_OWNER } from '../store/postgres/batch-names.js';
/** Runs of a job again after its worker died or failed for a reason of ours (never after the model failed its step). */
export const BATCH_RETRY_LIMIT = 5;
/** A batch job's retries (the queue's default, and each job's as it is sent). */
const BATCH_RETRY = { retryLimit: BATCH_RETRY_LIMIT, retryDelay: 2, retryBackoff: true } as const;

/** One book of a batch, as a job's data: enough to open its session anywhere. */
export interface BatchBookJob {
  batchId: string;
  key: string;
  name: string;
  index: number;
  generatorId: string;
  settings: Settings;
  totalChapters: number;
  /** Where the command writes it (shown in progress lines only). */
  out: string;
  /** A series book: its place and the series as of the book before it (sent once that book is done). */
  series?: BookSeries;
  /** The writer's voice and phrases to avoid (a job's `voice:` and `avoid:`). */
  voice?: BookVoice;
}

/** A call's tokens as the batch's notices count them. */
type Tokens = { prompt: number; completion: number; total: number };

/**
 * A batch's step events as both runs of a batch tell them (the command's own run, cli/batch BatchEvent, and the
 * queue's workers, BatchNotice below): each adds its counts of tokens and spending.
 */
export type StepStartedEvent = {
  type: 'step_started';
  job: string;
  index: number;
  step: string;
  done: number;
  steps: number;
};
export type StepDoneEvent = {
  type: 'step_done';
  job: string;
  index: number;
  step: string;
  kind: Step['kind'];
  words: number;
  complete: boolean;
  notes?: string[];
  seconds: number;
  done: number;
  steps: number;
} & StepMarks;
export type StepRetryEvent = {
  type: 'step_retry';
  job: string;
  index: number;
  step: string;
  status?: number;
  attempt: number;
  waitSeconds: number;
};

/** What workers tell the waiting command (a subset of the batch's progress events). */
export type BatchNotice =
  | StepStartedEvent
  | (StepDoneEvent & { tokens: Tokens | null; sent?: CallsSent })
  | (StepRetryEvent & { code: GenerationError['code']; sent?: CallsSent })
  | { type: 'memory_done'; job: string; index: number; calls: number; tokens: Tokens | null }
  | { type: 'book_done'; job: string; key: string }
  | {
      type: 'book_failed';
      job: string;
      key: string;
      step: string;
      code: string;
      message: string;
      status?: number;
      sent?: CallsSent;
    };

/**
 * Every call a step sent and its answers' tokens (total): an answer asked again or continued and a memory update
 * caught up before the step are calls of the writer's account as much as its first answer. A failed attempt's too.
 */
export interface CallsSent {
  calls: number;
  tokens: number;
}

/** A stable job id (uuid form) for a step of a book in a batch. */
export function batchJobId(batchId: string, key: string, step: string): string {
  const h = createHash('sha256').update(`${batchId}\u0000${key}\u0000${step}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Queue the job of a book's next step (once: the id is derived from the step), after `delaySeconds`. */
export async function sendBatchStep(
  boss: PgBoss,
  pool: PgPool,
  job: BatchBookJob,
  step: string,
  delaySeconds = 0,
): Promise<void> {
  const id = batchJobId(job.batchId, job.key, step);
  await boss.send(BATCH_QUEUE, job, { id, ...BATCH_RETRY, ...(delaySeconds ? { startAfter: delaySeconds } : {}) });
  if (!delaySeconds) await announceJob(pool, BATCH_QUEUE);
}

/** A batch as its command submits it (`karya batch --queue`). */
export interface BatchSubmission {
  id: string;
  rpm: number | null;
  tpm: number | null;
  /** The window rpm and tpm count over, in ms. */
  windowMs: number;
  /** Every book of the batch (finished ones too: the command reads their ends from these rows). */
  books: ReadonlyArray<{ key: string; isFinished: boolean }>;
  /** The first job of every unfinished book, each from its own step. */
  jobs: ReadonlyArray<{ job: BatchBookJob; step: string }>;
}

/**
 * Submit a batch in one transaction: its row, its books' rows, the first job of every unfinished book
 * (one insert) and the workers' wake-up (a NOTIFY, sent at the commit). One wait for the disk where the
 * three writes each had their own, and no worker can take a job before its batch's rows exist.
 */
export async function submitBatch(queue: Pick<StepQueue, 'batches' | 'boss'>, batch: BatchSubmission): Promise<void> {
  await queue.batches.submit(batch, async (executeSql) => {
    if (!batch.jobs.length) return;
    // pg-boss's insert and the wake-up, on the transaction's connection.
    const jobs = batch.jobs.map(({ job, step }) => ({
      id: batchJobId(job.batchId, job.key, step),
      data: job,
      ...BATCH_RETRY,
    }));
    await queue.boss.insert(BATCH_QUEUE, jobs, { db: { executeSql } });
    await announceJob({ query: executeSql }, BATCH_QUEUE);
  });
}

/** Create the batch queue unless it exists (openQueue calls this under its setup lock). */
export async function ensureBatchQueue(boss: PgBoss): Promise<void> {
  if (await boss.getQueue(BATCH_QUEUE)) return;
  await boss.createQueue(BATCH_QUEUE, { ...BATCH_RETRY, expireInSeconds: 30 * 60, deleteAfterSeconds: KEEP_DONE_S });
}
