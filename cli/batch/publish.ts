// `karya batch JOBS --publish [--per-day N]`: once the books are written, each finished book's publishing
// package (the one `karya publish` writes) in `<out>/<job>-kdp/`, dated by the release plan (at most N new
// titles a day per store account, from today: engine/publish/release.ts), and `<out>/schedule.csv`. A book
// too close to another of the owner's is held back: its package is written, but it takes no release day.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  RELEASES_PER_DAY,
  catalogueMessage,
  directPublishStep,
  isReleasesPerDay,
  isoDay,
  scheduleCsv,
  providerThrough,
  type Lang,
  type Provider,
} from '../../engine/index.js';
import { openNearDuplicates, scheduleReleases, type StateFile } from '../../server/index.js';
import { CLI_USER, fail, info, wholeNumber } from '../util.js';
import { sharedLang } from '../saved-book-words.js';
import { batchCount, batchWord } from '../batch-words.js';
import type { BatchJob } from './jobs.js';
import { bookMark, coverMark, keptPackage } from './kept-packages.js';
import {
  givenOf,
  packageDirOf,
  writeBookPackage,
  type FinishedBook,
  type PackageInput,
  type PackageRun,
  type PublishFiles,
} from './book-package.js';

export type { PublishEvent } from './book-package.js';

export const SCHEDULE_FILE = 'schedule.csv';

/**
 * --per-day as a number of new titles a day (default 3, KDP's limit); out of its range, exit 2 naming the
 * flag and the range, in the jobs' language (Malay when every job is Malay).
 */
export function perDayOrExit(value: string | undefined, lang: Lang): number {
  if (value === undefined) return RELEASES_PER_DAY.default;
  const n = wholeNumber(value);
  if (n === undefined || !isReleasesPerDay(n)) {
    return fail(
      catalogueMessage('release_per_day_range', lang, {
        flag: '--per-day',
        value,
        min: String(RELEASES_PER_DAY.min),
        max: String(RELEASES_PER_DAY.max),
        default: String(RELEASES_PER_DAY.default),
      }),
    );
  }
  return n;
}

/** The model calls the publishing steps sent and the tokens their answers took: the batch's totals count them. */
export interface PublishSpent {
  calls: number;
  tokens: number;
}

/** `provider` with each call it sends counted in `spent`, and the tokens its answer's usage reports. */
function countedIn(provider: Provider, spent: PublishSpent): Provider {
  return providerThrough(provider, {
    text: async (request, send) => {
      spent.calls++;
      const result = await send(request);
      spent.tokens += result.usage?.totalTokens ?? 0;
      return result;
    },
    image: (request, send) => {
      spent.calls++;
      return send(request);
    },
  });
}

/**
 * The finished books of `jobs` that publish (in the jobs' order), each with the package an earlier run made of
 * this same book, if any: it keeps its steps, files and day (kept-packages.ts).
 */
async function finishedBooks(
  jobs: readonly BatchJob[],
  store: StateFile,
  packageFiles: PublishFiles['PACKAGE_FILES'],
): Promise<FinishedBook[]> {
  const finished: FinishedBook[] = [];
  for (const job of jobs) {
    if (job.spec.kind !== 'book' || !job.spec.publish) continue;
    const saved = await store.repos.books.load({ userId: CLI_USER, key: job.key });
    const bookId = saved?.isFinished ? await store.repos.books.findBookId({ userId: CLI_USER, key: job.key }) : null;
    if (!saved || bookId === null) continue;
    const mark = bookMark(saved.state, [givenOf(job), coverMark(job.cover)]);
    const kept = keptPackage(packageDirOf(job), mark, packageFiles);
    finished.push({ job, state: saved.state, bookId, mark, ...(kept ? { kept } : {}) });
  }
  return finished;
}

/** Write `schedule.csv` of the packages' rows in the batch's folder, and say its summary line and event. */
async function writeSchedule(run: PackageRun): Promise<void> {
  const { input, lang, rows } = run;
  const file = path.join(input.outDir, SCHEDULE_FILE);
  await writeFile(file, scheduleCsv(rows));
  const days = new Set(rows.filter((r) => r.publishOn).map((r) => r.publishOn)).size;
  const heldCount = rows.length - run.scheduled;
  const held = heldCount ? batchWord('heldCount', lang, { n: heldCount }) : '';
  const packages = batchCount('packages', rows.length, lang);
  const daysText = batchCount('days', days, lang);
  info(`karya: ${batchWord('schedule', lang, { packages, days: daysText, perDay: input.perDay, held, file })}`);
  input.emit?.({ type: 'schedule_written', file, titles: run.scheduled, days, held: heldCount });
}

/** What publishBatch is given. */
export interface PublishInput extends PackageInput {
  jobs: readonly BatchJob[];
  provider: Provider;
  /** Today, yyyy-mm-dd (default the local day). */
  today?: string;
  signal?: AbortSignal;
  /** Counts the publishing steps' calls and tokens as they are spent (so a failure part-way still counts them). */
  spent?: PublishSpent;
  /** The language of its lines (`karya batch --lang`); else the books' when they share one, else the writer's. */
  lang?: Lang;
}

/**
 * Write the package of every finished book of the batch (in the jobs' order), each dated by the release plan,
 * and schedule.csv in `outDir`. Books that are not finished (failed, interrupted) and jobs that are not books
 * are left out; a book too close to another takes no release day (its row says why). Each package is signed
 * with its job's author (or the batch's --author). Returns the packages written.
 */
export async function publishBatch(input: PublishInput): Promise<number> {
  const { catalog, store } = input;
  // Said in the batch's language (--lang's), else the books' when they share one, else the writer's.
  const lang = input.lang ?? sharedLang(input.jobs);
  const provider = input.spent ? countedIn(input.provider, input.spent) : input.provider;
  const files = await (await import('../../engine/node.js')).loadPublishFiles();
  const finished = await finishedBooks(input.jobs, store, files.PACKAGE_FILES);
  const made = finished.filter((f) => !f.kept);
  // The days earlier batches' packages took count (the server's publish counts them the same way), kept packages' too.
  const plan = await scheduleReleases(store.repos.books, {
    userId: CLI_USER,
    bookIds: made.map((f) => f.bookId),
    perDay: input.perDay,
    today: input.today ?? isoDay(new Date()),
  });
  const runStep = directPublishStep({
    renderer: catalog.renderer,
    provider,
    ...(input.signal ? { signal: input.signal } : {}),
  });
  const names = new Map(input.jobs.map((j) => [j.key, j.name]));
  const catalogue = made.length
    ? await openNearDuplicates(store.repos, CLI_USER, { nameOf: (e) => names.get(e.key) })
    : undefined;
  const run: PackageRun = { input, lang, files, runStep, catalogue, plan, rows: [], planned: 0, scheduled: 0 };
  for (const book of finished) await writeBookPackage(run, book);
  await writeSchedule(run);
  return run.rows.length;
}
