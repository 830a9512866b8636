// What the /api/progress/:bookType routes share: the user's saved book read and held while no step of it is
// written (withBook), the part a request names (proseAt), a charged call with its refund on failure
// (charged), the book with its running step and stopped draft, a call's budget and its answer's notes. A
// refusal is thrown and answered by the app's error handler, in the book's language.
import type { Request, Response } from 'express';
import { answerNotesOf, CallBudget, withBudget, type AnswerNotes } from '../../../engine/index.js';
import {
  bookView,
  countWords,
  nextStep,
  partStep,
  restoreBook,
  stepKey,
  stepLabel,
  stepPosition,
  stepRef,
  type BookState,
  type BookView,
  type Lang,
  type ResolvedSpec,
  type StepRef,
} from '../../../engine/index.js';
import type { Charge } from '../../store/ports.js';
import type { AppContext } from '../../core/context.js';
import { ApiError } from '../../errors/api-error.js';
import { answerIn } from '../../errors/answer.js';
import { commitCharged, reserveCharge, runCharged } from '../../core/charged.js';
import { bookLockKey, bookLocks, takeGenerationToken, whileNoStep, type BookWait } from '../../core/generation.js';
import { sessionOf } from '../../auth/middleware.js';
import { catchUpBible } from '../../core/bible-catch-up.js';

/** The helpers of the progress routes, over one app context (its locks: bookLocks). */
export function bookAccess(ctx: AppContext) {
  const { repos } = ctx;
  const { writing, running, updating } = bookLocks(ctx);

  /** The book with the step being written now, if one is (a writer who comes back sees it). */
  const withRunning = (view: BookView, key: string): BookView => {
    const now = running.get(key);
    const live = updating.has(key) ? { ...view, bible_updating: true } : view;
    return now
      ? { ...live, running: { ...now.step, label: now.label, started_at: now.startedAt, text: now.text } }
      : live;
  };

  /**
   * The book's view after an edit of a part: when the story bible had taken the part in, its re-derive starts
   * in the background (bible-catch-up.ts) and the view says so.
   */
  const afterEdit = (input: {
    userId: string;
    bookType: string;
    spec: ResolvedSpec;
    state: BookState;
    isMemoryReset: boolean;
  }): BookView => {
    const view = bookView(input.spec, input.state);
    if (!input.isMemoryReset) return view;
    catchUpBible(ctx, input);
    return { ...view, bible_updating: true };
  };

  /** withBook for the request's user and the book type its path names. */
  const heldBook = <T>(
    req: Request & { input: { params: { bookType: string } } },
    run: (book: { userId: string; bookType: string; spec: ResolvedSpec; state: BookState; lang: Lang }) => Promise<T>,
    onWait?: BookWait,
  ): Promise<T> => {
    const userId = sessionOf(req).user.id;
    const { bookType } = req.input.params;
    return withBook(
      ctx,
      userId,
      bookType,
      (book) => {
        // A refusal of this request (an edit's, the voice's) is answered in the book's language.
        answerIn(req, book.lang);
        return run({ ...book, userId, bookType });
      },
      onWait,
    );
  };

  const balance = async (userId: string) => (await repos.credits.balanceOf(userId)) ?? 0;

  const charged = (res: Response, input: ChargedOnBook, run: ChargedRun): Promise<void> =>
    chargedOnBook(ctx, res, input, run);

  return {
    withRunning,
    afterEdit,
    heldBook,
    proseAt,
    balance,
    charged,
    running,
    writing,
    withStopped: (view: BookView, book: { userId: string; bookType: string; spec: ResolvedSpec; state: BookState }) =>
      withStopped(ctx, view, book),
    withBook: <T>(
      userId: string,
      bookType: string,
      run: (book: { spec: ResolvedSpec; state: BookState; lang: Lang }) => Promise<T>,
      onWait?: BookWait,
    ) => withBook(ctx, userId, bookType, run, onWait),
  };
}

/** The book with the draft of its next step, kept when the writer stopped that step while it streamed. */
async function withStopped(
  ctx: AppContext,
  view: BookView,
  book: { userId: string; bookType: string; spec: ResolvedSpec; state: BookState },
): Promise<BookView> {
  const step = nextStep(book.spec, book.state);
  if (!step || book.spec.kind !== 'book') return view;
  const draft = (await ctx.repos.drafts.list({ userId: book.userId, key: book.bookType })).find(
    (d) => d.position === stepPosition(step),
  );
  if (!draft) return view;
  return {
    ...view,
    stopped: {
      ...stepRef(step),
      label: stepLabel(step, book.state.lang, book.spec),
      text: draft.text,
      words: countWords(draft.text),
      updated_at: draft.updatedAt,
    },
  };
}

/**
 * The user's saved book of a type, checked for an edit or a "write more": it exists, no step of it is
 * being written (in this process or by a worker), and it is read again inside the book's lock. `onWait`: told
 * when the lock is held (the bible's background catch-up reading a part), before waiting for it.
 */
async function withBook<T>(
  ctx: AppContext,
  userId: string,
  bookType: string,
  run: (book: { spec: ResolvedSpec; state: BookState; lang: Lang }) => Promise<T>,
  onWait?: BookWait,
): Promise<T> {
  const { repos, catalog } = ctx;
  const saved = await repos.books.load({ userId, key: bookType });
  const spec = saved ? catalog.get(saved.state.generatorId) : undefined;
  const held = saved && spec ? restoreBook(spec, saved.state) : null;
  if (!saved || !spec || !held) throw ApiError.of(404, 'progress_not_found');
  const lang = held.lang;
  return whileNoStep(
    ctx,
    { userId, bookType, generatorIds: [spec.id], lang, ...(onWait ? { onWait } : {}) },
    async () => {
      const current = await repos.books.load({ userId, key: bookType });
      const state = current ? restoreBook(spec, current.state) : null;
      if (!state) throw ApiError.of(404, 'progress_not_found');
      return run({ spec, state, lang });
    },
  );
}

/** The position of a written prose part of the book, or 404 part_not_found. */
function proseAt(spec: ResolvedSpec, state: BookState, part: StepRef, lang: Lang): number {
  const position = part.kind === 'outline' ? -1 : stepPosition(part);
  const isProse = part.kind === 'introduction' || part.kind === 'chapter' || part.kind === 'conclusion';
  if (
    !isProse ||
    position < 0 ||
    position >= state.content.length ||
    stepKey(partStep(spec, position, state.totalChapters)) !== stepKey(part)
  ) {
    throw ApiError.catalogue(404, 'part_not_found', lang);
  }
  return position;
}

/** A charged call on the user's book: what it is charged as and how its refund is worded. */
type ChargedOnBook = {
  userId: string;
  bookType: string;
  spec: ResolvedSpec;
  lang: Lang;
  step: string;
  what: string;
  reason: string;
  cost?: number;
};
/** The call itself, on its signal and charge; it commits (commitUsage, or the book session's commit) and answers. */
type ChargedRun = (call: {
  signal: AbortSignal;
  charge: Charge;
  commitUsage: (metadata: { words: number; tokens?: unknown }) => Promise<void>;
}) => Promise<void>;

/**
 * One charged call on the user's book, inside withBook (write more, rewrite, a stopped part continued or
 * rewritten or kept): the cost taken first (402 without it), the book marked as being written, the call
 * aborted when the client goes away or the time-out passes. `run` saves its result, commits (with
 * `commitUsage`, or through the book session's commit) and answers; anything it throws refunds the charge
 * (server/core/charged.ts; a refusal is answered as it words itself, a provider failure as its catalogue error).
 */
async function chargedOnBook(ctx: AppContext, res: Response, input: ChargedOnBook, run: ChargedRun): Promise<void> {
  const { repos } = ctx;
  const { writing } = bookLocks(ctx);
  const { userId, spec, lang, step } = input;
  // A model call like a step: it takes a token from the user's generation bucket first (429 past it).
  await takeGenerationToken(ctx, { userId, lang, res });
  const charge = await reserveCharge(ctx, {
    userId,
    lang,
    start: { generatorId: spec.id, step, cost: input.cost ?? spec.cost, reason: input.reason },
  });
  const timeout = AbortSignal.timeout(ctx.config.generationTimeoutMs);
  const client = new AbortController();
  res.on('close', () => {
    if (!res.writableEnded) client.abort();
  });
  const writingKey = bookLockKey(userId, input.bookType);
  writing.add(writingKey);
  // The book as it was before the call: an edit whose charge does not stand is taken back to it.
  const before = (await repos.books.load({ userId, key: input.bookType }))?.state ?? null;
  // Its charge given back while the call ran (a queue's sweep took it for lost): the edit already saved is not paid
  // for, so its part goes back to its text before (the version it kept stays: nothing saved before is lost), and
  // commitCharged's service_unavailable is answered as the failure it is (the refund already made is the only one).
  const commitUsage = (metadata: { words: number; tokens?: unknown }) =>
    commitCharged(ctx.repos.generations, {
      userId,
      charge,
      usage: {
        promptType: spec.contentType,
        isPart: false,
        metadata: { generator: spec.id, step, ...metadata, generation: charge.generationId },
      },
    }).catch(async (error: unknown) => {
      await undoEdit(ctx, { userId, key: input.bookType, before });
      throw error;
    });
  try {
    // A refusal (an edit's, the session's) is answered as it words itself, in the book's language; a provider failure
    // as its catalogue error.
    await runCharged(
      ctx,
      { userId, charge, lang, what: `${spec.id} ${input.what}`, timeout, client: client.signal },
      () => run({ signal: AbortSignal.any([client.signal, timeout]), charge, commitUsage }),
    );
  } finally {
    writing.delete(writingKey);
  }
}

/**
 * The part an edit changed put back as it was in `before` (its text and the book's header then); nothing when none
 * changed.
 */
async function undoEdit(
  ctx: AppContext,
  input: { userId: string; key: string; before: BookState | null },
): Promise<void> {
  const { before } = input;
  const now = before && (await ctx.repos.books.load({ userId: input.userId, key: input.key }))?.state;
  if (!before || !now) return;
  const position = before.content.findIndex((text, i) => now.content[i] !== text);
  if (position >= 0)
    await ctx.repos.books.savePartEdit({
      userId: input.userId,
      key: input.key,
      position,
      text: before.content[position]!,
      state: before,
    });
}

/** The helpers every progress route shares. */
export type BookAccess = ReturnType<typeof bookAccess>;

/** The provider of one request's model work within its own budget of calls (engine/budget.ts): one call planned. */
export const budgeted = (ctx: AppContext) => withBudget(ctx.provider, new CallBudget({ planned: 1 }));

/**
 * What was done to the answers of a call on the part at `position` (engine/session/answers/notes.ts), in the book's
 * language, when anything was.
 */
export function notesOf(
  spec: ResolvedSpec,
  state: BookState,
  position: number,
  outcome: {
    answerNotes?: AnswerNotes | undefined;
    isTimedOut?: true | undefined;
    continuations?: number;
    isComplete?: boolean;
  },
) {
  const label = stepLabel(partStep(spec, position, state.totalChapters), state.lang, spec);
  const notes = answerNotesOf({ continuations: 0, isComplete: true, ...outcome }, label, state.lang);
  return notes.length ? { notes: notes.map((n) => ({ code: n.code, message: n.message })) } : {};
}
