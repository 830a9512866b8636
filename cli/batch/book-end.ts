// A finished batch book's end off the thread that schedules the batch's calls: its files written (Markdown, the
// other formats, a cover's PNG) and its whole text read for its continuity (and, in a queued batch, its words and
// marks) in a worker thread (book-end-worker.ts, run by the engine's WorkerPool), while this thread goes on sending
// calls and reading answers; the same thread reads the batch's near-duplicates (bookEndThread). This thread hands
// over the book's state and gets back its figures, or the error its files failed with (the book fails with it, as
// when they were written here). Should the thread itself be lost (its heap, its time), that book's end is done here
// instead: a book's files are never left unwritten.
import {
  WorkerPool,
  workerEntry,
  type ClosenessThread,
  type PoolFailures,
  type PoolLimits,
} from '../../engine/node.js';
import type { BookState } from '../../engine/index.js';
import { endOfBook, reviveEndFailure, type BookEndAsk, type BookEndFigures, type EndFailure } from './book-end-work.js';
import type { BatchJob } from './jobs.js';
import { BatchThreadError } from './thread-errors.js';

/** What the thread is given: the job without its generator (sent once, by number), the book's state and what to do. */
export interface BookEndRequest {
  id: number;
  /** A book's end (the thread's other requests are the near-duplicate reading's: engine closenessReply). */
  kind: 'end';
  job: Omit<BatchJob, 'spec'>;
  specId: number;
  spec?: BatchJob['spec'];
  state: BookState;
  png?: Uint8Array;
  ask: BookEndAsk;
}

/** Its answer: the figures, the failure of the book's files, or "send the generator" (a thread started again). */
export type BookEndReply = { figures: BookEndFigures } | { failed: EndFailure } | { missing: true };

/**
 * Books' ends in the thread at once; the next waits here for one of them to be answered. Each end given to the thread
 * is a copy of the book's state there (its texts), held until its files are written, and this thread holds the book's
 * state until then anyway: given all at once, the ends of the books that finish together at a batch's end (a hundred
 * and more in its last seconds) were all in the thread's heap together, its largest (a 400-book prose batch: 45 MB at
 * its end against 30 along the run). Eight ahead keep the thread busy while this one is (a hundred answers take it
 * ~0.2 s; an end takes the thread a few ms).
 */
export const ENDS_AHEAD = 8;

/**
 * The near-duplicate readings (a book's parts as they are written, its fingerprint at its end) in the thread at once,
 * beside the ends; the next wait here as they are, references to the texts this thread holds anyway. Each given is a
 * copy of its texts in this thread's allocator until the thread reads it: given all at once, a batch's last books,
 * which end together, had their parts there twice (77 books' measures at once, 6 M characters, at a 400-book prose
 * batch's end on a loaded machine; ~150 on a quiet one), while the thread wrote the ends before them. Sixteen keep it
 * busy while this one is: an end or a reading takes it a few ms.
 */
const READINGS_AHEAD = 16;

/**
 * One thread (beside the calling one; it also reads the near-duplicates); ends are given to it as books finish, a few
 * ahead of its answers (ENDS_AHEAD; its readings a few more: READINGS_AHEAD), so it never waits for this thread to read
 * one.
 * A book's end includes its exports, each bounded in the export pool's own threads (45 s each, waiting its turn there):
 * half an hour means the thread is stuck. Its heap (the largest it may grow to) is a bound, not what it takes.
 */
export const BOOK_END_LIMITS: PoolLimits = {
  workers: 1,
  timeoutMs: 30 * 60_000,
  memoryMb: 1024,
  youngMb: 8,
  maxQueued: 100_000,
  countsWaiting: false,
  perKey: Infinity,
  perThread: ENDS_AHEAD + READINGS_AHEAD,
};

const FAILURES: PoolFailures = {
  busy: () => new BatchThreadError('book_end_busy'),
  tooSlow: () => new BatchThreadError('book_end_too_slow'),
  tooLarge: () => new BatchThreadError('book_end_too_large'),
  revive: (error) => Object.assign(new Error(error.message), { name: error.name }),
};

type Request = Omit<BookEndRequest, 'id'>;

/** Each end's failures and its time limit (its own: the thread's other requests have theirs). */
const OPTIONS = { failures: FAILURES, timeoutMs: BOOK_END_LIMITS.timeoutMs };

/**
 * The batch's book-end thread, which also reads its near-duplicates (ClosenessPool given it): each thread is an
 * isolate of its own, 20-30 MB of a 400-book batch's peak memory (its heap, its code, its allocator's arena), and both
 * kinds of work come as books end. Its maker closes it once the batch's books have ended.
 */
export function bookEndThread(): ClosenessThread {
  return new WorkerPool<object, unknown>(workerEntry(import.meta.url, 'book-end-worker'), BOOK_END_LIMITS);
}

/**
 * Books left (and calls in flight) from which a batch's book ends go to a thread of their own (scheduler.ts
 * bookEndsFor).
 */
export const BOOK_END_THREAD_FROM = 16;

/** Where a book's end is done: the thread (BookEnds) or this one (endsHere). */
export type BookEnder = Pick<BookEnds, 'end'>;

/** Books' ends on the calling thread (a small batch, which would wait for the thread to load longer than they take). */
export const endsHere: BookEnder = { end: endOfBook };

export class BookEnds {
  private readonly pool: ClosenessThread;
  /** Whether the thread is this one's own (closed with it), not its caller's (bookEndThread). */
  private readonly isOwn: boolean;

  constructor(shared?: ClosenessThread) {
    this.pool = shared ?? bookEndThread();
    this.isOwn = !shared;
  }

  private readonly specIds = new WeakMap<BatchJob['spec'], number>();
  /** Generators already sent to the thread (sent again when it answers that it lacks one). */
  private readonly sent = new Set<number>();
  private nextSpec = 1;

  /** Load the thread now, beside the batch's first calls: the first book to finish does not wait for it. */
  warm(): void {
    this.pool.warm();
  }

  /** Ends given to the thread and not yet answered, and the ends waiting for one of them (ENDS_AHEAD). */
  private given = 0;
  private readonly waiting: Array<() => void> = [];

  /**
   * A book's end in the thread: its figures, or the error its files failed with (thrown, as writeBookFiles throws it).
   */
  async end(job: BatchJob, state: BookState, png: Uint8Array | undefined, ask: BookEndAsk): Promise<BookEndFigures> {
    if (this.given >= ENDS_AHEAD) await new Promise<void>((go) => this.waiting.push(go));
    this.given++;
    try {
      return await this.endInThread(job, state, png, ask);
    } finally {
      this.given--;
      this.waiting.shift()?.();
    }
  }

  private async endInThread(
    job: BatchJob,
    state: BookState,
    png: Uint8Array | undefined,
    ask: BookEndAsk,
  ): Promise<BookEndFigures> {
    const { spec, ...rest } = job;
    let specId = this.specIds.get(spec);
    if (specId === undefined) this.specIds.set(spec, (specId = this.nextSpec++));
    const given = (withSpec: boolean) =>
      this.pool.run(
        {
          kind: 'end',
          job: rest,
          specId: specId!,
          ...(withSpec ? { spec } : {}),
          state,
          ...(png ? { png } : {}),
          ask,
        } satisfies Request,
        OPTIONS,
      ) as Promise<BookEndReply>;
    let reply: BookEndReply;
    try {
      const isNew = !this.sent.has(specId);
      this.sent.add(specId);
      reply = await given(isNew);
      if ('missing' in reply) reply = await given(true);
    } catch {
      return endOfBook(job, state, png, ask);
    }
    if ('failed' in reply) throw reviveEndFailure(reply.failed);
    if ('missing' in reply) return endOfBook(job, state, png, ask);
    return reply.figures;
  }

  close(): Promise<void> {
    return this.isOwn ? this.pool.close() : Promise.resolve();
  }
}
