// The story bible brought up to date after an edit of a part it had taken in (a hand edit, a passage Keep,
// Write more, a version restored): the edit keeps the bible in force and marks the parts from the edited one
// on (engine/session/edit.ts); this re-derives them in the background, one part (one small model call) at a
// time inside the book's lock, so an edit or a step waits at most for one part. Part of the edit: nothing is
// charged, the calls are recorded as usage and take tokens from the user's generation bucket (waiting for
// one when it is empty). Until it is done the book view says `bible_updating` and the parts
// `bible_updated: false`; a failure leaves them marked (the next step or "Update the story bible" tries again).
// An imported manuscript's bible is built the same way, each part paid from the credits held for it when the
// import was accepted (server/core/bible-parts.ts): the run ends when they are short or a part fails twice,
// and then gives back what is left; a run cut off by a stop goes on at the next start.
import {
  BookSession,
  restoreBook,
  type BookState,
  type BookView,
  type Provider,
  type ResolvedSpec,
} from '../../engine/index.js';
import { readNextPart, settleHolds, STOP_REASONS, withBibleLacking, type RunEnd } from './bible-parts.js';
import type { AppContext } from './context.js';
import { bookLockKey, bookLocks, userProgress } from './generation.js';

/** The longest wait for a generation token between two parts, and how many waits before giving up. */
const TOKEN_WAIT_MS = 60_000;
const TOKEN_WAITS = 10;
/** Between two looks at a step being written while credits are held for the book's bible (the run goes on after it). */
const STEP_WAIT_MS = 1_000;

/** True while the book's story bible is being re-derived in the background. */
export function isBibleUpdating(ctx: object, userId: string, bookType: string): boolean {
  return bookLocks(ctx).updating.has(bookLockKey(userId, bookType));
}

/**
 * How a run ended: done, stopped (a step took over, waits ran out: credits stay held), or short of credits, a part
 * failed, another process reads.
 */
type End = RunEnd;
type Turn = End | 'more' | 'wait';
/**
 * The book whose bible catches up; `provider`: its calls go through it (a request that says its model's waits), else
 * the app's.
 */
type CatchUpInput = { userId: string; bookType: string; provider?: Provider };

interface Run {
  waits: number;
  stepWaits: number;
  /** The books with credits held for their bible this run read (settled at its end). */
  bookIds: Set<number>;
}

/**
 * Start (or, when one runs for the book, join) the background re-derive of the book's story bible.
 * Returns at once; `settled` resolves when it ends (a series' next book, an edition, tests, shutdown). Joined
 * (`isJoined`: one was running), the running one reads the book again before it ends, so it takes this edit (or a new
 * import, a series' last part) in too; `settled` is then its end, waited for at most a step's time-out.
 */
export function catchUpBible(ctx: AppContext, input: CatchUpInput): { settled: Promise<void>; isJoined: boolean } {
  const locks = bookLocks(ctx);
  const key = bookLockKey(input.userId, input.bookType);
  const running = locks.updating.get(key);
  if (running) {
    running.again = true;
    return { settled: within(running.settled ?? Promise.resolve(), ctx.config.generationTimeoutMs), isJoined: true };
  }
  const entry: { again: boolean; settled?: Promise<void> } = { again: false };
  const run: Run = { waits: 0, stepWaits: 0, bookIds: new Set() };
  locks.updating.set(key, entry);
  const settled = (async () => {
    for (;;) {
      const end = await runTurns(ctx, input, key, run, entry);
      try {
        await settleHolds(ctx, { userId: input.userId, bookIds: run.bookIds, stopReason: STOP_REASONS[end] });
      } catch (err) {
        ctx.logger.warn(
          { err },
          'story bible: the credits held for an imported book could not be settled; settled at the next start',
        );
      }
      // Checked and removed in one turn: an edit after this starts a new run.
      if (!entry.again) break;
      entry.again = false;
    }
    locks.updating.delete(key);
  })();
  entry.settled = settled;
  return { settled, isJoined: false };
}

/** `promise`'s end, or `ms` passed (whichever comes first). */
function within(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
    timer.unref();
  });
  return Promise.race([promise, bound]).finally(() => clearTimeout(timer));
}

/** Parts read one by one until the bible is up to date or the run must stop. */
async function runTurns(
  ctx: AppContext,
  input: CatchUpInput,
  key: string,
  run: Run,
  entry: { again: boolean },
): Promise<End> {
  try {
    for (;;) {
      const turn = await rememberOnePart(ctx, input, key, run);
      // The waits are counted between two parts, not over a long import's whole run.
      if (turn === 'more') {
        run.waits = 0;
        run.stepWaits = 0;
      }
      if (turn === 'more' || turn === 'wait') continue;
      if (entry.again && turn === 'done') {
        entry.again = false;
        continue;
      }
      return turn;
    }
  } catch (err) {
    ctx.logger.warn({ err }, 'story bible update after an edit failed; tried again before the next step');
    return 'failed';
  }
}

type Wait = { waitMs: number; kind: 'token' | 'step' };

/** One part taken in, inside the book's lock: 'more' while parts remain, 'done' when none, 'stop' when a step runs. */
async function rememberOnePart(ctx: AppContext, input: CatchUpInput, key: string, run: Run): Promise<Turn> {
  const { repos, catalog, config } = ctx;
  const { mutex, writing } = bookLocks(ctx);
  const { userId, bookType } = input;
  const turn = await mutex.run(key, async (): Promise<Turn | Wait> => {
    const saved = await repos.books.load({ userId, key: bookType });
    const spec = saved ? catalog.get(saved.state.generatorId) : undefined;
    if (!saved || !spec || spec.kind !== 'book' || !restoreBook(spec, saved.state)) return 'done';
    const bookId = await repos.books.findBookId({ userId, key: bookType });
    const hold = bookId !== null ? await repos.bibleHolds.find(bookId) : undefined;
    if (hold) run.bookIds.add(hold.bookId);
    // A step being written here, or by a worker (queue mode), catches up itself before it writes
    // (BookSession.advance); with credits held for the bible, the run waits for it and then settles them.
    if (writing.has(key) || (await repos.generations.isRunning({ userId, generatorId: spec.id })))
      return hold && hold.held > 0 ? { waitMs: STEP_WAIT_MS, kind: 'step' } : 'stop';
    // Its chapter count as saved (an edition's settings are its source's, which may not name it), as the CLI opens an
    // edition.
    const session = await BookSession.open({
      spec,
      renderer: catalog.renderer,
      provider: input.provider ?? ctx.provider,
      key: bookType,
      settings: saved.state.settings,
      totalChapters: saved.state.totalChapters,
      onFinished: 'keep',
      store: userProgress(repos, { userId, spec, charge: () => undefined }),
    });
    if (!session.needsMemory) return 'done';
    // Work Karya does for the writer (reading an imported book into its bible) has its own allowance, the same size as
    // the writer's: a 28-chapter import leaves the writer's own generation allowance whole for the step they ask next.
    const take = await repos.limits.take({
      key: `bible:${userId}`,
      capacity: config.generationRate.burst,
      refillMs: config.generationRate.refillMs,
    });
    if (!take.isAllowed) return { waitMs: Math.min(TOKEN_WAIT_MS, Math.max(1, take.retryAfterMs)), kind: 'token' };
    const read = await readNextPart(ctx, {
      userId,
      spec,
      session,
      bookId: hold ? hold.bookId : null,
      mayCharge: false,
      after: 'edit',
    });
    if (read.outcome !== 'read') return read.outcome;
    return session.needsMemory ? 'more' : 'done';
  });
  if (typeof turn === 'string') return turn;
  // No token now, or a step being written: wait outside the lock (bounded), then go on.
  const isOver =
    turn.kind === 'token'
      ? ++run.waits > TOKEN_WAITS
      : ++run.stepWaits > (2 * config.generationTimeoutMs) / STEP_WAIT_MS;
  if (isOver) return 'stop';
  await new Promise<void>((resolve) => setTimeout(resolve, turn.waitMs).unref());
  return 'wait';
}

/**
 * The book view of an imported book with its bible's credits: while credits are still held for it the bible is
 * being built (a build a stop left is started again here), and once none are, the parts it lacks are named.
 */
export async function withBibleHold(
  ctx: AppContext,
  input: { userId: string; bookType: string; bookId: number; spec: ResolvedSpec; state: BookState; view: BookView },
): Promise<BookView> {
  const { userId, bookType, view } = input;
  const hold = await ctx.repos.bibleHolds.find(input.bookId);
  if (!hold) return view;
  if (hold.held > 0) {
    if (!isBibleUpdating(ctx, userId, bookType)) catchUpBible(ctx, { userId, bookType });
    return { ...view, bible_updating: true };
  }
  return isBibleUpdating(ctx, userId, bookType)
    ? view
    : withBibleLacking(view, { spec: input.spec, state: input.state, hold });
}
