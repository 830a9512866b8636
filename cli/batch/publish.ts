// `karya batch JOBS --publish [--per-day N]`: once the books are written, each finished book's publishing
// package (the one `karya publish` writes) in `<out>/<job>-kdp/`, dated by the release plan (at most N new
// titles a day per store account, from today: engine/publish/release.ts), and `<out>/schedule.csv`.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_CLOSE_THRESHOLD, RELEASES_PER_DAY, catalogueMessage, directPublishStep, isReleasesPerDay, isoDay, planReleases, scheduleCsv,
  writePackageParts, type Catalog, type GivenFacts, type Lang, type ScheduleRow,
} from '../../engine/index.js';
import type { Provider } from '../../engine/node.js';
import type { StateFile } from '../../server/index.js';
import { CLI_USER, fail, info, wholeNumber } from '../util.js';
import { renderOrExit } from '../export-format.js';
import type { BatchJob } from './jobs.js';
import { checkBook, openCatalogue } from '../closeness.js';

/** What --json says of each package and of the schedule. */
export type PublishEvent =
  | { type: 'package_written'; job: string; index: number; out: string; title: string; publishOn: string; ready: boolean }
  | { type: 'schedule_written'; file: string; titles: number; days: number };

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

/** The folder of a job's package: beside its book, `<book>-kdp`. */
export function packageDirOf(job: BatchJob): string {
  return `${job.outFile.slice(0, job.outFile.length - path.extname(job.outFile).length)}-kdp`;
}

/**
 * Write the package of every finished book of the batch (in the jobs' order), each dated by the release plan,
 * and schedule.csv in `outDir`. Books that are not finished (failed, interrupted) and jobs that are not books
 * are left out. Returns the packages written.
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
  /** The near-duplicate threshold (--close-threshold): each package's readiness says how close its book is to the owner's others. */
  closeThreshold?: number;
}): Promise<number> {
  const { catalog, provider, store } = input;
  const finished: Array<{ job: BatchJob; state: NonNullable<Awaited<ReturnType<StateFile['load']>>>['state'] }> = [];
  for (const job of input.jobs) {
    if (job.spec.kind !== 'book' || !job.spec.publish) continue;
    const saved = await store.load(CLI_USER, job.key);
    if (saved?.isFinished) finished.push({ job, state: saved.state });
  }
  const plan = planReleases(finished, input.perDay, input.today ?? isoDay(new Date()));
  const { writeKdpPackage, readCoverPicture, CoverPictureError } = await (await import('../../engine/node.js')).loadPublishFiles();
  const runStep = directPublishStep({ renderer: catalog.renderer, provider, ...(input.signal ? { signal: input.signal } : {}) });
  const rows: ScheduleRow[] = [];
  const catalogue = await openCatalogue(store, CLI_USER, new Map(input.jobs.map((j) => [j.key, j.name])));
  for (const [i, { job, state }] of finished.entries()) {
    const release = { ...plan[i]!, perDay: input.perDay };
    const series = job.series ? { series: job.series.name, seriesNumber: job.series.number } : {};
    const dir = packageDirOf(job);
    // The job's own picture is checked before any publishing step is spent: a store could not take it, so
    // this book gets no package (the message names the file, its size and the rule).
    let cover: GivenFacts['cover'];
    try {
      cover = job.cover?.kind === 'picture' ? { kind: 'picture', image: await readCoverPicture(await readFile(job.cover.file), job.cover.given) } : job.cover;
    } catch (error) {
      if (!(error instanceof CoverPictureError)) throw error;
      info(`  ✗ ${path.relative(input.outDir, dir).padEnd(24)} ${catalogueMessage(error.code, state.lang, { ...error.vars })}`);
      continue;
    }
    const parts = await writePackageParts({ book: job.spec, state, specOf: (x) => catalog.get(x), runStep, given: { ...series, ...(cover ? { cover } : {}) } });
    const closeness = await checkBook(store, CLI_USER, catalogue, { key: job.key, book: job.name, title: parts.title, parts: state.content, threshold: input.closeThreshold ?? DEFAULT_CLOSE_THRESHOLD });
    const written = await writeKdpPackage({ dir, book: job.spec, state, parts, render: renderOrExit, release, closeness });
    const folder = path.relative(input.outDir, dir);
    info(`  ✓ ${folder.padEnd(24)} ${written.readiness.ready ? '  ready' : 'not ready'}  publish on or after ${release.publishOn}: "${parts.title}"`);
    rows.push({ folder, title: parts.title, author: parts.author, language: state.lang, publishOn: release.publishOn });
    input.emit?.({ type: 'package_written', job: job.name, index: job.index, out: dir, title: parts.title, publishOn: release.publishOn, ready: written.readiness.ready });
  }
  const file = path.join(input.outDir, SCHEDULE_FILE);
  await writeFile(file, scheduleCsv(rows));
  const days = new Set(rows.map((r) => r.publishOn)).size;
  info(`karya: ${rows.length} package${rows.length === 1 ? '' : 's'} over ${days} day${days === 1 ? '' : 's'} (at most ${input.perDay} new titles a day): ${file}`);
  input.emit?.({ type: 'schedule_written', file, titles: rows.length, days });
  return rows.length;
}
