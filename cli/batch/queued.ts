// `karya batch <jobs-file> --queue`: the batch's books go to the Postgres job queue (KARYA_DATABASE_URL)
// and any number of `karya worker` processes write them under the batch's one rpm/tpm budget
// (server/queue/batch.ts). This command queues the first step of every unfinished book, shows the
// workers' progress as it comes (LISTEN karya_batch), and writes each book's files here when it is
// done. Progress is saved in Postgres under the same keys as a local batch, so running the same command
// again (after an interrupt, or a failed book) continues where the books stopped.
import { randomUUID } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import pg from 'pg';
import { bookView, planSteps } from '../../engine/index.js';
import { configFromEnv } from '../../server/index.js';
import { openStore } from '../../server/index.js';
import { openQueue } from '../../server/index.js';
import { BATCH_CHANNEL, BATCH_OWNER, sendBatchSteps, type BatchBookJob, type BatchNotice } from '../../server/index.js';
import { postgresBookStore } from '../../server/index.js';
import type { BatchJob } from './jobs.js';
import { writeBookFiles } from './files.js';
import type { BatchEvent, BatchResult } from './scheduler.js';
import { fail } from '../util.js';

export interface QueuedBatchInput {
  jobs: readonly BatchJob[];
  rpm?: number;
  tpm?: number;
  signal: AbortSignal;
  onEvent(event: BatchEvent): void;
  /** Called once the saved progress is known: steps in all and steps already written. */
  onPlanned?(plan: { totalSteps: number; doneSteps: number }): void;
}

export async function runQueuedBatch(input: QueuedBatchInput): Promise<BatchResult> {
  const started = performance.now();
  let config;
  try {
    config = configFromEnv(process.env);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (!config.databaseUrl) fail('--queue runs the batch on `karya worker` processes through Postgres: set KARYA_DATABASE_URL=postgres://… (the same as the workers\')');
  const store = await openStore(config);
  const postgres = store.postgres!;
  // The queue starts while the books' saved progress is read and the listener connects (below).
  // (Its warnings are the workers' business: this command shows the books' progress. No logger is loaded.)
  const queueOpened = openQueue(postgres, { warn: () => undefined }, { isSender: true });
  queueOpened.catch(() => undefined);
  const batchId = randomUUID();
  const byKey = new Map(input.jobs.map((job) => [job.key, job]));
  const written = new Map<string, 'done' | 'failed'>();
  const stepsDone = new Map<string, number>();
  const started_ = new Map<string, number>();
  const totals = { calls: 0, tokens: 0, retries: 0, shortParts: 0 };
  let listener: pg.Client | null = null;
  let wake: (() => void) | undefined;
  /** A book ended since the last read of the table. */
  let isWoken = false;
  let isClosed = false;
  try {
    // Progress notices from the workers, for this batch only (shown as they come; a notice lost while
    // the database was away only misses a progress line: the books' ends are read from the table).
    const onNotice = (message: pg.Notification) => {
      const payload = message.payload ?? '';
      if (message.channel !== BATCH_CHANNEL || !payload.startsWith(`${batchId} `)) return;
      const notice = JSON.parse(payload.slice(batchId.length + 1)) as BatchNotice;
      if (notice.type === 'step_started' || notice.type === 'step_retry') input.onEvent(notice);
      else if (notice.type === 'step_done') {
        totals.calls++;
        totals.tokens += notice.tokens?.total ?? 0;
        input.onEvent(notice);
      }
      if (notice.type === 'step_retry') totals.retries++;
      // A book ended: read the table now rather than at the next turn.
      if (notice.type === 'book_done' || notice.type === 'book_failed') {
        isWoken = true;
        wake?.();
      }
    };
    const listen = async (): Promise<void> => {
      const client = new pg.Client({ connectionString: postgres.url });
      client.on('notification', onNotice);
      // The connection dropped (the database restarted): listen again with backoff, for as long as it takes.
      client.on('error', () => {
        if (listener === client) listener = null;
        client.end().catch(() => undefined);
        const retry = (delay: number) => {
          if (isClosed) return;
          setTimeout(() => void listen().catch(() => retry(Math.min(delay * 2, 5_000))), delay).unref();
        };
        retry(250);
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${BATCH_CHANNEL}`);
      } catch (error) {
        await client.end().catch(() => undefined);
        throw error;
      }
      if (isClosed) await client.end().catch(() => undefined);
      else listener = client;
    };
    // The window --rpm and --tpm count over: a minute (tests and benchmarks shorten it, as for a local batch).
    const windowMs = Number(process.env.KARYA_BATCH_WINDOW_MS) > 0 ? Math.round(Number(process.env.KARYA_BATCH_WINDOW_MS)) : 60_000;
    const books = postgresBookStore(postgres.db, BATCH_OWNER);
    // Side by side: the listener, the batch's row, and the books' saved progress (one query), while the queue starts.
    const [, , savedBooks, queue] = await Promise.all([
      listen(),
      postgres.db.insertInto('batches').values({ id: batchId, rpm: input.rpm ?? null, tpm: input.tpm ?? null, window_ms: windowMs, created_at: Date.now() }).execute(),
      books.loadMany(input.jobs.filter((job) => job.spec.kind !== 'image').map((job) => job.key)),
      queueOpened,
    ]);
    let totalSteps = 0;
    let doneSteps = 0;
    const toQueue: Array<{ job: BatchJob; done: number }> = [];
    const rows: Array<{ batch_id: string; job_key: string; status: 'done' | 'queued'; updated_at: number }> = [];
    for (const job of input.jobs) {
      const steps = planSteps(job.spec, job.totalChapters).length;
      const saved = job.spec.kind === 'image' ? null : savedBooks.get(job.key);
      const done = job.spec.kind === 'image' ? (existsSync(job.outFile) && statSync(job.outFile).size > 0 ? steps : 0) : saved ? saved.state.content.length + (saved.state.outline !== undefined ? 1 : 0) : 0;
      const isFinished = job.spec.kind === 'image' ? done === steps : saved?.isFinished === true;
      totalSteps += steps;
      doneSteps += done;
      stepsDone.set(job.key, done);
      started_.set(job.key, performance.now());
      input.onEvent({ type: 'job_started', job: job.name, index: job.index, generator: job.spec.id, lang: saved?.state.lang ?? String(job.settings.language ?? job.spec.fixedLanguage), steps, done, out: job.outFile });
      rows.push({ batch_id: batchId, job_key: job.key, status: isFinished ? 'done' : 'queued', updated_at: Date.now() });
      if (!isFinished) toQueue.push({ job, done });
    }
    // The books' rows and their first jobs, each in one statement.
    if (rows.length) await postgres.db.insertInto('batch_books').values(rows).execute();
    input.onPlanned?.({ totalSteps, doneSteps });
    await sendBatchSteps(queue.boss, queue.pool, toQueue.map(({ job, done }) => ({
      job: { batchId, key: job.key, name: job.name, index: job.index, generatorId: job.spec.id, settings: job.settings, totalChapters: job.totalChapters, out: job.outFile } satisfies BatchBookJob,
      step: `from:${done}`,
    })));

    // The books as they end: written here from the saved progress (or the cover's PNG).
    while (written.size < input.jobs.length && !input.signal.aborted) {
      isWoken = false;
      const rows = await postgres.db
        .selectFrom('batch_books').select(['job_key', 'status', 'error_code', 'message', 'png']).where('batch_id', '=', batchId).where('status', '!=', 'queued').execute()
        // The database is away for a moment: read again at the next turn.
        .catch(() => []);
      // The books that ended since the last turn, written side by side (books of a wave end together).
      await Promise.all(rows.filter((row) => !written.has(row.job_key)).map(async (row) => {
        const job = byKey.get(row.job_key)!;
        if (row.status === 'failed') {
          written.set(row.job_key, 'failed');
          input.onEvent({ type: 'job_failed', job: job.name, index: job.index, step: '', code: (row.error_code ?? 'unexpected') as never, message: row.message ?? '' });
          return;
        }
        const saved = job.spec.kind === 'image' ? null : await books.load(job.key).catch(() => undefined);
        if (job.spec.kind !== 'image' && !saved) return;
        await writeBookFiles(job, saved?.state ?? { generatorId: job.spec.id, settings: job.settings, lang: 'en', totalChapters: job.totalChapters, content: [], currentChapter: 0, isLocked: false }, row.png ? new Uint8Array(row.png) : undefined);
        written.set(row.job_key, 'done');
        const words = saved ? saved.state.content.join(' ').split(/\s+/).filter(Boolean).length : 0;
        // Parts still short after their extensions, read off the saved book as the studio shows it.
        const shortParts = saved && job.spec.kind === 'book' ? bookView(job.spec, saved.state).parts.filter((p) => p.is_short).length : 0;
        totals.shortParts += shortParts;
        input.onEvent({ type: 'job_done', job: job.name, index: job.index, out: job.outFile, words, seconds: Number(((performance.now() - started_.get(job.key)!) / 1000).toFixed(3)), calls: planSteps(job.spec, job.totalChapters).length - (stepsDone.get(job.key) ?? 0), ...(shortParts ? { shortParts } : {}) });
      }));
      // A book that ended while those were written is read at once; else the next end (or half a second).
      if (written.size < input.jobs.length && !input.signal.aborted && !isWoken) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, 500);
          function done() {
            clearTimeout(timer);
            wake = undefined;
            input.signal.removeEventListener('abort', done);
            resolve();
          }
          wake = done;
          input.signal.addEventListener('abort', done);
        });
      }
    }
    const isInterrupted = input.signal.aborted && written.size < input.jobs.length;
    // Interrupted: the batch's chains end after the steps running now (each saved when it finishes).
    if (isInterrupted) await postgres.db.deleteFrom('batches').where('id', '=', batchId).execute();
    const succeeded = [...written.values()].filter((v) => v === 'done').length;
    const failed = [...written.values()].filter((v) => v === 'failed').length;
    return {
      books: input.jobs.length, succeeded, failed, unfinished: input.jobs.length - succeeded - failed, isInterrupted,
      calls: totals.calls, retries: totals.retries, tokens: totals.tokens, shortParts: totals.shortParts, seconds: Number(((performance.now() - started) / 1000).toFixed(3)),
    };
  } finally {
    isClosed = true;
    await (listener as pg.Client | null)?.end().catch(() => undefined);
    // (A queue still starting when the batch failed is closed once started.)
    await (await queueOpened.catch(() => undefined))?.close();
    await store.close();
  }
}
