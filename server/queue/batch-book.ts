// A queued batch's job run by a worker (server/queue/batch.ts): a book from one of its steps on.
// - The worker opens the book's session on the saved progress (owner `cli`, the job's key, as `karya generate`
//   and `karya batch` save it) and runs its steps one after another, each followed by its memory update, on the
//   same session and book lock. A job per step cost a queue round (send, fetch, lease, lock, load, complete:
//   ~10 commits) for every step; the book's steps are a chain anyway. The chain goes back to the queue as the job
//   of its next step (ids derived from the batch, the book and the step, so a step is queued once) when its worker
//   is stopping. A step the model failed (its provider's own retries spent: engine/providers/retry.ts is the one
//   retrier) fails its book, never asked again by the queue; the queue runs a job again only when its worker died
//   or the failure was ours (the database away). A step's save is its commit point: a job retried after its
//   worker was killed finds the finished steps saved and goes on with the next, so no finished step is asked for
//   again; only a call cut off in flight is. The steps' saves do not wait for the disk (synchronous_commit off on
//   the book's connection): a crash of the database itself may lose the last fraction of a second of them, and
//   the retried job writes those steps again; a book's end waits for the disk (and with it every save before it).
// - Every call first takes its place in the batch's budget (batch-calls.ts).
import type { Kysely } from 'kysely';
import type { JobWithMetadata, PgBoss } from 'pg-boss';
import type PQueue from 'p-queue';
import { BookSession, GenerationError, stepsFor, stepKey } from '../../engine/index.js';
import { afterWaitingIo, type Provider } from '../../engine/node.js';
import { CallBudget, answerNotesOf, providerThrough, withBudget, stepMarksOf } from '../../engine/index.js';
import type { AppContext } from '../core/context.js';
import type { Database } from '../store/schema.js';
import { postgresBookStore } from '../store/postgres/books.js';
import type { BatchRepository } from '../store/postgres/batches.js';
import type { PgPool } from '../store/postgres/connect.js';
import { BATCH_OWNER } from '../store/postgres/batch-names.js';
import { sendBatchStep, type BatchBookJob, type BatchNotice, type CallsSent } from './batch.js';
import { callTokens, counting, takeBudget, type BatchBudget } from './batch-calls.js';

/** What a worker gives the run of a batch step. */
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

/** What the run of a locked book adds to its worker's env. */
type LockedEnv = BatchEnv & {
  provider: Provider;
  totalSteps: number;
  saves: Kysely<Database>;
  savedBatches: BatchRepository;
};

/** Run one queued batch step (a worker's handler), on until the book is over (done or failed) or handed on. */
export async function runBatchStep(ctx: AppContext, env: BatchEnv, job: JobWithMetadata<BatchBookJob>): Promise<void> {
  const data = job.data;
  const { pool, batches } = env;
  const spec = ctx.catalog.get(data.generatorId);
  if (!spec) {
    const message = `generator "${data.generatorId}" is not known to this worker`;
    return failBook(batches, data, { step: '', code: 'unexpected', message });
  }
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
    const provider = budgetedCalls(env, env.provider ?? ctx.provider, budget);
    const totalSteps = stepsFor(spec, data.totalChapters).length;
    await runLocked(ctx, { ...env, provider, totalSteps, saves: lock.db, savedBatches: lock.batches }, data);
  } finally {
    await lock.release();
  }
}

/**
 * `calls` with every call (steps, continuations, memory updates) waiting for its place in the batch's budget.
 * (A call takes its slot first, then its place in the budget: the budget counts calls as they are sent.)
 */
function budgetedCalls(env: BatchEnv, calls: Provider, budget: BatchBudget): Provider {
  const slot = <T>(signal: AbortSignal | undefined, call: () => Promise<T>): Promise<T> =>
    env.calls ? env.calls.add(call, signal ? { signal } : {}) : call();
  // (The model's window goes through as it is, for the session to fit every request in it: engine/session/fit.ts.)
  return providerThrough(calls, {
    // After its answer a book does its own work (checks, saves, the next prompt) only once the answers
    // that arrived with it have freed their slots for the next calls: answers come in waves (calls of
    // one latency sent together), and each book's work before the next answer was read held back every
    // later slot of the wave by that much (~5 ms a call on average, 20 calls a slot in the benchmark).
    // (The session keeps each answer first, then waits for the turn: `afterAnswer` below.)
    text: (request, send) =>
      slot(request.signal, async () => {
        const signal = request.signal ? { signal: request.signal } : {};
        await takeBudget(env.batches, { ...budget, tokens: callTokens(request), ...signal });
        return send(request);
      }),
    image: (request, send) =>
      slot(request.signal, async () => {
        await takeBudget(env.batches, { ...budget, tokens: 0 });
        return send(request);
      }),
  });
}

/** A book of the batch failed: its row says why, and the waiting command is told. */
function failBook(
  batches: BatchRepository,
  data: BatchBookJob,
  failure: { step: string; code: string; message: string; status?: number; sent?: CallsSent },
): Promise<void> {
  const { step, code, message, status, sent } = failure;
  const notice: BatchNotice = {
    type: 'book_failed',
    job: data.name,
    key: data.key,
    step,
    code,
    message,
    ...(status ? { status } : {}),
    ...(sent?.calls ? { sent } : {}),
  };
  return batches.fail({ batchId: data.batchId, key: data.key, code, message, notice });
}

async function runLocked(ctx: AppContext, env: LockedEnv, data: BatchBookJob): Promise<void> {
  const { batches, pool, boss, provider, totalSteps, saves, savedBatches } = env;
  const spec = ctx.catalog.get(data.generatorId)!;
  // Whether the batch still runs (its command was not interrupted): read in the statement of each step's
  // progress, so that no read of its own waits between two steps.
  let isRunning = true;
  const store = postgresBookStore(saves, BATCH_OWNER);
  const session = await BookSession.open({
    spec,
    renderer: ctx.catalog.renderer,
    provider,
    store,
    key: data.key,
    settings: data.settings,
    totalChapters: data.totalChapters,
    onFinished: 'keep',
    ...(data.series ? { series: data.series } : {}),
    ...(data.voice ? { voice: data.voice } : {}),
  });
  const doneOf = () => session.state.content.length + (session.state.outline !== undefined ? 1 : 0);
  // This job's budget of model calls (engine/budget.ts): each step left and, for a book, its story-bible update.
  const planned = Math.max(1, totalSteps - doneOf()) * (spec.kind === 'book' ? 2 : 1);
  const budgeted = withBudget(provider, new CallBudget({ planned }));
  const told = { job: data.name, index: data.index };
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
    const started: BatchNotice = { type: 'step_started', ...told, step: label, done: doneOf(), steps: totalSteps };
    batches.notify(data.batchId, started).catch(() => undefined);
    let result;
    // Every request of the step counted as it is sent (its memory catch-up, re-asks, continuations and the
    // provider's retries too).
    // The provider's retry, told as it waits (a progress line; not waited for).
    const stepCalls = counting(budgeted, (notice) => {
      batches.notify(data.batchId, retryNotice(notice, { ...told, label })).catch(() => undefined);
    });
    try {
      const signal = AbortSignal.timeout(ctx.config.generationTimeoutMs);
      const calls = stepCalls.provider;
      result = await session.advance({ expected: step, provider: calls, afterAnswer: afterWaitingIo, signal });
    } catch (error) {
      const failure = error instanceof GenerationError ? error : new GenerationError('unexpected', { cause: error });
      // The provider retried what was worth it; the book fails here and the next run of the batch takes it up again.
      const message = failure.code === 'unexpected' && error instanceof Error ? error.message : failure.message;
      const status = failure.status ? { status: failure.status } : {};
      await failBook(batches, data, { step: label, code: failure.code, message, ...status, sent: stepCalls.sent() });
      return;
    }
    const progressNow = { done: doneOf(), steps: totalSteps, sent: stepCalls.sent() };
    const notice = stepDoneNotice(result, {
      ...told,
      label,
      kind: step.kind,
      lang: session.state.lang,
      ...progressNow,
    });
    // The book's progress, its notice and whether the batch still runs, in one statement, sent while the
    // memory update's call runs (awaited after it: a failure fails the job as before). The book's last step's go in
    // the statement of the book's end instead: one round trip where the two took one each, one after the other,
    // before the worker could take the book after it.
    const isLast = !session.next();
    const progress = isLast
      ? Promise.resolve(true)
      : savedBatches.progress({ batchId: data.batchId, key: data.key, stepsDone: doneOf(), notice });
    progress.catch(() => undefined);
    // The memory update belongs to this step: a failure is caught up before the next one.
    const remembered = rememberPart(session, budgeted, ctx.config.generationTimeoutMs, (usage) =>
      savedBatches.notify(data.batchId, { type: 'memory_done', ...told, ...usage } satisfies BatchNotice),
    );
    // A stopped batch never runs again: either read saying so ends the chain.
    isRunning &&= await progress;
    // (Its notice is out before the book's end: the command counts it before it closes the batch.)
    await remembered;
    if (isLast) return finishBook(batches, data, result.png ?? null, { stepsDone: doneOf(), notice });
  }
}

type AdvanceResult = Awaited<ReturnType<BookSession['advance']>>;
type RetryNotice = Parameters<NonNullable<Parameters<typeof counting>[1]>>[0];
type StepDone = Extract<BatchNotice, { type: 'step_done' }>;

/** A step's end as the waiting command reads it: its words, notes, tokens and time, and the book's progress. */
function stepDoneNotice(
  result: AdvanceResult,
  input: Pick<StepDone, 'job' | 'index' | 'kind' | 'done' | 'steps' | 'sent'> & {
    label: string;
    lang: BookSession['state']['lang'];
  },
): BatchNotice {
  const { label, lang, ...told } = input;
  const u = result.usage;
  return {
    type: 'step_done',
    job: told.job,
    index: told.index,
    step: label,
    kind: told.kind,
    words: result.words,
    complete: result.isComplete,
    ...notesOf(answerNotesOf(result, label, lang).map((n) => n.message)),
    tokens: u ? { prompt: u.promptTokens, completion: u.completionTokens, total: u.totalTokens } : null,
    seconds: Number(result.seconds.toFixed(3)),
    done: told.done,
    steps: told.steps,
    sent: told.sent,
    // What a local batch's step_done says of the part too (cli/batch/book-run.ts).
    ...stepMarksOf(result),
  };
}

/** The provider's retry of a step's call, as the waiting command reads it. */
function retryNotice(notice: RetryNotice, told: { job: string; index: number; label: string }): BatchNotice {
  return {
    type: 'step_retry',
    job: told.job,
    index: told.index,
    step: told.label,
    code: notice.code,
    ...(notice.status ? { status: notice.status } : {}),
    attempt: notice.attempt,
    waitSeconds: Number((notice.delayMs / 1000).toFixed(3)),
  };
}

/**
 * A part's memory update, its calls and their tokens told to the waiting command (`tell`), which counts them in
 * the batch's totals as a local batch does: every call sent, a failed update's too. Never throws.
 */
async function rememberPart(
  session: BookSession,
  provider: Provider,
  timeoutMs: number,
  tell: (usage: Pick<Extract<BatchNotice, { type: 'memory_done' }>, 'calls' | 'tokens'>) => Promise<void>,
): Promise<void> {
  const counted = counting(provider);
  const signal = AbortSignal.timeout(timeoutMs);
  await session.remember({ provider: counted.provider, afterAnswer: afterWaitingIo, signal }).catch(() => undefined);
  const { calls, usage: tokens } = counted;
  if (calls) await tell({ calls, tokens }).catch(() => undefined);
}

async function finishBook(
  batches: BatchRepository,
  data: BatchBookJob,
  png: Uint8Array | null,
  step?: { stepsDone: number; notice: BatchNotice },
): Promise<void> {
  // The book's end and its notice (after its last step's, when given) in one statement (waiting for the disk: see
  // runBatchStep).
  const notice: BatchNotice = { type: 'book_done', job: data.name, key: data.key };
  await batches.finish({ batchId: data.batchId, key: data.key, png, notice, ...(step ? { step } : {}) });
}

/** A batch step out of attempts after its workers were killed: its book fails (its finished steps stay saved). */
export async function giveUpBatchStep(batches: BatchRepository, data: BatchBookJob): Promise<void> {
  const message = 'the workers running this step stopped; run the same command again to continue';
  await failBook(batches, data, { step: '', code: 'service_unavailable', message });
}

/** A step's notes on its answers, when it has any (what the batch's report prints under the step). */
function notesOf(notes: string[]): { notes?: string[] } {
  return notes.length ? { notes } : {};
}
