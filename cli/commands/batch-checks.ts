// `karya batch`'s checks, made before anything is spent: its options (--concurrency, --rpm, --tpm, --latency,
// --close-threshold; --per-day with --publish) and its jobs file, every job read and validated and the places it
// writes to checked. A failure exits 2 naming the option, or the job and its field (commands/batch.ts runs the rest).
import type { CliState } from '../state.js';
import { writableStateOrExit } from '../state.js';
import { CliExit, EXIT, catalogOrExit, fail, wholeNumber } from '../util.js';
import { closeThresholdOrExit } from '../near-duplicates.js';
import { writableDirOrExit } from '../fs-check.js';
import { preloadYaml } from '../../engine/node.js';
import { translateJobsOf, type TranslateJob } from '../batch/translate-jobs.js';
import {
  JobsFileError,
  jobsOfYaml,
  jobsWithoutYaml,
  readJobsText,
  validateJobs,
  type BatchJob,
  type RawJob,
} from '../batch/jobs.js';
import { issueCode, issueLine, jobsLang, sayJob } from '../batch/job-words.js';
import type { JsonOut } from '../batch/end.js';
import { exitOnFailure } from '../errors.js';
import { sharedLang } from '../saved-book-words.js';
import { writerLang } from '../langs.js';
import { batchWord } from '../batch-words.js';
import { perDayOrExit } from '../batch/publish.js';
import { maxCallsOrExit } from '../run-budget.js';
import { batchPublishFactsOrExit } from '../batch/job-publish.js';
import type { Catalog, Lang, PublishFacts } from '../../engine/index.js';

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

function positive(
  name: string,
  value: string | undefined,
  opts: { isInteger?: boolean; max?: number; lang: Lang },
): number | undefined {
  if (value === undefined) return undefined;
  // Plain decimals only: Number() would also read `0x3`, `1e1` and ` 3`.
  const n = opts.isInteger
    ? wholeNumber(value)
    : /^[0-9]{1,15}(\.[0-9]{1,15})?$/.test(value)
      ? Number(value)
      : undefined;
  const isValid = n !== undefined && n > 0 && (opts.max === undefined || n <= opts.max);
  const key = !opts.isInteger ? 'notPositive' : opts.max ? 'notPositiveWholeMax' : 'notPositiveWhole';
  if (!isValid) fail(batchWord(key, opts.lang, { name, value, max: opts.max ?? 0 }));
  return n;
}

/** The batch's numbers from its options, each checked (exit 2 naming the option, in `lang`), defaults filled in. */
export function batchNumbersOrExit(opts: BatchOptions, lang: Lang) {
  const concurrency =
    positive('concurrency', opts.concurrency, { isInteger: true, max: 1000, lang }) ?? DEFAULT_CONCURRENCY;
  const rpm = positive('rpm', opts.rpm, { isInteger: true, lang });
  const tpm = positive('tpm', opts.tpm, { isInteger: true, lang });
  const latency = positive('latency', opts.latency, { lang }) ?? DEFAULT_LATENCY_SECONDS;
  const closeThreshold = closeThresholdOrExit(opts.closeThreshold, lang);
  return { concurrency, rpm, tpm, latency, closeThreshold };
}

type JobIssue = ReturnType<typeof validateJobs>['issues'][number];

/**
 * The jobs' issues said (each naming its job and field, and how many jobs failed; --json's events too), then exit 2.
 */
function refuseJobs(
  file: string,
  issues: readonly JobIssue[],
  at: { total: number; lang: Lang; emitJson: JsonOut | undefined },
): never {
  const { total, lang, emitJson } = at;
  const bad = new Set(issues.map((i) => `${i.line}:${i.job}`)).size;
  for (const issue of issues) process.stderr.write(`karya: ${issueLine(file, issue, lang)}\n`);
  process.stderr.write(`karya: ${batchWord('invalidJobs', lang, { bad, total })}\n`);
  if (emitJson) {
    for (const i of issues) {
      // The job as English names it (`job 3`), its code, and its message in the batch's language.
      const allowed = i.allowed ? { allowed: i.allowed } : {};
      const said = { code: issueCode(i.words), message: sayJob(i.words, lang), ...allowed };
      const event = { type: 'invalid_job', job: i.job, line: i.line, field: i.field, ...said };
      process.stdout.write(`${JSON.stringify(event)}\n`);
    }
    const summary = { type: 'summary', books: total, invalid: bad, exitCode: EXIT.badInput };
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  }
  throw new CliExit(EXIT.badInput);
}

/** The jobs that passed: the translation jobs, and the books' (none: a file of translation jobs alone). */
export type CheckedJobs = {
  translations: TranslateJob[];
  books?: { catalog: Catalog; raw: RawJob[]; jobs: BatchJob[]; given: PublishFacts; perDay: number };
};

/**
 * Every job read and validated, and the places written to checked: nothing is called and nothing is saved before all
 * of them pass (a failure exits here, naming the job and the field). A file of translation jobs alone gives them.
 */
export async function checkedJobs(
  file: string,
  opts: BatchOptions,
  at: { outDir: string; place: CliState; emitJson: JsonOut | undefined; asked: Lang | undefined },
): Promise<CheckedJobs> {
  const { outDir, place, emitJson, asked } = at;
  let raw: RawJob[];
  try {
    const text = readJobsText(file);
    // The YAML parser loaded from the bundle (engine/yaml.ts) only for a file the one-line reader leaves to it: a
    // generated list of one-line jobs is read without it (~10-50 ms of a batch's start before its first call).
    const quick = jobsWithoutYaml(file, text);
    if (!quick) await preloadYaml();
    raw = quick ?? jobsOfYaml(file, text);
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
  if (issues.length) refuseJobs(file, issues, { total: raw.length, lang, emitJson });
  const perDay = releaseOptionsOrExit(opts, jobs, asked);

  // Nothing is spent on books that could not be written: the --out folder (and the state file) are checked first.
  if (!opts.dryRun) {
    // Said in --lang's language, else the jobs' when they share one, else the locale's.
    writableDirOrExit('--out', outDir, asked ?? sharedLang(jobs));
    if (opts.state !== undefined || !opts.queue) writableStateOrExit(place, asked ?? sharedLang(jobs));
  }
  return { translations: translations.jobs, books: { catalog, raw, jobs, given, perDay } };
}

/** --publish and --per-day: the daily limit checked (exit 2 naming the flag and its range) before anything is spent. */
function releaseOptionsOrExit(opts: BatchOptions, jobs: readonly BatchJob[], asked: Lang | undefined): number {
  // --lang's language, else the books' one language when they share it, else the locale's.
  const lang = asked ?? sharedLang(jobs);
  if (opts.perDay !== undefined && !opts.publish) fail(batchWord('perDayNeedsPublish', lang));
  if (opts.publish && opts.queue) fail(batchWord('publishNotQueue', lang));
  return perDayOrExit(opts.perDay, lang);
}
