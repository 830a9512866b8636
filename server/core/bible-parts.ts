// An imported book's story bible, paid a part at a time from the credits held for it when the import was
// accepted (server/store/queries/bible-holds.ts): the part the bible takes in next read and charged (from the
// hold, or from the balance as a step's when the writer asks for it and nothing is held), a build's end
// settled (what is left given back), a build a stop cut off resumed at start, and the parts the bible lacks
// named on the book with why. Parts outside the hold (a step's part, an edited part re-derived) stay free.
// A part is read down the one ladder of windowed jobs (engine/session/ladder.ts, through BookSession.remember):
// a part that cannot be read even in halves is skipped, refunded and named, and the run goes on. A part the hold
// pays for is read, committed or refunded in ./bible-part-paid.ts.
import {
  catalogueMessage,
  partStep,
  stepKey,
  stepLabel,
  stepRef,
  type BookSession,
  type BookState,
  type BookView,
  type CatalogueCode,
  type ResolvedSpec,
} from '../../engine/index.js';
import type { BibleHold, BibleStopReason } from '../store/ports.js';
import { isCurrentKey } from '../store/queries/bible-holds.js';
import type { AppContext } from './context.js';
import { readPaidPart, skippedOf, type PartRead, type SkippedPart } from './bible-part-paid.js';

export type { PartRead, SkippedPart } from './bible-part-paid.js';

/**
 * The part after the last one the session's bible took in, read into it. A part the book's hold covers and
 * that is not paid for yet is charged first (`mayCharge`: from the balance when nothing is held for it; else
 * the outcome is `credits`), read down the ladder (an answer that is not an update asked again, then the part
 * read in halves: BookSession.remember), committed with its usage, or refunded when the provider failed or
 * when some of it could not be read even in halves (then skipped and named: the run goes on). Any other part
 * is read free, as an edit's re-derive (a provider's failure throws, as before).
 */
export async function readNextPart(
  ctx: AppContext,
  input: {
    userId: string;
    spec: ResolvedSpec;
    session: BookSession;
    bookId: number | null;
    mayCharge: boolean;
    after: string;
    signal?: AbortSignal;
  },
): Promise<PartRead> {
  const { repos, config } = ctx;
  const { userId, spec, session } = input;
  // One generation time-out for the part, its ladder included: a charge never runs longer than a step's.
  const deadline = AbortSignal.timeout(config.generationTimeoutMs);
  const signal = input.signal ? AbortSignal.any([input.signal, deadline]) : deadline;
  const state = session.state;
  const position = (state.memoryUpTo ?? -1) + 1;
  const label = stepLabel(partStep(spec, position, state.totalChapters), state.lang, spec);
  const isEmpty = !(state.content[position] ?? '').trim();
  const reason = `${spec.id}: story bible of an imported book (${label})`;
  const take =
    input.bookId === null || isEmpty
      ? ({ status: 'free' } as const)
      : await repos.bibleHolds.take({ bookId: input.bookId, position, mayCharge: input.mayCharge, reason });
  if (take.status === 'busy') return { outcome: 'busy', calls: 0 };
  if (take.status === 'short') return { outcome: 'credits', calls: 0 };
  if (take.status === 'free') {
    const read = await session.remember({ signal, parts: 1 });
    const { calls, usage } = read;
    if (calls)
      await repos.generations.recordUsage({
        userId,
        promptType: spec.contentType,
        metadata: {
          generator: spec.id,
          step: 'memory',
          calls,
          after: input.after,
          ...(usage ? { tokens: usage } : {}),
        },
      });
    const skipped = skippedOf(ctx, read, { generator: spec.id, position, label });
    return { outcome: 'read', calls, ...(skipped ? { skipped } : {}) };
  }
  return readPaidPart(ctx, { ...input, charge: take.charge, position, label, reason, deadline, signal });
}

/** How a run of parts ended: the bible is up to date, or why it is not. */
export type RunEnd = 'done' | 'stop' | 'credits' | 'failed' | 'busy';

/**
 * What a run's end means for the holds it read from: over (the reason; null: it reached the end), or not (undefined:
 * still held).
 */
export const STOP_REASONS: Readonly<Record<RunEnd, BibleStopReason | null | undefined>> = {
  done: null,
  credits: 'credits',
  failed: 'failed',
  stop: undefined,
  busy: undefined,
};

/**
 * "Update the story bible" on a book with a hold: every part the bible has not taken in read now, those the
 * hold covers charged (from what is still held, else from the balance as a step), until one cannot be paid or
 * fails or `signal` ends (parts left for later); then the hold settled. A part that cannot be read even in halves
 * is skipped, refunded and named in `skipped`; the run goes on. Answers the calls, how it ended and what it skipped.
 */
export async function readPaidParts(
  ctx: AppContext,
  input: { userId: string; spec: ResolvedSpec; session: BookSession; bookId: number; signal: AbortSignal },
): Promise<{ calls: number; end: RunEnd; error?: unknown; skipped: SkippedPart[] }> {
  let calls = 0;
  const skipped: SkippedPart[] = [];
  let end: RunEnd = 'done';
  let error: unknown;
  try {
    while (input.session.needsMemory && !input.signal.aborted) {
      const read = await readNextPart(ctx, { ...input, mayCharge: true, after: 'update' });
      if (read.outcome === 'read') {
        calls += read.calls;
        if (read.skipped) skipped.push(read.skipped);
      } else {
        end = read.outcome;
        if (read.outcome === 'failed') error = read.error;
        break;
      }
    }
    if (input.session.needsMemory && end === 'done') end = 'stop';
  } catch (thrown) {
    // A part outside the hold (read free) failed.
    [end, error] = ['failed', thrown];
  }
  await settleHolds(ctx, { userId: input.userId, bookIds: new Set([input.bookId]), stopReason: STOP_REASONS[end] });
  return { calls, end, skipped, ...(end === 'failed' ? { error } : {}) };
}

/**
 * The holds of the books a build read, settled when it ends: the parts the bible took in paid, and (`stopReason`
 * given: the build is over) the rest given back, `null` when it reached the end. A book no longer the current one
 * of its type (set aside, deleted) is settled as set aside, as is any other of the user's holds left so.
 */
export async function settleHolds(
  ctx: AppContext,
  input: { userId: string; bookIds: ReadonlySet<number>; stopReason: BibleStopReason | null | undefined },
): Promise<void> {
  const { bibleHolds } = ctx.repos;
  const open = await bibleHolds.open(input.userId);
  const isSetAside = (bookId: number) => open.some((h) => h.bookId === bookId && !isCurrentKey(h.key));
  for (const bookId of input.bookIds) {
    if (isSetAside(bookId)) continue;
    await bibleHolds.settle({ bookId, isFinal: input.stopReason !== undefined, stopReason: input.stopReason ?? null });
  }
  for (const hold of open)
    if (!isCurrentKey(hold.key))
      await bibleHolds.settle({ bookId: hold.bookId, isFinal: true, stopReason: 'set_aside' });
}

/**
 * At start (one server, no job queue): every build a stop cut off goes on where it stopped, paid from what is
 * still held (the generation it was reading is back in the hold: refundInterrupted); the hold of a book set
 * aside meanwhile is given back.
 */
export async function resumeBibleBuilds(
  ctx: AppContext,
  catchUp: (input: { userId: string; bookType: string }) => void,
): Promise<number> {
  let resumed = 0;
  for (const hold of await ctx.repos.bibleHolds.open()) {
    if (isCurrentKey(hold.key)) {
      catchUp({ userId: hold.userId, bookType: hold.key });
      resumed++;
    } else await ctx.repos.bibleHolds.settle({ bookId: hold.bookId, isFinal: true, stopReason: 'set_aside' });
  }
  return resumed;
}

/**
 * The parts of an imported book its bible lacks once no build runs: those its hold covered that were neither
 * read nor paid for, each marked `bible_updated: false`, and `bible_lacking` naming them with why, what reading
 * them costs now and the sentence to show. The view as it is while credits are still held (a build will read them).
 */
export function withBibleLacking(
  view: BookView,
  input: { spec: ResolvedSpec; state: BookState; hold: BibleHold | undefined },
): BookView {
  const { spec, state, hold } = input;
  if (!hold || hold.held > 0) return view;
  const from = Math.max(state.memoryUpTo ?? -1, hold.paidUpTo) + 1;
  const positions: number[] = [];
  for (let p = from; p <= Math.min(hold.lastPart, state.content.length - 1); p++)
    if ((state.content[p] ?? '').trim()) positions.push(p);
  if (!positions.length) return view;
  const parts = positions.map((p) => {
    const step = partStep(spec, p, state.totalChapters);
    return { ...stepRef(step), label: stepLabel(step, state.lang, spec) };
  });
  const keys = new Set(parts.map((p) => stepKey(p)));
  const reason = hold.stopReason ?? 'credits';
  const credits = positions.length * hold.cost;
  const labels = parts.map((p) => p.label);
  const message = catalogueMessage(`bible_lacking_${reason}` as CatalogueCode, state.lang, {
    parts: labels.join(', '),
    first: labels[0]!,
    credits: String(credits),
  });
  return {
    ...view,
    parts: view.parts.map((p) => (keys.has(stepKey(p)) ? { ...p, bible_updated: false as const } : p)),
    bible_lacking: { reason, parts, credits, message },
  };
}
