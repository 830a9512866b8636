// `karya batch JOBS --publish [--per-day N]`: once the books are written, each finished book's publishing
// package (the one `karya publish` writes) in `<out>/<job>-kdp/`, dated by the release plan (at most N new
// titles a day per store account, from today: engine/publish/release.ts), and `<out>/schedule.csv`. A book
// too close to another of the owner's is held back: its package is written, but it takes no release day.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_CLOSE_THRESHOLD, RELEASES_PER_DAY, catalogueMessage, directPublishStep, heldFor, isReleasesPerDay, isoDay, scheduleColumns, scheduleCsv,
  blockingChecks, providerThrough, sharePercent, writePackageParts, type BookState, type Catalog, type GivenFacts, type Lang, type Provider, type ScheduleRow,
} from '../../engine/index.js';
import { openNearDuplicates, scheduleReleases, type StateFile } from '../../server/index.js';
import { CLI_USER, fail, info, wholeNumber } from '../util.js';
import { renderOrExit } from '../export-format.js';
import { cliFailure } from '../errors.js';
import { sharedLang } from '../saved-book-words.js';
import { batchCount, batchWord } from '../batch-words.js';
import type { BatchJob } from './jobs.js';
import { bookMark, coverMark, keptPackage, notePackage, type PackageSaid } from './kept-packages.js';

/** What --json says of each package and of the schedule. */
export type PublishEvent =
  | { type: 'package_written'; job: string; index: number; out: string; title: string; author: string; publishOn: string | null; ready: boolean; blocking: number; held?: { book: string; title: string; share: number }; kept?: true }
  | { type: 'schedule_written'; file: string; titles: number; days: number; held: number };

export const SCHEDULE_FILE = 'schedule.csv';

/**
 * --per-day as a number of new titles a day (default 3, KDP's limit); out of its range, exit 2 naming the
 * flag and the range, in the jobs' language (Malay when every job is Malay).
 */
export function perDayOrExit(value: string | undefined, lang: Lang): number {
  if (value === undefined) return RELEASES_PER_DAY.default;
  const n = wholeNumber(value);
  if (n === undefined || !isReleasesPerDay(n)) {
    return fail(catalogueMessage('release_per_day_range', lang, { flag: '--per-day', value, min: String(RELEASES_PER_DAY.min), max: String(RELEASES_PER_DAY.max), default: String(RELEASES_PER_DAY.default) }));
  }
  return n;
}

/** The publishing facts a job's package is signed with: its series and its own (or the batch's) facts. */
function givenOf(job: BatchJob): GivenFacts {
  return { ...(job.series ? { series: job.series.name, seriesNumber: job.series.number } : {}), ...(job.publish ?? {}) };
}

/** A package's line on stderr, in `lang`: its folder, readiness, day (or why it is held back), title and author. */
function packageLine(folder: string, said: PackageSaid, isKept: boolean, lang: Lang): string {
  const when = said.publishOn ? batchWord('publishOn', lang, { day: said.publishOn }) : batchWord('heldBack', lang, { share: sharePercent(said.held?.share ?? 1), book: said.held?.book ?? '', title: said.held?.title ?? '' });
  const width = Math.max(batchWord('ready', lang).length, batchWord('notReady', lang).length);
  const ready = batchWord(said.ready ? 'ready' : 'notReady', lang).padStart(width);
  const by = batchWord('byAuthor', lang, { title: said.title, author: said.author || batchWord('noAuthor', lang) });
  return `  ${said.publishOn ? '✓' : '⚠'} ${folder.padEnd(24)} ${ready}  ${when}: ${by}${isKept ? ` ${batchWord('keptPackage', lang)}` : ''}`;
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

/** The folder of a job's package: beside its book, `<book>-kdp`. */
export function packageDirOf(job: BatchJob): string {
  return `${job.outFile.slice(0, job.outFile.length - path.extname(job.outFile).length)}-kdp`;
}

/**
 * Write the package of every finished book of the batch (in the jobs' order), each dated by the release plan,
 * and schedule.csv in `outDir`. Books that are not finished (failed, interrupted) and jobs that are not books
 * are left out; a book too close to another takes no release day (its row says why). Each package is signed
 * with its job's author (or the batch's --author). Returns the packages written.
 */
export async function publishBatch(input: {
  jobs: readonly BatchJob[];
  store: StateFile;
  catalog: Catalog;
  provider: Provider;
  outDir: string;
  perDay: number;
  /** Today, yyyy-mm-dd (default the local day). */
  today?: string;
  signal?: AbortSignal;
  emit?: (event: PublishEvent) => void;
  /**
   * The near-duplicate threshold (--close-threshold): each package's readiness says how close its book is to the
   * owner's others.
   */
  closeThreshold?: number;
  /** Counts the publishing steps' calls and tokens as they are spent (so a failure part-way still counts them). */
  spent?: PublishSpent;
  /** The language of its lines (`karya batch --lang`); else the books' when they share one, else the writer's. */
  lang?: Lang;
}): Promise<number> {
  const { catalog, store } = input;
  // Said in the batch's language (--lang's), else the books' when they share one, else the writer's.
  const lang = input.lang ?? sharedLang(input.jobs);
  const provider = input.spent ? countedIn(input.provider, input.spent) : input.provider;
  const { writeKdpPackage, readCoverPicture, CoverPictureError, PACKAGE_FILES } = await (await import('../../engine/node.js')).loadPublishFiles();
  const finished: Array<{ job: BatchJob; state: BookState; bookId: number; mark: string; kept?: PackageSaid }> = [];
  for (const job of input.jobs) {
    if (job.spec.kind !== 'book' || !job.spec.publish) continue;
    const saved = await store.repos.books.load({ userId: CLI_USER, key: job.key });
    const bookId = saved?.isFinished ? await store.repos.books.findBookId({ userId: CLI_USER, key: job.key }) : null;
    if (!saved || bookId === null) continue;
    // A package an earlier run made of this same book keeps its steps, files and day (kept-packages.ts).
    const mark = bookMark(saved.state, [givenOf(job), coverMark(job.cover)]);
    const kept = keptPackage(packageDirOf(job), mark, PACKAGE_FILES);
    finished.push({ job, state: saved.state, bookId, mark, ...(kept ? { kept } : {}) });
  }
  const made = finished.filter((f) => !f.kept);
  // The days earlier batches' packages took count (the server's publish counts them the same way), kept packages' too.
  const plan = await scheduleReleases(store.repos.books, { userId: CLI_USER, bookIds: made.map((f) => f.bookId), perDay: input.perDay, today: input.today ?? isoDay(new Date()) });
  const runStep = directPublishStep({ renderer: catalog.renderer, provider, ...(input.signal ? { signal: input.signal } : {}) });
  const rows: ScheduleRow[] = [];
  const names = new Map(input.jobs.map((j) => [j.key, j.name]));
  const catalogue = made.length ? await openNearDuplicates(store.repos, CLI_USER, { nameOf: (e) => names.get(e.key) }) : undefined;
  let planned = 0;
  let scheduled = 0;
  for (const { job, state, bookId, mark, kept } of finished) {
    const dir = packageDirOf(job);
    const folder = path.relative(input.outDir, dir);
    const tell = (said: PackageSaid, isKept: boolean) => {
      if (said.publishOn) scheduled++;
      info(packageLine(folder, said, isKept, lang));
      rows.push(said.row);
      input.emit?.({
        type: 'package_written', job: job.name, index: job.index, out: dir, title: said.title, author: said.author, publishOn: said.publishOn,
        ready: said.ready, blocking: said.blocking, ...(said.held ? { held: said.held } : {}), ...(isKept ? { kept: true as const } : {}),
      });
    };
    if (kept) {
      tell(kept, true);
      continue;
    }
    // The job's own picture is checked before any publishing step is spent: a store could not take it, so
    // this book gets no package (the message names the file, its size and the rule).
    let cover: GivenFacts['cover'];
    try {
      cover = job.cover?.kind === 'picture' ? { kind: 'picture', image: await readCoverPicture(await readFile(job.cover.file), job.cover.given) } : job.cover;
    } catch (error) {
      const failure = cliFailure(error, lang, { catalogued: [CoverPictureError] });
      if (!failure) throw error;
      info(`  ✗ ${folder.padEnd(24)} ${failure.words}`);
      continue;
    }
    const parts = await writePackageParts({ book: job.spec, state, specOf: (x) => catalog.get(x), runStep, given: { ...givenOf(job), ...(cover ? { cover } : {}) } });
    const nearDuplicates = await catalogue!.check({ key: job.key, book: job.name, title: parts.title, parts: state.content, threshold: input.closeThreshold ?? DEFAULT_CLOSE_THRESHOLD });
    // A book the stores would remove as a copy keeps no day from the books after it.
    const held = heldFor(nearDuplicates);
    const release = held ? undefined : { ...plan[planned++]!, perDay: input.perDay };
    if (release) await store.repos.books.keepRelease({ userId: CLI_USER, bookId, publishOn: release.publishOn });
    const written = await writeKdpPackage({ dir, book: job.spec, state, parts, render: renderOrExit, closeness: nearDuplicates, audience: 'batch', ...(release ? { release } : {}) });
    const columns = scheduleColumns({ readiness: written.readiness, lang: state.lang, ...(held ? { held } : {}) });
    const said: PackageSaid = {
      row: { folder, title: parts.title, author: parts.author, language: state.lang, ...columns, publishOn: release?.publishOn ?? '' },
      title: parts.title, author: parts.author, publishOn: release?.publishOn ?? null, ready: written.readiness.ready, blocking: blockingChecks(written.readiness).length,
      ...(held ? { held: { book: held.book, title: held.title, share: held.share } } : {}),
    };
    await notePackage(dir, mark, said);
    tell(said, false);
  }
  const file = path.join(input.outDir, SCHEDULE_FILE);
  await writeFile(file, scheduleCsv(rows));
  const days = new Set(rows.filter((r) => r.publishOn).map((r) => r.publishOn)).size;
  const heldCount = rows.length - scheduled;
  const held = heldCount ? batchWord('heldCount', lang, { n: heldCount }) : '';
  info(`karya: ${batchWord('schedule', lang, { packages: batchCount('packages', rows.length, lang), days: batchCount('days', days, lang), perDay: input.perDay, held, file })}`);
  input.emit?.({ type: 'schedule_written', file, titles: scheduled, days, held: heldCount });
  return rows.length;
}
