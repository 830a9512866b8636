// `karya batch <jobs-file>`: many books in one command, as fast as the limits allow and crash-safe.
// Every job is validated before anything is spent; progress is saved after every step in the same
// local state (and under the same keys) as `karya generate`, so a killed batch resumes where it stopped.
// Its checks are in commands/batch-checks.ts, the ways it runs (here, on threads, queued) in commands/batch-run.ts.
import path from 'node:path';
import type { StateFile } from '../../server/index.js';
import { cliStateOf, hasBooks, openCliState, type CliState } from '../state.js';
import { growYoungAsUsual } from '../batch/heap.js';
import type { BatchJob, RawJob } from '../batch/jobs.js';
import type { TranslateJob } from '../batch/translate-jobs.js';
import type { BatchLimits } from '../batch/scheduler.js';
import { formatPlan, planBook, summarisePlan } from '../batch/plan.js';
import { HumanProgress, meterOf } from '../batch/report.js';
import { ndjsonWriter } from '../batch/ndjson.js';
import { endBatch, type JsonOut } from '../batch/end.js';
import { sharedLang } from '../saved-book-words.js';
import { langOptionOrExit, writerLang } from '../langs.js';
import type { PublishSpent } from '../batch/publish.js';
import type { Catalog, Lang, PublishFacts } from '../../engine/index.js';
import { DEFAULT_OUT, batchNumbersOrExit, checkedJobs, type BatchOptions, type CheckedJobs } from './batch-checks.js';
import { openQueuedEarly, queuedBatch, runLocal, startThreads, translateOnly } from './batch-run.js';

export type { BatchOptions } from './batch-checks.js';
export { DEFAULT_CONCURRENCY, DEFAULT_LATENCY_SECONDS, DEFAULT_OUT } from './batch-checks.js';

export async function batchCommand(file: string, opts: BatchOptions): Promise<void> {
  // --lang first (refused in the locale's language, naming the table's codes): every message after it is in it.
  const asked = langOptionOrExit(opts.lang);
  const numbers = batchNumbersOrExit(opts, asked ?? writerLang());
  const { concurrency, rpm, tpm, closeThreshold } = numbers;
  const outDir = path.resolve(opts.out ?? DEFAULT_OUT);
  // The state file, or with KARYA_DATABASE_URL (and no --state) Postgres, where `--queue` keeps the books too.
  const place = cliStateOf(opts.state);
  const emitJson = opts.json ? ndjsonWriter() : undefined;

  // 1. Every job read and validated (checkedJobs). With --queue, Postgres and the queue are opened meanwhile (the
  // connections wait on the network while the jobs are read on this thread; opening the store brings its tables up
  // to date, as the workers' start does): nothing of the batch is written before every job passes, and they are
  // closed when one does not.
  const early = opts.queue && !opts.dryRun ? await openQueuedEarly() : undefined;
  let checked: CheckedJobs;
  try {
    checked = await checkedJobs(file, opts, { outDir, place, emitJson, asked });
  } catch (error) {
    await early?.abandon();
    throw error;
  }
  const { translations } = checked;
  if (!checked.books) {
    await early?.abandon();
    growYoungAsUsual();
    return translateOnly(translations, opts.state, emitJson);
  }
  const { catalog, jobs } = checked.books;
  // The plan, the progress and the summary: in --lang's language, else the books' when they share one, else the
  // locale's.
  const lang = asked ?? sharedLang(jobs);
  // A local batch's heaps grow slowly once its first calls are out (runLocal): a young generation grown before them
  // was new memory touched on the way to the first call (~540 pages, each ~12 µs on a 2-core VM).
  if (opts.dryRun || early) growYoungAsUsual();
  const limits = { concurrency, ...(rpm ? { rpm } : {}), ...(tpm ? { tpm } : {}) };
  if (early) return queuedBatch(jobs, { ...limits, emitJson, catalog, closeThreshold, link: early.link, lang });
  return localBatch(file, opts, { ...checked.books, translations, numbers, limits, outDir, place, emitJson, lang });
}

/** What a batch run here needs: its checked books, its numbers, where it writes, and its language. */
interface LocalBatch {
  catalog: Catalog;
  raw: RawJob[];
  jobs: BatchJob[];
  given: PublishFacts;
  perDay: number;
  translations: TranslateJob[];
  numbers: ReturnType<typeof batchNumbersOrExit>;
  limits: BatchLimits;
  outDir: string;
  place: CliState;
  emitJson: JsonOut | undefined;
  lang: Lang;
}

/**
 * The books run in this process (or on its threads), or with --dry-run their plan; --publish's packages and the
 * translation jobs after.
 */
async function localBatch(file: string, opts: BatchOptions, input: LocalBatch): Promise<void> {
  const { catalog, raw, jobs, given, perDay, limits, outDir, place, emitJson, lang } = input;
  const { concurrency, rpm, tpm, latency, closeThreshold } = input.numbers;
  // The provider made now, and the model's window asked (three requests side by side, context.ts): the answers come
  // back while the state is opened and the books loaded, and the books' first calls do not wait for them. (Not
  // before: a queued batch makes no call of its own and does not load the SDK; a dry run calls nothing.)
  const provider = opts.dryRun ? undefined : (await import('./generate.js')).cliProvider({ forBatch: true, lang });
  void provider?.contextWindow?.();
  // Two turns of the event loop: the window's requests are connected and written now, and their answers wait in the
  // sockets while the state is opened and the books loaded, instead of being sent only after (~20 ms of the first
  // call).
  if (provider?.contextWindow)
    for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));

  // Large enough, the books are shared between threads (cli/batch/threads.ts), started now: they load while this one
  // opens the books.
  const threads = opts.dryRun ? undefined : await startThreads({ jobs, raw, file, outDir, given, place, limits });

  // 2. Load saved progress (a dry run never creates the state file).
  let store: StateFile | undefined;
  if (!opts.dryRun || hasBooks(place)) store = await openCliState(place, { isDurable: false });
  try {
    // (Loaded here: a queued batch runs no scheduler of its own.)
    const { loadBooks } = await import('../batch/scheduler.js');
    const books = await loadBooks(store, jobs);

    if (opts.dryRun) {
      const plan = summarisePlan(
        books.map((b) => planBook(b, catalog.renderer)),
        { concurrency, rpm, tpm },
        latency,
      );
      process.stdout.write(opts.json ? `${JSON.stringify(plan)}\n` : formatPlan(plan, lang));
      return;
    }

    // 3. Run (with the provider made above). Ctrl-C (or SIGTERM) stops new calls and aborts the ones in flight; a
    // second one quits at once. The provider check runs alongside the first calls, once (not every 60 s while calls
    // succeed).
    if (!provider) return;
    const progress = new HumanProgress({
      totalSteps: books.reduce((n, b) => n + b.totalSteps, 0),
      doneSteps: books.reduce((n, b) => n + b.doneSteps, 0),
      books: books.length,
      maxBars: Math.min(concurrency, 10),
      ...meterOf(jobs),
      lang,
    });
    const result = await runLocal({
      books,
      jobs,
      store: store!,
      catalog,
      provider,
      limits,
      closeThreshold,
      threads,
      progress,
      emitJson,
    });
    const publish = async (spent: PublishSpent) => {
      const { publishBatch } = await import('../batch/publish.js');
      const emit = emitJson ? { emit: emitJson } : {};
      await publishBatch({
        jobs,
        store: store!,
        catalog,
        provider,
        outDir,
        perDay,
        closeThreshold,
        spent,
        lang,
        ...emit,
      });
    };
    await endBatch(result, progress, emitJson, opts.publish && !result.isInterrupted ? publish : undefined);
    if (input.translations.length && !opts.dryRun) await translateOnly(input.translations, opts.state, emitJson);
  } finally {
    await threads?.stop();
    await store?.close();
  }
}
