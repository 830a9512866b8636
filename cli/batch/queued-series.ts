// A queued batch's series (queued.ts): a series' book waits for the one before it, here, and is queued once that
// one is done, told the series as of its end; a book its series cannot take is failed without being queued.
import { catalogueMessage, SeriesError, startBook } from '../../engine/index.js';
import {
  sendBatchStep,
  type BatchBookJob,
  type BatchNotice,
  type StateRepositories,
  type StepQueue,
} from '../../server/index.js';
import { batchSeriesBook } from '../series.js';
import type { BatchJob } from './jobs.js';
import type { Postgres, QueuedBatchInput } from './queued-run.js';

type SeriesEnv = { batchId: string; postgres: Postgres; queue: StepQueue; repos: StateRepositories };

function langOf(job: BatchJob) {
  return startBook({ spec: job.spec, settings: job.settings, totalChapters: job.totalChapters }).lang;
}

/** What a book's job carries; a series book's, the series as of the book before it and its brief filled from it. */
async function bookJobData(input: QueuedBatchInput, env: SeriesEnv, job: BatchJob): Promise<BatchBookJob> {
  // The series are read and joined through the store's repositories, as every command's are.
  const series = input.jobs.some((j) => j.series) ? { repos: env.repos } : undefined;
  const base = {
    batchId: env.batchId,
    key: job.key,
    name: job.name,
    index: job.index,
    generatorId: job.spec.id,
    settings: job.settings,
    totalChapters: job.totalChapters,
    out: job.outFile,
    ...(job.voice ? { voice: job.voice } : {}),
  };
  if (!job.series || !series || !input.catalog || job.spec.kind !== 'book') return base;
  const told = await batchSeriesBook(series, input.catalog, {
    series: job.series,
    key: job.key,
    spec: job.spec,
    settings: job.settings,
    lang: langOf(job),
  });
  return { ...base, settings: told.settings, series: told.series };
}

/**
 * A series book whose series cannot take it (another language, its place taken, the book before failed): failed
 * unqueued.
 */
async function failBook(
  env: SeriesEnv,
  job: BatchJob,
  code: SeriesError['code'],
  params: Readonly<Record<string, string | number>>,
) {
  const message = catalogueMessage(
    code,
    job.spec.kind === 'book' ? langOf(job) : 'en',
    Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
  );
  // Told as a worker's failure is (every book this command queued ends with its notice: queued-ends.ts waits for it).
  const notice = { type: 'book_failed', job: job.name, key: job.key, step: '', code, message } satisfies BatchNotice;
  await env.queue.batches.fail({ batchId: env.batchId, key: job.key, code, message, notice });
}

/**
 * A queued batch's series: the first job of every book that waits for none (a series' book waits for the one
 * before it), what a series book's job carries (the series as of the book before it, its brief filled from it),
 * and `nextInSeries`, which queues (or fails) the book after one that ended.
 */
export async function seriesChains(
  input: QueuedBatchInput,
  env: SeriesEnv,
  toQueue: ReadonlyArray<{ job: BatchJob; done: number }>,
  rows: ReadonlyArray<{ key: string; isFinished: boolean }>,
) {
  const { postgres, queue } = env;
  const held = new Map<string, { job: BatchJob; done: number }>();
  const finished = new Set(rows.filter((r) => r.isFinished).map((r) => r.key));
  const isWaiting = (job: BatchJob) =>
    job.series !== undefined &&
    input.jobs.some(
      (j) => j.series?.name === job.series!.name && j.series.number < job.series!.number && !finished.has(j.key),
    );
  for (const item of toQueue) if (isWaiting(item.job)) held.set(item.job.key, item);
  const dataOf = (job: BatchJob) => bookJobData(input, env, job);
  const first: Array<{ job: BatchBookJob; step: string }> = [];
  const refused: Array<{ job: BatchJob; error: SeriesError }> = [];
  for (const { job, done } of toQueue.filter((item) => !held.has(item.job.key))) {
    try {
      first.push({ job: await dataOf(job), step: `from:${done}` });
    } catch (error) {
      if (!(error instanceof SeriesError)) throw error;
      refused.push({ job, error });
    }
  }
  return {
    first,
    /** After the batch is submitted: the books refused before they were queued are marked failed. */
    failRefused: async () => {
      for (const { job, error } of refused) await failBook(env, job, error.code, error.params);
    },
    /** The book after `job` in its series, once `job` ended: queued when `job` is done, else failed with it. */
    nextInSeries: async (job: BatchJob, isDone: boolean) => {
      const after =
        job.series &&
        [...held.values()].find(
          (h) => h.job.series?.name === job.series!.name && h.job.series.number === job.series!.number + 1,
        );
      if (!after) return;
      held.delete(after.job.key);
      if (!isDone)
        return failBook(env, after.job, 'series_previous_unfinished', {
          name: job.series!.name,
          number: job.series!.number,
        });
      try {
        await sendBatchStep(queue.boss, postgres.pool, await dataOf(after.job), `from:${after.done}`);
      } catch (error) {
        if (!(error instanceof SeriesError)) throw error;
        await failBook(env, after.job, error.code, error.params);
      }
    },
  };
}
