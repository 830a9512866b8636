// One finished book's publishing package in a `karya batch --publish` run (cli/batch/publish.ts runs them all):
// its cover checked, its package parts, the near-duplicate check, its release day, the package and its note, and
// its line on stderr and --json event; a package kept from an earlier run is only told.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_CLOSE_THRESHOLD,
  directPublishStep,
  heldFor,
  scheduleColumns,
  blockingChecks,
  sharePercent,
  writePackageParts,
  type BookState,
  type Catalog,
  type GivenFacts,
  type Lang,
  type ScheduleRow,
} from '../../engine/index.js';
import type { openNearDuplicates, scheduleReleases, StateFile } from '../../server/index.js';
import { CLI_USER, info } from '../util.js';
import { renderOrExit } from '../export-format.js';
import { cliFailure } from '../errors.js';
import { batchWord } from '../batch-words.js';
import type { BatchJob } from './jobs.js';
import { notePackage, type PackageSaid } from './kept-packages.js';

/** What --json says of each package and of the schedule. */
export type PublishEvent =
  | {
      type: 'package_written';
      job: string;
      index: number;
      out: string;
      title: string;
      author: string;
      publishOn: string | null;
      ready: boolean;
      blocking: number;
      held?: { book: string; title: string; share: number };
      kept?: true;
    }
  | { type: 'schedule_written'; file: string; titles: number; days: number; held: number };

/** The publishing files' module (engine/node/publish.ts), loaded when the batch publishes. */
export type PublishFiles = Awaited<ReturnType<typeof import('../../engine/node.js').loadPublishFiles>>;

/** A finished book of the batch: its job, saved state and id, its package's mark, and a package kept from before. */
export interface FinishedBook {
  job: BatchJob;
  state: BookState;
  bookId: number;
  mark: string;
  kept?: PackageSaid;
}

/** What writing the packages needs of the batch's input. */
export interface PackageInput {
  store: StateFile;
  catalog: Catalog;
  outDir: string;
  perDay: number;
  emit?: (event: PublishEvent) => void;
  /**
   * The near-duplicate threshold (--close-threshold): each package's readiness says how close its book is to the
   * owner's others.
   */
  closeThreshold?: number;
}

/**
 * What writing each book's package shares: the batch's input, its language, the publishing step, the owner's
 * catalogue (for the near-duplicate check), the release plan, and the schedule's rows and counters so far.
 */
export interface PackageRun {
  input: PackageInput;
  lang: Lang;
  files: PublishFiles;
  runStep: ReturnType<typeof directPublishStep>;
  catalogue: Awaited<ReturnType<typeof openNearDuplicates>> | undefined;
  plan: Awaited<ReturnType<typeof scheduleReleases>>;
  rows: ScheduleRow[];
  /** The plan's days taken so far. */
  planned: number;
  /** The packages with a release day so far. */
  scheduled: number;
}

/** A package said: counted, its line on stderr, its schedule row, and its --json event. */
function tellPackage(run: PackageRun, job: BatchJob, dir: string, said: PackageSaid, isKept: boolean): void {
  const { input } = run;
  if (said.publishOn) run.scheduled++;
  info(packageLine(path.relative(input.outDir, dir), said, isKept, run.lang));
  run.rows.push(said.row);
  input.emit?.({
    type: 'package_written',
    job: job.name,
    index: job.index,
    out: dir,
    title: said.title,
    author: said.author,
    publishOn: said.publishOn,
    ready: said.ready,
    blocking: said.blocking,
    ...(said.held ? { held: said.held } : {}),
    ...(isKept ? { kept: true as const } : {}),
  });
}

/**
 * Write one finished book's package (or tell the one kept from before): its cover checked, its package parts, the
 * near-duplicate check, its release day (none when held back), the package with its note, then its line and event.
 */
export async function writeBookPackage(
  run: PackageRun,
  { job, state, bookId, mark, kept }: FinishedBook,
): Promise<void> {
  const { input, lang } = run;
  const { catalog, store } = input;
  const { writeKdpPackage, readCoverPicture, CoverPictureError } = run.files;
  const dir = packageDirOf(job);
  const folder = path.relative(input.outDir, dir);
  if (kept) {
    tellPackage(run, job, dir, kept, true);
    return;
  }
  // The job's own picture is checked before any publishing step is spent: a store could not take it, so
  // this book gets no package (the message names the file, its size and the rule).
  let cover: GivenFacts['cover'];
  try {
    cover =
      job.cover?.kind === 'picture'
        ? { kind: 'picture', image: await readCoverPicture(await readFile(job.cover.file), job.cover.given) }
        : job.cover;
  } catch (error) {
    const failure = cliFailure(error, lang, { catalogued: [CoverPictureError] });
    if (!failure) throw error;
    info(`  ✗ ${folder.padEnd(24)} ${failure.words}`);
    return;
  }
  const parts = await writePackageParts({
    book: job.spec,
    state,
    specOf: (x) => catalog.get(x),
    runStep: run.runStep,
    given: { ...givenOf(job), ...(cover ? { cover } : {}) },
  });
  const nearDuplicates = await run.catalogue!.check({
    key: job.key,
    book: job.name,
    title: parts.title,
    parts: state.content,
    threshold: input.closeThreshold ?? DEFAULT_CLOSE_THRESHOLD,
  });
  // A book the stores would remove as a copy keeps no day from the books after it.
  const held = heldFor(nearDuplicates);
  const release = held ? undefined : { ...run.plan[run.planned++]!, perDay: input.perDay };
  if (release) await store.repos.books.keepRelease({ userId: CLI_USER, bookId, publishOn: release.publishOn });
  const written = await writeKdpPackage({
    dir,
    book: job.spec,
    state,
    parts,
    render: renderOrExit,
    closeness: nearDuplicates,
    audience: 'batch',
    ...(release ? { release } : {}),
  });
  const columns = scheduleColumns({ readiness: written.readiness, lang: state.lang, ...(held ? { held } : {}) });
  const said: PackageSaid = {
    row: {
      folder,
      title: parts.title,
      author: parts.author,
      language: state.lang,
      ...columns,
      publishOn: release?.publishOn ?? '',
    },
    title: parts.title,
    author: parts.author,
    publishOn: release?.publishOn ?? null,
    ready: written.readiness.ready,
    blocking: blockingChecks(written.readiness).length,
    ...(held ? { held: { book: held.book, title: held.title, share: held.share } } : {}),
  };
  await notePackage(dir, mark, said);
  tellPackage(run, job, dir, said, false);
}

/** The publishing facts a job's package is signed with: its series and its own (or the batch's) facts. */
export function givenOf(job: BatchJob): GivenFacts {
  return {
    ...(job.series ? { series: job.series.name, seriesNumber: job.series.number } : {}),
    ...(job.publish ?? {}),
  };
}

/** A package's line on stderr, in `lang`: its folder, readiness, day (or why it is held back), title and author. */
function packageLine(folder: string, said: PackageSaid, isKept: boolean, lang: Lang): string {
  const when = said.publishOn
    ? batchWord('publishOn', lang, { day: said.publishOn })
    : batchWord('heldBack', lang, {
        share: sharePercent(said.held?.share ?? 1),
        book: said.held?.book ?? '',
        title: said.held?.title ?? '',
      });
  const width = Math.max(batchWord('ready', lang).length, batchWord('notReady', lang).length);
  const ready = batchWord(said.ready ? 'ready' : 'notReady', lang).padStart(width);
  const by = batchWord('byAuthor', lang, { title: said.title, author: said.author || batchWord('noAuthor', lang) });
  return (
    `  ${said.publishOn ? '✓' : '⚠'} ${folder.padEnd(24)} ${ready} ` +
    ` ${when}: ${by}${isKept ? ` ${batchWord('keptPackage', lang)}` : ''}`
  );
}

/** The folder of a job's package: beside its book, `<book>-kdp`. */
export function packageDirOf(job: BatchJob): string {
  return `${job.outFile.slice(0, job.outFile.length - path.extname(job.outFile).length)}-kdp`;
}
