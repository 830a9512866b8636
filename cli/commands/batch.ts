// `karya batch <jobs-file>`: many books in one command, as fast as the limits allow and crash-safe.
// Every job is validated before anything is spent; progress is saved after every step in the same
// local state (and under the same keys) as `karya generate`, so a killed batch resumes where it stopped.
import path from 'node:path';
import type { StateFile } from '../../server/index.js';
import { cliStateOf, hasBooks, openCliState, writableStateOrExit, type CliState } from '../state.js';
import { CLI_USER, CliExit, EXIT, catalogOrExit, fail, wholeNumber } from '../util.js';
import { closeThresholdOrExit } from '../near-duplicates.js';
import { batchNearDuplicates } from '../batch/near-duplicates.js';
import { writableDirOrExit } from '../fs-check.js';
import { preloadYaml, type Provider } from '../../engine/node.js';
import { runTranslateJobs, translateJobsOf, type TranslateJob } from '../batch/translate-jobs.js';
import { batchThreads } from '../batch/thread-count.js';
import { growHeapSlowly } from '../batch/heap.js';
import { JobsFileError, readJobsFile, validateJobs, type BatchJob, type RawJob } from '../batch/jobs.js';
import { issueCode, issueLine, jobsLang, sayJob } from '../batch/job-words.js';
import type { BatchEvent, BatchLimits, BatchResult, BookRun } from '../batch/scheduler.js';
import type { QueuedBatchLink } from '../batch/queued.js';
import { formatPlan, planBook, summarisePlan } from '../batch/plan.js';
import { HumanProgress, isPublicEvent, jsonEvent, meterOf, ndjsonWriter } from '../batch/report.js';
import { endBatch, stopOutput, type JsonOut } from '../batch/end.js';
import { interruptedExitCode, listenForInterrupt } from '../interrupt.js';
import { exitOnFailure } from '../errors.js';
import { batchSeriesBook } from '../series.js';
import { sharedLang } from '../saved-book-words.js';
import { langOptionOrExit, writerLang } from '../langs.js';
import { batchWord } from '../batch-words.js';
import { perDayOrExit, type PublishSpent } from '../batch/publish.js';
import { maxCallsOrExit } from '../run-budget.js';
import { batchPublishFactsOrExit } from '../batch/job-publish.js';
import { startBook, type Catalog, type Lang, type PublishFacts } from '../../engine/index.js';

export interface BatchOptions {
  concurrency?: string;
  rpm?: string;
  tpm?: string;
  out?: string;
  json?: boolean;
  dryRun?: boolean;
  state?: string;
  latency?: string;
  /** --queue: run on `karya worker` processes through Postgres (KARYA_DATABASE_URL). */
  queue?: boolean;
  /** --publish: each finished book's package and schedule.csv in --out (cli/batch/publish.ts). */
  publish?: boolean;
  /** --per-day: new titles a day in the release plan (default 3). */
  perDay?: string;
  /** --close-threshold: the share of a book found in another above which it is too close (default 15 %). */
  closeThreshold?: string;
  /** --author: every book's author (its files and its package), unless its job names its own. */
  author?: string;
  /** --publisher: every package's imprint (with --publish), unless its job names its own. */
  publisher?: string;
  /** --max-calls: every book's bound on model calls, unless its job sets max_calls (engine/budget.ts). */
  maxCalls?: string;
  /** --lang: the language of the batch's messages (its jobs' checks, plan, progress and summary), else as below. */
  lang?: string;
}

export const DEFAULT_CONCURRENCY = 4;
export const DEFAULT_OUT = 'books';
/** The per-call time the dry-run's estimate assumes: a 1,500-word chapter from a fast chat model. */
export const DEFAULT_LATENCY_SECONDS = 20;

function positive(name: string, value: string | undefined, opts: { isInteger?: boolean; max?: number; lang: Lang }): number | undefined {
  if (value === undefined) return undefined;
  // Plain decimals only: Number() would also read `0x3`, `1e1` and ` 3`.
  const n = opts.isInteger ? wholeNumber(value) : /^[0-9]{1,15}(\.[0-9]{1,15})?$/.test(value) ? Number(value) : undefined;
  const isValid = n !== undefined && n > 0 && (opts.max === undefined || n <= opts.max);
  if (!isValid) fail(batchWord(!opts.isInteger ? 'notPositive' : opts.max ? 'notPositiveWholeMax' : 'notPositiveWhole', opts.lang, { name, value, max: opts.max ?? 0 }));
  return n;
}

/** The jobs that passed: the translation jobs, and the books' (none: a file of translation jobs alone). */
type CheckedJobs = { translations: TranslateJob[]; books?: { catalog: Catalog; raw: RawJob[]; jobs: BatchJob[]; given: PublishFacts; perDay: number } };

/**
 * Every job read and validated, and the places written to checked: nothing is called and nothing is saved before all
 * of them pass (a failure exits here, naming the job and the field). A file of translation jobs alone gives them.
 */
async function checkedJobs(file: string, opts: BatchOptions, at: { outDir: string; place: CliState; emitJson: JsonOut | undefined; asked: Lang | undefined }): Promise<CheckedJobs> {
  const { outDir, place, emitJson, asked } = at;
  // (A YAML jobs file's parser is loaded from the bundle first: engine/yaml.ts.)
  if (!/\.(jsonl|ndjson)$/i.test(file)) await preloadYaml();
  let raw: RawJob[];
  try {
    raw = readJobsFile(file);
  } catch (error) {
    // (No job is read yet: said in --lang's language, else the locale's.)
    exitOnFailure(error, asked ?? writerLang(), { selfWorded: [JobsFileError] });
    throw error;
  }
  // The jobs' issues, in --lang's language, else the locale's, else the one the jobs all ask for
  // (cli/batch/job-words.ts jobsLang).
  const lang = asked ?? jobsLang(raw);
  // (After the file: one past its bounds is refused without waiting for the generators to load.)
  const catalog = catalogOrExit();
  // Translation jobs run after the books (cli/batch/translate-jobs.ts); a file of them alone runs only them.
  const translations = translateJobsOf(raw);
  if (translations.issues.length) fail(translations.issues.map((i) => issueLine(file, i, lang)).join('\nkarya: '));
  raw = translations.rest;
  if (!raw.length) return { translations: translations.jobs };
  const given = batchPublishFactsOrExit(opts, lang);
  const maxCalls = maxCallsOrExit(opts.maxCalls, lang);
  const bound = maxCalls !== undefined ? { maxCalls } : {};
  const { jobs, issues } = validateJobs(raw, { catalog, file, outDir, given, lang, ...bound });
  if (issues.length) {
    const bad = new Set(issues.map((i) => `${i.line}:${i.job}`)).size;
    for (const issue of issues) process.stderr.write(`karya: ${issueLine(file, issue, lang)}\n`);
    process.stderr.write(`karya: ${batchWord('invalidJobs', lang, { bad, total: raw.length })}\n`);
    if (emitJson) {
      for (const i of issues) {
        // The job as English names it (`job 3`), its code, and its message in the batch's language.
        const said = { code: issueCode(i.words), message: sayJob(i.words, lang), ...(i.allowed ? { allowed: i.allowed } : {}) };
        const event = { type: 'invalid_job', job: i.job, line: i.line, field: i.field, ...said };
        process.stdout.write(`${JSON.stringify(event)}\n`);
      }
      process.stdout.write(`${JSON.stringify({ type: 'summary', books: raw.length, invalid: bad, exitCode: EXIT.badInput })}\n`);
    }
    throw new CliExit(EXIT.badInput);
  }
  const perDay = releaseOptionsOrExit(opts, jobs, asked);

  // Nothing is spent on books that could not be written: the --out folder (and the state file) are checked first.
  if (!opts.dryRun) {
    // Said in --lang's language, else the jobs' when they share one, else the locale's.
    writableDirOrExit('--out', outDir, asked ?? sharedLang(jobs));
    if (opts.state !== undefined || !opts.queue) writableStateOrExit(place, asked ?? sharedLang(jobs));
  }
  return { translations: translations.jobs, books: { catalog, raw, jobs, given, perDay } };
}

/** The queued batch's connections, opened now; `abandon` closes them when the batch does not run. */
async function openQueuedEarly(): Promise<{ link: Promise<QueuedBatchLink>; abandon(): Promise<void> }> {
  // The module first, alone: imported alongside the jobs' check, it was only loaded once the check was over (the
  // check does not let the event loop turn), and the connections did not wait on the network meanwhile.
  const { connectQueuedBatch } = await import('../batch/queued.js');
  const link = connectQueuedBatch();
  // (A failure to connect is reported once the jobs have passed: queuedBatch.)
  link.catch(() => undefined);
  return { link, abandon: async () => (await link.catch(() => undefined))?.close() };
}

export async function batchCommand(file: string, opts: BatchOptions): Promise<void> {
  // --lang first (refused in the locale's language, naming the table's codes): every message after it is in it.
  const asked = langOptionOrExit(opts.lang);
  const optionLang = asked ?? writerLang();
  const concurrency =
    positive('concurrency', opts.concurrency, { isInteger: true, max: 1000, lang: optionLang }) ?? DEFAULT_CONCURRENCY;
  const rpm = positive('rpm', opts.rpm, { isInteger: true, lang: optionLang });
  const tpm = positive('tpm', opts.tpm, { isInteger: true, lang: optionLang });
  const latency = positive('latency', opts.latency, { lang: optionLang }) ?? DEFAULT_LATENCY_SECONDS;
  const closeThreshold = closeThresholdOrExit(opts.closeThreshold, optionLang);
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
    return translateOnly(translations, opts.state, emitJson);
  }
  const { catalog, raw, jobs, given, perDay } = checked.books;
  // The plan, the progress and the summary: in --lang's language, else the books' when they share one, else the
  // locale's.
  const lang = asked ?? sharedLang(jobs);
  if (!opts.dryRun && !early) growHeapSlowly();
  if (early) return queuedBatch(jobs, { ...(rpm ? { rpm } : {}), ...(tpm ? { tpm } : {}), concurrency, emitJson, catalog, closeThreshold, link: early.link, lang });

  // The provider made now, and the model's window asked (three requests side by side, context.ts): the answers come
  // back while the state is opened and the books loaded, and the books' first calls do not wait for them. (Not
  // before: a queued batch makes no call of its own and does not load the SDK; a dry run calls nothing.)
  const provider = opts.dryRun ? undefined : (await import('./generate.js')).cliProvider({ forBatch: true, lang });
  void provider?.contextWindow?.();
  // Two turns of the event loop: the window's requests are connected and written now, and their answers wait in the
  // sockets while the state is opened and the books loaded, instead of being sent only after (~20 ms of the first call).
  if (provider?.contextWindow) for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));

  // Large enough, the books are shared between threads (cli/batch/threads.ts), started now: they load while this one opens the books.
  const limits = { concurrency, ...(rpm ? { rpm } : {}), ...(tpm ? { tpm } : {}) };
  const threads = opts.dryRun ? undefined : await startThreads({ jobs, raw, file, outDir, given, place, limits });

  // 2. Load saved progress (a dry run never creates the state file).
  let store: StateFile | undefined;
  if (!opts.dryRun || hasBooks(place)) store = await openCliState(place, { isDurable: false });
  try {
    // (Loaded here: a queued batch runs no scheduler of its own.)
    const { loadBooks } = await import('../batch/scheduler.js');
    const books = await loadBooks(store, jobs);

    if (opts.dryRun) {
      const plan = summarisePlan(books.map((b) => planBook(b, catalog.renderer)), { concurrency, rpm, tpm }, latency);
      process.stdout.write(opts.json ? `${JSON.stringify(plan)}\n` : formatPlan(plan, lang));
      return;
    }

    // 3. Run (with the provider made above). Ctrl-C (or SIGTERM) stops new calls and aborts the ones in flight; a
    // second one quits at once. The provider check runs alongside the first calls, once (not every 60 s while calls succeed).
    if (!provider) return;
    const progress = new HumanProgress({
      totalSteps: books.reduce((n, b) => n + b.totalSteps, 0),
      doneSteps: books.reduce((n, b) => n + b.doneSteps, 0),
      books: books.length,
      maxBars: Math.min(concurrency, 10), ...meterOf(jobs), lang,
    });
    const result = await runLocal({ books, jobs, store: store!, catalog, provider, limits, closeThreshold, threads, progress, emitJson });
    const publish = opts.publish && !result.isInterrupted
      ? async (spent: PublishSpent) => { await (await import('../batch/publish.js')).publishBatch({ jobs, store: store!, catalog, provider, outDir, perDay, closeThreshold, spent, lang, ...(emitJson ? { emit: emitJson } : {}) }); }
      : undefined;
    await endBatch(result, progress, emitJson, publish);
    if (translations.length && !opts.dryRun) await translateOnly(translations, opts.state, emitJson);
  } finally {
    await threads?.stop();
    await store?.close();
  }
}

/** The batch's threads when it runs on more than one (cli/batch/threads.ts), started; none for one. */
async function startThreads(input: { jobs: readonly BatchJob[]; raw: readonly RawJob[]; file: string; outDir: string; given: PublishFacts; place: CliState; limits: BatchLimits }) {
  // A --tpm budget stays whole on one thread: halved, a call budgeted above half of it would go alone each time.
  const threads = input.limits.tpm ? 1 : batchThreads(input.jobs, input.limits.concurrency);
  // (The threads' module only when they run: on one thread, its import only held the first calls back.)
  if (threads < 2) return undefined;
  const { startBatchThreads } = await import('../batch/threads.js');
  return startBatchThreads({ threads, file: input.file, jobs: input.jobs, raw: input.raw, outDir: input.outDir, given: input.given, state: input.place, limits: input.limits, hasNearDuplicates: input.jobs.some((j) => j.spec.kind === 'book') });
}

/** The books run here (or on the batch's threads), with the progress shown and each finished book compared with the others. */
async function runLocal(input: {
  books: readonly BookRun[];
  jobs: readonly BatchJob[];
  store: StateFile;
  catalog: Catalog;
  provider: Provider;
  limits: BatchLimits;
  closeThreshold: number;
  threads: Awaited<ReturnType<typeof startThreads>>;
  progress: HumanProgress;
  emitJson: JsonOut | undefined;
}): Promise<BatchResult> {
  const { books, jobs, store, catalog, progress, emitJson } = input;
  const { runBatch } = await import('../batch/scheduler.js');
  const interrupt = listenForInterrupt({ onSecond: () => stopOutput(progress, emitJson) });
  const onEvent = (event: BatchEvent) => {
    progress.handle(event);
    if (emitJson && isPublicEvent(event) && event.type !== 'rate_limited') emitJson(jsonEvent(event, progress));
  };
  // Each finished book's fingerprint and passages are read in a thread of their own, off the one that schedules the calls.
  const reading = new (await import('../../engine/node.js')).ClosenessPool();
  // Loaded once the first calls are out (runBatch's onCallsOut), not beside them; no book ends before its first answer.
  const warmReading = books.some((b) => b.job.spec.kind === 'book' && !b.isComplete) ? () => reading.warm() : undefined;
  if (input.threads) warmReading?.();
  try {
    // A series book is told the series once the book before it is done (cli/series.ts).
    const seriesOf = async (job: BatchJob) => (job.series && job.spec.kind === 'book' ? batchSeriesBook(store, catalog, { series: job.series, key: job.key, spec: job.spec, settings: job.settings, lang: startBook({ spec: job.spec, settings: job.settings, totalChapters: job.totalChapters }).lang }, input.provider) : undefined);
    // Each book done is compared with the owner's books and the batch's done before it (cli/batch/near-duplicates.ts).
    const nearDuplicates = await batchNearDuplicates(store.repos, CLI_USER, jobs, input.closeThreshold, reading);
    return input.threads
      ? await input.threads.run({ signal: interrupt.signal, onEvent, nearDuplicates })
      : await runBatch({ books, renderer: catalog.renderer, provider: input.provider, state: store, limits: input.limits, signal: interrupt.signal, onEvent, seriesOf, nearDuplicates, ...(warmReading ? { onCallsOut: warmReading } : {}) });
  } catch (error) {
    stopOutput(progress, emitJson);
    throw error;
  } finally {
    interrupt.release();
    // Every check has answered (each book waits for its own): the thread ends while the batch's end is written.
    void reading.close().catch(() => undefined);
  }
}

/** A batch's translation jobs, one after another; exit 1 when one failed. */
async function translateOnly(jobs: readonly TranslateJob[], state: string | undefined, emitJson: JsonOut | undefined): Promise<void> {
  const failed = await runTranslateJobs(jobs, { ...(state !== undefined ? { state } : {}), ...(emitJson ? { emit: (event) => emitJson(event as never) } : {}) });
  emitJson?.flush();
  if (failed) throw new CliExit(EXIT.failed);
}

/** --publish and --per-day: the daily limit checked (exit 2 naming the flag and its range) before anything is spent. */
function releaseOptionsOrExit(opts: BatchOptions, jobs: readonly BatchJob[], asked: Lang | undefined): number {
  // --lang's language, else the books' one language when they share it, else the locale's.
  const lang = asked ?? sharedLang(jobs);
  if (opts.perDay !== undefined && !opts.publish) fail(batchWord('perDayNeedsPublish', lang));
  if (opts.publish && opts.queue) fail(batchWord('publishNotQueue', lang));
  return perDayOrExit(opts.perDay, lang);
}

/** --queue: the workers write the steps; this process queues them, shows progress and writes the books. */
async function queuedBatch(jobs: BatchJob[], opts: { rpm?: number; tpm?: number; concurrency: number; emitJson: JsonOut | undefined; catalog: Catalog; closeThreshold: number; link: Promise<QueuedBatchLink>; lang: Lang }): Promise<void> {
  const { QueuedBatchSetupError } = await import('../batch/queue-setup.js');
  let progress: HumanProgress | undefined;
  const early: BatchEvent[] = [];
  const interrupt = listenForInterrupt({ onSecond: () => stopOutput(progress, opts.emitJson) });
  const onEvent = (event: BatchEvent) => {
    if (progress) progress.handle(event);
    else early.push(event);
    if (opts.emitJson && isPublicEvent(event) && event.type !== 'rate_limited') opts.emitJson(jsonEvent(event, progress));
  };
  let result;
  try {
    let queued: QueuedBatchLink;
    try {
      queued = await opts.link;
    } catch (error) {
      exitOnFailure(error, opts.lang, { selfWorded: [QueuedBatchSetupError] });
      throw error;
    }
    result = await queued.run({
      jobs, ...(opts.rpm ? { rpm: opts.rpm } : {}), ...(opts.tpm ? { tpm: opts.tpm } : {}), signal: interrupt.signal, onEvent, catalog: opts.catalog, closeThreshold: opts.closeThreshold,
      onPlanned: ({ totalSteps, doneSteps }) => {
        progress = new HumanProgress({ totalSteps, doneSteps, books: jobs.length, maxBars: Math.min(opts.concurrency, 10), ...meterOf(jobs), lang: opts.lang });
        for (const event of early.splice(0)) progress.handle(event);
      },
    });
  } catch (error) {
    stopOutput(progress, opts.emitJson);
    throw error;
  } finally {
    interrupt.release();
  }
  await endBatch(result, progress, opts.emitJson);
}
