// The story bible brought up to date after an edit of a part it had taken in (a hand edit, a passage Keep,
// Write more, a version restored): the edit keeps the bible in force and marks the parts from the edited one
// on (engine/session/edit.ts); this re-derives them in the background, one part (one small model call) at a
// time inside the book's lock, so an edit or a step waits at most for one part. Part of the edit: nothing is
// charged, the calls are recorded as usage and take tokens from the user's generation bucket (waiting for
// one when it is empty). Until it is done the book view says `bible_updating` and the parts
// `bible_updated: false`; a failure leaves them marked (the next step or "Update the story bible" tries again).
// An imported manuscript's bible is built the same way (`charged`): there each part is a model call the
// writer asked for, so it is charged as a step is (the generator's cost, refunded if it fails), and the run
// stops when the credits run out (the book is saved; "Update the story bible" goes on later).
import { BookSession, GenerationError, restoreBook, type ResolvedSpec } from '../../engine/index.js';
import type { AppContext } from './context.js';
import { bookLockKey, bookLocks, userProgress } from './generation.js';

/** The longest wait for a generation token between two parts, and how many waits before giving up. */
const TOKEN_WAIT_MS = 60_000;
const TOKEN_WAITS = 10;

/** True while the book's story bible is being re-derived in the background. */
export function isBibleUpdating(ctx: object, userId: string, bookType: string): boolean {
  return bookLocks(ctx).updating.has(bookLockKey(userId, bookType));
}

/**
 * Start (or, when one runs for the book, extend) the background re-derive of the book's story bible.
 * Returns at once; `settled` resolves when it ends (tests, shutdown).
 */
export function catchUpBible(ctx: AppContext, input: { userId: string; bookType: string; charged?: boolean }): { settled: Promise<void> } {
  const locks = bookLocks(ctx);
  const key = bookLockKey(input.userId, input.bookType);
  const running = locks.updating.get(key);
  if (running) {
    // The running one reads the book again before each part: it takes this edit in too (and an import's
    // parts, charged from now on: a run started by an edit never reads an imported book free).
    running.again = true;
    if (input.charged) running.charged = true;
    return { settled: Promise.resolve() };
  }
  const entry = { again: false, charged: input.charged === true };
  const run = { waits: 0 };
  locks.updating.set(key, entry);
  const settled = (async () => {
    try {
      for (;;) {
        const more = await rememberOnePart(ctx, { ...input, charged: entry.charged }, key, run);
        // The waits for a token are counted between two parts, not over a long import's whole run.
        if (more === 'more') run.waits = 0;
        if (more === 'more' || more === 'wait') continue;
        // Checked and removed in one turn: an edit after this starts a new run.
        if (entry.again && more === 'done') {
          entry.again = false;
          continue;
        }
        break;
      }
    } catch (err) {
      ctx.logger.warn({ err }, 'story bible update after an edit failed; tried again before the next step');
    } finally {
      locks.updating.delete(key);
    }
  })();
  return { settled };
}

type Turn = 'more' | 'done' | 'wait' | 'stop';

/** One part taken in, inside the book's lock: 'more' while parts remain, 'done' when none, 'stop' when a step runs. */
async function rememberOnePart(ctx: AppContext, input: { userId: string; bookType: string; charged?: boolean }, key: string, run: { waits: number }): Promise<Turn> {
  const { repos, catalog, config } = ctx;
  const { mutex, writing } = bookLocks(ctx);
  const { userId, bookType } = input;
  const turn = await mutex.run(key, async (): Promise<Turn | number> => {
    // A step being written here catches up itself before it writes (BookSession.advance).
    if (writing.has(key)) return 'stop';
    const saved = await repos.books.load({ userId, key: bookType });
    const spec = saved ? catalog.get(saved.state.generatorId) : undefined;
    if (!saved || !spec || spec.kind !== 'book' || !restoreBook(spec, saved.state)) return 'done';
    // Nor while a worker writes a step of it (queue mode): that step catches up first too.
    if (await repos.generations.isRunning({ userId, generatorId: spec.id })) return 'stop';
    const session = await BookSession.open({ spec, renderer: catalog.renderer, provider: ctx.provider, key: bookType, settings: saved.state.settings, onFinished: 'keep', store: userProgress(repos, { userId, spec, charge: () => undefined }) });
    if (!session.needsMemory) return 'done';
    const take = await repos.limits.take({ key: `generate:${userId}`, capacity: config.generationRate.burst, refillMs: config.generationRate.refillMs });
    if (!take.isAllowed) return Math.min(TOKEN_WAIT_MS, Math.max(1, take.retryAfterMs));
    if (input.charged) return (await rememberCharged(ctx, { userId, spec, session })) ? (session.needsMemory ? 'more' : 'done') : 'stop';
    const { calls, usage } = await session.remember({ signal: AbortSignal.timeout(config.generationTimeoutMs), parts: 1 });
    if (calls) await repos.generations.recordUsage({ userId, promptType: spec.contentType, metadata: { generator: spec.id, step: 'memory', calls, after: 'edit', ...(usage ? { tokens: usage } : {}) } });
    return session.needsMemory ? 'more' : 'done';
  });
  if (typeof turn !== 'number') return turn;
  // No token now: wait for one outside the lock (bounded), then go on.
  if (++run.waits > TOKEN_WAITS) return 'stop';
  await new Promise<void>((resolve) => setTimeout(resolve, turn).unref());
  return 'wait';
}

/**
 * One part of an imported book read into its bible, charged as a step: the charge first (false when the
 * credits are gone: the run stops), committed with the call's usage, refunded when the call fails.
 */
async function rememberCharged(ctx: AppContext, input: { userId: string; spec: ResolvedSpec; session: BookSession }): Promise<boolean> {
  const { repos, config } = ctx;
  const { userId, spec, session } = input;
  const position = (session.state.memoryUpTo ?? -1) + 1;
  // An empty part (an import without a prologue has no introduction) is passed over without a call.
  if (!(session.state.content[position] ?? '').trim()) {
    await session.remember({ parts: 1 });
    return true;
  }
  const step = `import:${position}`;
  const charge = await repos.generations.start({ userId, generatorId: spec.id, step, cost: spec.cost, reason: `${spec.id}: story bible of an imported book (part ${position})` });
  if (!charge) return false;
  try {
    const { calls, usage } = await session.remember({ signal: AbortSignal.timeout(config.generationTimeoutMs), parts: 1 });
    await repos.generations.commit({ userId, charge, usage: { promptType: spec.contentType, isPart: false, metadata: { generator: spec.id, step, calls, after: 'import', generation: charge.generationId, ...(usage ? { tokens: usage } : {}) } } });
    return true;
  } catch (error) {
    await repos.generations.refund({ userId, charge, reason: `Refund: ${spec.id} story bible of an imported book (part ${position})`, errorCode: error instanceof GenerationError ? error.code : 'unexpected' });
    throw error;
  }
}
