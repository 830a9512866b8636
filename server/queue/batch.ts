// `karya batch --queue`: a batch's books as chains of jobs on the Postgres queue, run by any number of
// `karya worker` processes under the batch's one rpm/tpm budget, counted in Postgres.
// - A job runs a book from one of its steps on: the worker opens the book's session on the saved
//   progress (owner `cli`, the job's key, as `karya generate` and `karya batch` save it) and runs its
//   steps one after another, each followed by its memory update, on the same session and book lock. A
//   job per step cost a queue round (send, fetch, lease, lock, load, complete: ~10 commits) for every
//   step; the book's steps are a chain anyway. The chain goes back to the queue as the job of its next
//   step (ids derived from the batch, the book and the step, so a step is queued once) when its worker is
//   stopping. A step the model failed (its provider's own retries spent: engine/providers/retry.ts is the one
//   retrier) fails its book, never asked again by the queue; the queue runs a job again only when its worker
//   died or the failure was ours (the database away). A step's save is its commit point: a job retried after its worker was killed
//   finds the finished steps saved and goes on with the next, so no finished step is asked for again;
//   only a call cut off in flight is. The steps' saves do not wait for the disk (synchronous_commit off
//   on the book's connection): a crash of the database itself may lose the last fraction of a second of
//   them, and the retried job writes those steps again; a book's end waits for the disk (and with it
//   every save before it).
// - Every call of every worker first takes its place in the batch's budget: a sliding window of calls
//   (rpm) and tokens (tpm) kept in rate_calls and decided under an advisory lock, in the database's clock.
// - Progress goes to the waiting command by NOTIFY (channel karya_batch) and is kept in batch_books.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { JobWithMetadata, PgBoss } from 'pg-boss';
import type PQueue from 'p-queue';
import {
  BookSession, GenerationError, stepsFor, stepKey, type BookSeries, type Settings, type Step,
} from '../../engine/index.js';
import { afterWaitingIo, type Provider, type TextRequest } from '../../engine/node.js';
import { CallBudget, answerNotesOf, providerThrough, withBudget, sleep, stepMarksOf, type BookVoice, type StepMarks } from '../../engine/index.js';
import type { AppContext } from '../core/context.js';
import type { StepQueue } from './jobs.js';
import type { Database } from '../store/schema.js';
import { postgresBookStore } from '../store/postgres/books.js';
import { announceJob } from '../store/postgres/channel.js';
import type { BatchRepository } from '../store/postgres/batches.js';
import type { PgPool } from '../store/postgres/connect.js';
import { KEEP_DONE_S } from './jobs.js';
import { BATCH_OWNER } from '../store/postgres/batch-names.js';

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

/** What workers tell the waiting command (a subset of the batch's progress events). */
export type BatchNotice =
  | { type: 'step_started'; job: string; index: number; step: string; done: number; steps: number }
  | ({ type: 'step_done'; job: string; index: number; step: string; kind: Step['kind']; words: number; complete: boolean; notes?: string[]; tokens: { prompt: number; completion: number; total: number } | null; seconds: number; done: number; steps: number; sent?: CallsSent } & StepMarks)
  | { type: 'step_retry'; job: string; index: number; step: string; code: GenerationError['code']; status?: number; attempt: number; waitSeconds: number; sent?: CallsSent }
  | { type: 'memory_done'; job: string; index: number; calls: number; tokens: { prompt: number; completion: number; total: number } | null }
  | { type: 'book_done'; job: string; key: string }
  | { type: 'book_failed'; job: string; key: string; step: string; code: string; message: string; status?: number; sent?: CallsSent };

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
export async function sendBatchStep(boss: PgBoss, pool: PgPool, job: BatchBookJob, step: string, delaySeconds = 0): Promise<void> {
  await boss.send(BATCH_QUEUE, job, { id: batchJobId(job.batchId, job.key, step), ...BATCH_RETRY, ...(delaySeconds ? { startAfter: delaySeconds } : {}) });
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
    await queue.boss.insert(BATCH_QUEUE, batch.jobs.map(({ job, step }) => ({ id: batchJobId(job.batchId, job.key, step), data: job, ...BATCH_RETRY })), { db: { executeSql } });
    await announceJob({ query: executeSql }, BATCH_QUEUE);
  });
}

/** Create the batch queue unless it exists (openQueue calls this under its setup lock). */
export async function ensureBatchQueue(boss: PgBoss): Promise<void> {
  if (await boss.getQueue(BATCH_QUEUE)) return;
  await boss.createQueue(BATCH_QUEUE, { ...BATCH_RETRY, expireInSeconds: 30 * 60, deleteAfterSeconds: KEEP_DONE_S });
}

/** Rough tokens of a call as the API counts them: prompt (about 4 characters a token) + max_tokens. */
function callTokens(request: TextRequest): number {
  return Math.ceil((request.system.length + request.user.length) / 4) + 11 + request.maxTokens;
}

/**
 * Take a place in a batch's budget for one call of `tokens`: wait (sleeping, not holding the lock) while
 * the last window holds `rpm` calls already or too many tokens. Decided under an advisory lock, with the
 * database's clock, so workers on any machines share one window.
 */
export async function takeBudget(batches: BatchRepository, input: { batchId: string; rpm: number | null; tpm: number | null; windowMs: number; tokens: number; signal?: AbortSignal }): Promise<void> {
  const { rpm, tpm } = input;
  if (!rpm && !tpm) return;
  const tokens = tpm ? Math.min(input.tokens, tpm) : input.tokens;
  for (;;) {
    const waitMs = await batches.takePlace({ batchId: input.batchId, rpm, tpm, windowMs: input.windowMs, tokens });
    if (waitMs === 0) return;
    await sleep(waitMs, input.signal);
  }
}

/** Run one queued batch step (a worker's handler); answers whether the book is over (done or failed). */
export interface BatchEnv {
  pool: PgPool;
  boss: PgBoss;
  batches: BatchRepository;
  /** The worker's pool for book locks (the main pool when not given). */
  locks?: PgPool;
  /** The job's lease is written (awaited before the book's first call). */
  leasedNow?: Promise<void>;
  /** The worker is stopping: the chain goes back to the queue after the step running now. */
  isStopping?: () => boolean;
  /** The provider of batch calls (the context's when not given): `karya worker` gives `karya batch`'s own. */
  provider?: Provider;
  /** The worker's call slots, shared by its books (every call waits for one; none when not given). */
  calls?: PQueue;
}

export async function runBatchStep(ctx: AppContext, env: BatchEnv, job: JobWithMetadata<BatchBookJob>): Promise<void> {
  const data = job.data;
  const { pool, batches } = env;
  const spec = ctx.catalog.get(data.generatorId);
  if (!spec) return failBook(batches, data, { step: '', code: 'unexpected', message: `generator "${data.generatorId}" is not known to this worker` });
  // The batch was stopped (its command interrupted): its chains end here. (Read while the lock is taken.)
  const batchRow = batches.find(data.batchId);
  batchRow.catch(() => undefined);
  // One step of a book at a time, even if two batches (an interrupted command run again) hold it: an
  // advisory lock on a connection of the worker's lock pool (never the main pool: held locks would starve
  // the queries of the steps that hold them). The book's own saves (steps, memory, progress) run on that
  // connection without waiting for the disk (synchronous_commit off: a crash of the database may lose
  // the last fraction of a second of them, which the job's retry writes again); the book's end is
  // committed on the main pool, waiting for the disk, which makes every earlier save durable too.
  const lock = await batches.holdBook(data.key, env.locks ?? pool);
  try {
    const batch = await batchRow;
    if (!batch) return;
    await env.leasedNow;
    const budget = { batchId: batch.id, rpm: batch.rpm, tpm: batch.tpm, windowMs: batch.window_ms };
    const calls = env.provider ?? ctx.provider;
    // Every call (steps, continuations, memory updates) waits for its place in the batch's budget.
    // (A call takes its slot first, then its place in the budget: the budget counts calls as they are sent.)
    const slot = <T>(signal: AbortSignal | undefined, call: () => Promise<T>): Promise<T> => (env.calls ? env.calls.add(call, signal ? { signal } : {}) : call());
    // (The model's window goes through as it is, for the session to fit every request in it: engine/session/fit.ts.)
    const provider = providerThrough(calls, {
      // After its answer a book does its own work (checks, saves, the next prompt) only once the answers
      // that arrived with it have freed their slots for the next calls: answers come in waves (calls of
      // one latency sent together), and each book's work before the next answer was read held back every
      // later slot of the wave by that much (~5 ms a call on average, 20 calls a slot in the benchmark).
      // (The session keeps each answer first, then waits for the turn: `afterAnswer` below.)
      text: (request, send) =>
        slot(request.signal, async () => {
          await takeBudget(batches, { ...budget, tokens: callTokens(request), ...(request.signal ? { signal: request.signal } : {}) });
          return send(request);
        }),
      image: (request, send) =>
        slot(request.signal, async () => {
          await takeBudget(batches, { ...budget, tokens: 0 });
          return send(request);
        }),
    });
    const totalSteps = stepsFor(spec, data.totalChapters).length;
    await runLocked(ctx, { ...env, provider, totalSteps, saves: lock.db, savedBatches: lock.batches }, data);
  } finally {
    await lock.release();
  }
}

/** A book of the batch failed: its row says why, and the waiting command is told. */
function failBook(batches: BatchRepository, data: BatchBookJob, failure: { step: string; code: string; message: string; status?: number; sent?: CallsSent }): Promise<void> {
  const { step, code, message, status, sent } = failure;
  const notice: BatchNotice = { type: 'book_failed', job: data.name, key: data.key, step, code, message, ...(status ? { status } : {}), ...(sent?.calls ? { sent } : {}) };
  return batches.fail({ batchId: data.batchId, key: data.key, code, message, notice });
}

async function runLocked(ctx: AppContext, env: BatchEnv & { provider: Provider; totalSteps: number; saves: Kysely<Database>; savedBatches: BatchRepository }, data: BatchBookJob): Promise<void> {
  const { batches, pool, boss, provider, totalSteps, saves, savedBatches } = env;
  const spec = ctx.catalog.get(data.generatorId)!;
  // Whether the batch still runs (its command was not interrupted): read in the statement of each step's
  // progress, so that no read of its own waits between two steps.
  let isRunning = true;
  const store = postgresBookStore(saves, BATCH_OWNER);
  const session = await BookSession.open({ spec, renderer: ctx.catalog.renderer, provider, store, key: data.key, settings: data.settings, totalChapters: data.totalChapters, onFinished: 'keep', ...(data.series ? { series: data.series } : {}), ...(data.voice ? { voice: data.voice } : {}) });
  const doneOf = () => session.state.content.length + (session.state.outline !== undefined ? 1 : 0);
  // This job's budget of model calls (engine/budget.ts): each step left and, for a book, its story-bible update.
  const budgeted = withBudget(provider, new CallBudget({ planned: Math.max(1, totalSteps - doneOf()) * (spec.kind === 'book' ? 2 : 1) }));
  for (let isFirst = true; ; isFirst = false) {
    const step = session.next();
    if (!step) return finishBook(batches, data, null);
    if (!isFirst) {
      // The batch was stopped (its command interrupted) meanwhile: the chain ends here.
      if (!isRunning) return;
      // This worker stops: another one goes on with the next step.
      if (env.isStopping?.()) return sendBatchStep(boss, pool, data, stepKey(step));
    }
    const label = session.label(step);
    // A progress line only: not waited for.
    batches.notify(data.batchId, { type: 'step_started', job: data.name, index: data.index, step: label, done: doneOf(), steps: totalSteps }).catch(() => undefined);
    let result;
    // Every request of the step counted as it is sent (its memory catch-up, re-asks, continuations and the provider's retries too).
    const stepCalls = counting(budgeted, (notice) => {
      // The provider's retry, told as it waits (a progress line; not waited for).
      batches.notify(data.batchId, { type: 'step_retry', job: data.name, index: data.index, step: label, code: notice.code, ...(notice.status ? { status: notice.status } : {}), attempt: notice.attempt, waitSeconds: Number((notice.delayMs / 1000).toFixed(3)) }).catch(() => undefined);
    });
    try {
      result = await session.advance({ expected: step, provider: stepCalls.provider, afterAnswer: afterWaitingIo, signal: AbortSignal.timeout(ctx.config.generationTimeoutMs) });
    } catch (error) {
      const failure = error instanceof GenerationError ? error : new GenerationError('unexpected', { cause: error });
      // The provider retried what was worth it; the book fails here and the next run of the batch takes it up again.
      await failBook(batches, data, { step: label, code: failure.code, message: failure.code === 'unexpected' && error instanceof Error ? error.message : failure.message, ...(failure.status ? { status: failure.status } : {}), sent: stepCalls.sent() });
      return;
    }
    const u = result.usage;
    const notice: BatchNotice = {
      type: 'step_done', job: data.name, index: data.index, step: label, kind: step.kind, words: result.words, complete: result.isComplete,
      ...notesOf(answerNotesOf(result, label, session.state.lang).map((n) => n.message)),
      tokens: u ? { prompt: u.promptTokens, completion: u.completionTokens, total: u.totalTokens } : null, seconds: Number(result.seconds.toFixed(3)), done: doneOf(), steps: totalSteps, sent: stepCalls.sent(),
      // What a local batch's step_done says of the part too (cli/batch/book-run.ts).
      ...stepMarksOf(result),
    };
    // The book's progress, its notice and whether the batch still runs, in one statement, sent while the
    // memory update's call runs (awaited after it: a failure fails the job as before). The book's last step's go in
    // the statement of the book's end instead: one round trip where the two took one each, one after the other,
    // before the worker could take the book after it.
    const isLast = !session.next();
    const progress = isLast ? Promise.resolve(true) : savedBatches.progress({ batchId: data.batchId, key: data.key, stepsDone: doneOf(), notice });
    progress.catch(() => undefined);
    // The memory update belongs to this step: a failure is caught up before the next one.
    const told = rememberPart(session, budgeted, ctx.config.generationTimeoutMs, (usage) => savedBatches.notify(data.batchId, { type: 'memory_done', job: data.name, index: data.index, ...usage } satisfies BatchNotice));
    // A stopped batch never runs again: either read saying so ends the chain.
    isRunning &&= await progress;
    // (Its notice is out before the book's end: the command counts it before it closes the batch.)
    await told;
    if (isLast) return finishBook(batches, data, result.png ?? null, { stepsDone: doneOf(), notice });
  }
}

/**
 * A part's memory update, its calls and their tokens told to the waiting command (`tell`), which counts them in
 * the batch's totals as a local batch does: every call sent, a failed update's too. Never throws.
 */
async function rememberPart(session: BookSession, provider: Provider, timeoutMs: number, tell: (usage: { calls: number; tokens: { prompt: number; completion: number; total: number } | null }) => Promise<void>): Promise<void> {
  const counted = counting(provider);
  await session.remember({ provider: counted.provider, afterAnswer: afterWaitingIo, signal: AbortSignal.timeout(timeoutMs) }).catch(() => undefined);
  const { calls, usage: tokens } = counted;
  if (calls) await tell({ calls, tokens }).catch(() => undefined);
}

/** `provider` counting each call as it is sent and its answer's tokens as it comes back (a failed call's call too). */
function counting(provider: Provider, onRetry?: TextRequest['onRetry']) {
  const counted = {
    calls: 0,
    usage: null as { prompt: number; completion: number; total: number } | null,
    provider: providerThrough(provider, {
      text: async (request, send) => {
        // The call's first request counted now (a provider that says nothing of its requests sent one), each further one as it goes out.
        let sent = 0;
        counted.calls++;
        const answer = await send({
          ...request,
          onRequest: () => {
            if (++sent > 1) counted.calls++;
            request.onRequest?.();
          },
          ...(onRetry ? { onRetry: (notice) => {
            onRetry(notice);
            request.onRetry?.(notice);
          } } : {}),
        });
        const u = answer.usage;
        const was = counted.usage;
        if (u) counted.usage = { prompt: (was?.prompt ?? 0) + u.promptTokens, completion: (was?.completion ?? 0) + u.completionTokens, total: (was?.total ?? 0) + u.totalTokens };
        return answer;
      },
      image: (request, send) => {
        counted.calls++;
        return send(request);
      },
    }),
    sent: (): CallsSent => ({ calls: counted.calls, tokens: counted.usage?.total ?? 0 }),
  };
  return counted;
}

async function finishBook(batches: BatchRepository, data: BatchBookJob, png: Uint8Array | null, step?: { stepsDone: number; notice: BatchNotice }): Promise<void> {
  // The book's end and its notice (after its last step's, when given) in one statement (waiting for the disk: see runBatchStep).
  const notice: BatchNotice = { type: 'book_done', job: data.name, key: data.key };
  await batches.finish({ batchId: data.batchId, key: data.key, png, notice, ...(step ? { step } : {}) });
}

/** A batch step out of attempts after its workers were killed: its book fails (its finished steps stay saved). */
export async function giveUpBatchStep(batches: BatchRepository, data: BatchBookJob): Promise<void> {
  await failBook(batches, data, { step: '', code: 'service_unavailable', message: 'the workers running this step stopped; run the same command again to continue' });
}

/** A step's notes on its answers, when it has any (what the batch's report prints under the step). */
function notesOf(notes: string[]): { notes?: string[] } {
  return notes.length ? { notes } : {};
}
