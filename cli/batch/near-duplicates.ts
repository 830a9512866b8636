// A batch's near-duplicate check (server/core/near-duplicates.ts): before a book of the batch is reported done it is
// compared
// with the owner's books kept before it (earlier batches, `karya publish`) and the batch's books done before
// it, and kept in the catalogue for the ones after. The job_done event carries what it is too close to.
import {
  CLOSE_BOOKS_READ,
  bookTitleOf,
  sharePercent,
  type BookState,
  type ClosenessReading,
  type Lang,
} from '../../engine/index.js';
import { openNearDuplicates, type StateRepositories } from '../../server/index.js';
import type { BatchJob } from './jobs.js';
import { batchCount, batchWord } from '../batch-words.js';

/** Another book a finished book is too close to, as job_done says it. */
export interface CloseMark {
  /** The other book: its job's id in this batch, else its saved book's id (`karya books`). */
  book: string;
  title: string;
  /** The share of this book's text found in that book, 0 to 1 (rounded to 3 places). */
  share: number;
  /** Up to two passages both books have word for word. */
  passages: string[];
}

/**
 * What job_done says of a book's near-duplicates: the books it is too close to (empty when none) and its reuse across
 * parts past the threshold.
 */
export interface JobNearDuplicates {
  closeTo: CloseMark[];
  /** The share of its 8-word runs found in more than one of its parts, when at least the threshold. */
  reused?: number;
}

/**
 * A finished book's check; `prepare` reads a book's part as it is written, ahead of its book's end (when the check
 * reads elsewhere).
 */
export type CheckJob = ((job: BatchJob, state: BookState) => Promise<JobNearDuplicates>) & {
  prepare?: (part: string) => void;
};

/**
 * The batch's check, on the owner's catalogue in `repos` (read once; each book kept in it as it is checked);
 * `reading` reads the books' texts off the calling thread (a local batch's ClosenessPool).
 */
export async function batchNearDuplicates(
  repos: StateRepositories,
  owner: string,
  jobs: readonly BatchJob[],
  threshold: number,
  reading?: ClosenessReading,
): Promise<CheckJob> {
  const names = new Map(jobs.map((j) => [j.key, j.name]));
  const catalogue = await openNearDuplicates(repos, owner, {
    nameOf: (e) => names.get(e.key),
    ...(reading ? { reading } : {}),
  });
  const check: CheckJob = async (job, state) => {
    if (job.spec.kind !== 'book' || !state.content.length) return { closeTo: [] };
    const c = await catalogue.check({
      key: job.key,
      book: job.name,
      title: bookTitleOf(job.spec, state),
      parts: state.content,
      threshold,
    });
    return {
      closeTo: c.closeTo.map((m) => ({
        book: m.book,
        title: m.title,
        share: Number(m.share.toFixed(3)),
        passages: m.passages.map((p) => p.text),
      })),
      ...(c.reuse.share >= threshold ? { reused: Number(c.reuse.share.toFixed(3)) } : {}),
    };
  };
  if (reading?.prepare) check.prepare = (part) => reading.prepare!(part);
  return check;
}

/** A book's marks for the batch's summary, in `lang`: "too close to "Title" (a): 100 % …; both have "…", "…"". */
export function closeMarkLine(mark: CloseMark, lang: Lang): string {
  const both = mark.passages.length
    ? `; ${batchWord('closeBoth', lang, { passages: mark.passages.map((p) => `"${p}"`).join(', ') })}`
    : '';
  const share = sharePercent(mark.share);
  return `${batchWord('closeTo', lang, { title: mark.title, book: mark.book, share })}${both}`;
}

/**
 * A book's marks as the summary prints them, in `lang`: the closest few (the ones with passages), then how many more
 * (all of them are in --json).
 */
export function closeMarkLines(marks: readonly CloseMark[], lang: Lang): string[] {
  const shown = marks.slice(0, CLOSE_BOOKS_READ).map((m) => closeMarkLine(m, lang));
  const more = marks.length - shown.length;
  return more > 0 ? [...shown, batchCount('closeMore', more, lang)] : shown;
}
