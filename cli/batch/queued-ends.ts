// A queued batch's books as they end (queued.ts): the workers' notices shown and counted as they come, the
// ended books read from the table and written here side by side, each one's near-duplicate check, its series'
// next book queued and its job_done event.
import { stepsFor, type SavedBook } from '../../engine/index.js';
import type { EndedBatchBook } from '../../server/index.js';
import type { BatchJob } from './jobs.js';
import type { BookEnder } from './book-end.js';
import type { CheckJob } from './near-duplicates.js';
import { withoutSent } from './spent.js';
import type { Progress, QueuedRun, SavedBooks, Totals } from './queued-run.js';

/**
 * The books as they end, written from the saved progress (or the cover's PNG): those that ended since the last turn
 * read in one query and written side by side, while the next turn reads the books ending meanwhile (the last books
 * of a batch waited for the writing of the ones before them, ~20 ms a book on a loaded machine, to be read at all).
 */
export async function writeEnded(
  input: QueuedRun,
  env: {
    books: SavedBooks;
    byKey: ReadonlyMap<string, BatchJob>;
    endBook: ReturnType<typeof bookEnder>;
    wakeUp: ReturnType<typeof hearNotices>;
  },
  progress: Progress,
): Promise<void> {
  const { books, byKey, endBook, wakeUp } = env;
  const writing = new Map<string, Promise<void>>();
  let failure: { error: unknown } | undefined;
  const isOver = () => failure !== undefined || input.signal.aborted;
  const isLeft = () => progress.written.size + writing.size < input.jobs.length && !isOver();
  while (progress.written.size < input.jobs.length && !isOver()) {
    while (isLeft()) {
      wakeUp.isWoken = false;
      // (The database away for a moment: read again at the next turn.)
      const ended = (await input.queue.batches.ended(input.batchId).catch(() => [])).filter(
        (row) => !progress.written.has(row.job_key) && !writing.has(row.job_key),
      );
      const endedBooks = await books
        .loadMany(
          ended
            .filter((row) => row.status !== 'failed' && byKey.get(row.job_key)!.spec.kind !== 'image')
            .map((row) => row.job_key),
        )
        .catch(() => new Map<string, never>());
      for (const row of ended)
        writing.set(
          row.job_key,
          endBook(row, endedBooks.get(row.job_key))
            .catch((error: unknown) => void (failure ??= { error }))
            .finally(() => writing.delete(row.job_key)),
        );
      // The next end (or half a second), unless one came meanwhile.
      if (isLeft() && !wakeUp.isWoken) await wakeUp.wait();
    }
    // Every book left is being written (a saved book not found yet is looked for again once those are).
    await Promise.all(writing.values());
  }
  if (failure) throw failure.error;
}

/**
 * How long a book the table says ended waits for its own notice (its calls and tokens): the notice is sent by the
 * commit that ended the row, but comes over another connection, so the table can say so first. Only a notice lost
 * (the listening connection dropped) waits this long; the book is then written without the calls it did not tell.
 */
export const END_HEARD_WITHIN_MS = 5_000;

/**
 * The workers' notices shown as they come, counted; a book's end wakes the loop (`wait` answers then, or after half a
 * second) and anyone waiting for that book's notice (`heardEnd`).
 */
export function hearNotices(
  input: QueuedRun,
  totals: Totals,
): { isWoken: boolean; wait(): Promise<void>; heardEnd(key: string): Promise<void> } {
  let wake: (() => void) | undefined;
  const heard = new Set<string>();
  const waiting = new Map<string, () => void>();
  const state = {
    /** A book ended since the last read of the table. */
    isWoken: false,
    /** The book's own end notice heard (its calls counted), or given up after END_HEARD_WITHIN_MS or an interrupt. */
    heardEnd: (key: string) =>
      heard.has(key) || input.signal.aborted
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const timer = setTimeout(done, END_HEARD_WITHIN_MS);
            function done() {
              clearTimeout(timer);
              waiting.delete(key);
              input.signal.removeEventListener('abort', done);
              resolve();
            }
            waiting.set(key, done);
            input.signal.addEventListener('abort', done);
          }),
    wait: () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, 500);
        function done() {
          clearTimeout(timer);
          wake = undefined;
          input.signal.removeEventListener('abort', done);
          resolve();
        }
        wake = done;
        input.signal.addEventListener('abort', done);
      }),
  };
  input.onNotice((notice) => {
    if (notice.type === 'step_started') input.onEvent(notice);
    else if (notice.type === 'step_retry') input.onEvent(withoutSent(notice));
    else if (notice.type === 'step_done') {
      // Every call the step sent (an answer asked again or continued, a memory update caught up first); a worker
      // that does not say counted one call and the step's own tokens.
      totals.calls += notice.sent?.calls ?? 1;
      totals.tokens += notice.sent ? notice.sent.tokens : (notice.tokens?.total ?? 0);
      input.onEvent(withoutSent(notice));
    }
    // A part's memory update: calls of the writer's account as much as a step's (no line of its own, as in a local
    // batch).
    else if (notice.type === 'memory_done') {
      totals.calls += notice.calls;
      totals.tokens += notice.tokens?.total ?? 0;
    }
    if (notice.type === 'step_retry') totals.retries++;
    // A failed attempt's calls were sent too (a local batch counts them as they go out).
    if ((notice.type === 'step_retry' || notice.type === 'book_failed') && notice.sent) {
      totals.calls += notice.sent.calls;
      totals.tokens += notice.sent.tokens;
    }
    // A book ended: read the table now rather than at the next turn.
    if (notice.type === 'book_done' || notice.type === 'book_failed') {
      heard.add(notice.key);
      waiting.get(notice.key)?.();
      state.isWoken = true;
      wake?.();
    }
  });
  return state;
}

/**
 * A book that ended: its files written (or its failure told), the next book of its series queued, its job_done event.
 */
export function bookEnder(
  input: QueuedRun,
  env: {
    byKey: ReadonlyMap<string, BatchJob>;
    nearDuplicates: CheckJob;
    bookEnds: BookEnder;
    nextInSeries(job: BatchJob, isDone: boolean): Promise<void>;
    wakeUp: ReturnType<typeof hearNotices>;
  },
  progress: Progress,
) {
  const { totals } = progress;
  return async (row: EndedBatchBook, saved: SavedBook | undefined): Promise<void> => {
    const job = env.byKey.get(row.job_key)!;
    // A book this command queued is told ended with its notice, which carries the calls of its last attempt (a failed
    // book's) and comes after its steps' notices: its events and the batch's totals wait for it.
    if (progress.queued.has(row.job_key)) await env.wakeUp.heardEnd(row.job_key);
    if (row.status === 'failed') {
      progress.written.set(row.job_key, 'failed');
      input.onEvent({
        type: 'job_failed',
        job: job.name,
        index: job.index,
        step: '',
        code: (row.error_code ?? 'unexpected') as never,
        message: row.message ?? '',
      });
      await env.nextInSeries(job, false);
      return;
    }
    if (job.spec.kind !== 'image' && !saved) return;
    // Compared with the owner's other books from the start (as a local batch's book is): its fingerprint is read in
    // the check's own thread while the book-end thread writes the files and reads the words, the marks (parts still
    // short after their extensions, or repeating the book, as the studio marks them) and the continuity.
    const closing = saved ? env.nearDuplicates(job, saved.state) : Promise.resolve({ closeTo: [] });
    closing.catch(() => undefined);
    const state = saved?.state ?? {
      generatorId: job.spec.id,
      settings: job.settings,
      lang: 'en',
      totalChapters: job.totalChapters,
      content: [],
      currentChapter: 0,
      isLocked: false,
    };
    const {
      words = 0,
      shortParts = 0,
      repeatingParts = 0,
      ...continuity
    } = await env.bookEnds.end(job, state, row.png ? new Uint8Array(row.png) : undefined, {
      write: true,
      continuity: saved !== undefined,
      marks: saved !== undefined,
    });
    progress.written.set(row.job_key, 'done');
    await env.nextInSeries(job, true);
    totals.shortParts += shortParts;
    totals.repeatingParts += repeatingParts;
    const close = await closing;
    if (close.closeTo.length) totals.tooClose++;
    const seconds = Number(((performance.now() - progress.startedAt.get(job.key)!) / 1000).toFixed(3));
    input.onEvent({
      type: 'job_done',
      job: job.name,
      index: job.index,
      out: job.outFile,
      words,
      seconds,
      calls: stepsFor(job.spec, job.totalChapters).length - (progress.stepsDone.get(job.key) ?? 0),
      ...(shortParts ? { shortParts } : {}),
      ...(repeatingParts ? { repeatingParts } : {}),
      ...continuity,
      ...close,
    });
  };
}
