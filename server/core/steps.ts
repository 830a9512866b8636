// One generation step of one user's book, from the checked request to the answer: open the book session,
// check the step, charge, run it (deltas to `onDelta`), commit (the session's progress port), answer, and
// refund on failure; then the memory update. The HTTP route runs it in the server process (SQLite), and
// with Postgres a worker runs it from the job queue (server/queue/); the code is the same.
import { BookSession, countWords, KaryaError, SessionError, generationMessage, parseStepKey, stepKey, stepPosition, stepRef, type CatalogueCode, type DonePayload, type Lang, type Settings } from '../../engine/index.js';
import type { AppContext } from './context.js';
import type { StepHooks, StepRequest } from './step-request.js';
import { ApiError, MESSAGES } from '../errors/api-error.js';
import { bookLockKey, bookLocks, donePayload, failureOf, userProgress, type RunningStep } from './generation.js';
import type { Charge } from '../store/ports.js';
import { bookSeriesOf, plainBooks } from './series.js';

export type { StepHooks, StepRequest } from './step-request.js';

/** A step that failed: the API error to answer, unless the client went away. */
export class StepFailure extends KaryaError {
  readonly code: string;
  constructor(
    readonly error: ApiError,
    readonly isClientGone: boolean,
  ) {
    super(error.message, { httpStatus: error.status, isRetryable: error.isRetryable });
    this.code = error.code;
    this.name = 'StepFailure';
  }
}

/**
 * Run the user's next step. Throws ApiError before a charge (404, 400, 402, 409) and StepFailure after one
 * (the charge refunded). Resolves once the answer is given and the memory update is done.
 */
export async function runUserStep(ctx: AppContext, request: StepRequest, hooks: StepHooks): Promise<void> {
  const { repos, catalog, provider, config, logger } = ctx;
  const { userId, hintLang, chapterTitle } = request;
  const spec = catalog.get(request.generatorId);
  if (!spec) throw ApiError.of(404, 'generator_not_found');
  // Waited for the book's previous step, and the client left meanwhile.
  if (hooks.client.aborted) return;
  let charge: Charge | undefined;
  let session: BookSession;
  try {
    // A series' next book not yet saved is told the series too (a saved one is, as it loads: server/core/series.ts).
    const series = spec.kind === 'book' ? await bookSeriesOf(plainBooks(repos.books), repos, catalog, userId, spec.bookType) : undefined;
    session = await BookSession.open({
      spec, renderer: catalog.renderer, provider, key: spec.bookType, settings: request.settings, onFinished: 'keep', ...(series ? { series } : {}),
      store: userProgress(repos, { userId, spec, charge: () => charge, ...(chapterTitle ? { chapterTitle } : {}) }),
    });
  } catch (error) {
    if (error instanceof SessionError) throw ApiError.catalogue(400, 'invalid_chapters', hintLang);
    throw error;
  }
  const lang: Lang = session.state.lang;

  // A retried job: its generation is charged already, or even committed or refunded.
  const earlier = request.generationId ? await repos.generations.find(request.generationId) : undefined;
  if (earlier && earlier.status === 'succeeded') {
    hooks.onCharged?.();
    hooks.onDone(await answerFromBook(ctx, { session, generationId: earlier.id, stepKey: earlier.step, credits: earlier.credits, userId, generatorId: spec.id }));
    return;
  }
  if (earlier && earlier.status !== 'running') throw new StepFailure(new ApiError(502, earlier.errorCode ?? 'unexpected', catalogueOr(earlier.errorCode, lang)), false);

  const step = session.next();
  if (!step) {
    if (earlier) await repos.generations.refund({ userId, charge: { generationId: earlier.id, credits: earlier.credits }, reason: `Refund: ${spec.id} (book already complete)`, errorCode: 'book_complete' });
    throw ApiError.of(409, 'book_complete');
  }
  const expected = earlier?.step ?? request.expectedStep;
  if (expected && expected !== stepKey(step)) {
    if (earlier) await repos.generations.refund({ userId, charge: { generationId: earlier.id, credits: earlier.credits }, reason: `Refund: ${spec.id} (step moved on)`, errorCode: 'step_not_allowed' });
    throw new ApiError(409, 'step_not_allowed', MESSAGES.step_not_allowed, { step: `the next step is ${session.label(step)}` });
  }
  const label = session.label(step);
  // Written on from its stopped draft: the draft must be there before anything is charged.
  const draft = request.fromDraft && spec.kind === 'book' ? (await repos.drafts.list({ userId, key: spec.bookType })).find((d) => d.position === stepPosition(step)) : undefined;
  if (request.fromDraft && !draft) {
    if (earlier) await repos.generations.refund({ userId, charge: { generationId: earlier.id, credits: earlier.credits }, reason: `Refund: ${spec.id} (no stopped draft)`, errorCode: 'no_stopped_draft' });
    throw ApiError.catalogue(404, 'no_stopped_draft', lang);
  }
  charge = earlier
    ? { generationId: earlier.id, credits: earlier.credits }
    : ((await repos.generations.start({ userId, generatorId: spec.id, step: stepKey(step), cost: spec.cost, reason: `${spec.id}: ${label}`, ...(request.generationId ? { generationId: request.generationId } : {}) })) ?? undefined);
  if (!charge) throw ApiError.catalogue(402, 'insufficient_credits', lang);

  hooks.onCharged?.();
  const timeout = AbortSignal.timeout(config.generationTimeoutMs);
  // While the part is written an edit by hand is refused (routes/progress.ts): it would be overtaken.
  const { writing, running } = bookLocks(ctx);
  const writingKey = bookLockKey(userId, spec.bookType);
  // What is being written, for a writer who left and comes back (GET /api/progress shows it), and its Stop.
  const stopper = new AbortController();
  let stopCharged = 0;
  let settleStop: (outcome: { charged: number }) => void = () => undefined;
  const stopped = new Promise<{ charged: number }>((resolve) => (settleStop = resolve));
  // A continued draft is on screen from its first word: a writer who comes back sees it with what follows.
  const base = draft?.text ?? '';
  const now: RunningStep = {
    step: stepRef(step), label, startedAt: new Date().toISOString(), text: base, generationId: charge.generationId,
    stop: () => {
      stopper.abort();
      return stopped;
    },
  };
  const onDelta = (text: string) => {
    now.text += text;
    hooks.onDelta?.(text);
  };
  try {
    try {
      writing.add(writingKey);
      if (spec.kind === 'book') running.set(writingKey, now);
      const options = { expected: step, signal: AbortSignal.any([hooks.client, timeout, stopper.signal]), ...(chapterTitle ? { chapterTitle } : {}), ...(hooks.onDelta ? { onDelta } : {}) };
      const result = await (draft ? session.finishDraft(draft.text, { ...options, how: 'continue' }) : session.advance(options))
        .finally(() => {
          writing.delete(writingKey);
          if (running.get(writingKey) === now) running.delete(writingKey);
        });
      // A draft the writer had stopped of this part is replaced by the part written afresh.
      if (spec.kind === 'book') await repos.drafts.remove({ userId, key: spec.bookType, position: stepPosition(step) });
      hooks.onDone(donePayload({ spec, result, book: session.view(), charge, creditsAvailable: (await repos.credits.balanceOf(userId)) ?? 0 }));
    } catch (error) {
      const isClientGone = hooks.client.aborted;
      if (stopper.signal.aborted && !isClientGone) {
        // Stopped by the writer: the text that reached them is kept as the step's draft and paid for (the
        // existing rule); with none, or no saved book to keep it with, the step is refunded.
        // A continued draft stopped before new text came stays as it was, refunded.
        const text = now.text.length > base.length ? now.text.trim() : '';
        const kept = text ? await repos.drafts.save({ userId, key: spec.bookType, position: stepPosition(step), text }) : null;
        if (kept) {
          await repos.generations.commit({ userId, charge, usage: { promptType: spec.contentType, isPart: false, metadata: { generator: spec.id, step: stepKey(step), stopped: true, words: countWords(text), generation: charge.generationId } } });
          stopCharged = charge.credits;
        } else await repos.generations.refund({ userId, charge, reason: `Refund: ${spec.id} ${label} (stopped before any text)`, errorCode: 'step_stopped' });
        throw new StepFailure(ApiError.catalogue(409, 'step_stopped', lang), false);
      }
      const failure = failureOf(error, { lang, isTimeout: timeout.aborted && !isClientGone });
      await repos.generations.refund({ userId, charge, reason: `Refund: ${spec.id} ${label} (${isClientGone ? 'client went away' : failure.code})`, errorCode: isClientGone ? 'client_gone' : failure.code });
      if (failure.status >= 500 && !isClientGone) logger.warn({ err: error, generator: spec.id, code: failure.code }, 'generation failed; charge refunded');
      throw new StepFailure(failure, isClientGone);
    }
  } finally {
    settleStop({ charged: stopCharged });
  }
  // The story so far, for the next step (part of this one: nothing charged). The book stays locked for
  // this user until it is done; a failure is tried again before the next step.
  const generationId = charge.generationId;
  await session
    .remember({ signal: AbortSignal.timeout(config.generationTimeoutMs) })
    .then(async ({ calls, usage }) => {
      if (calls) await repos.generations.recordUsage({ userId, promptType: spec.contentType, metadata: { generator: spec.id, step: 'memory', calls, generation: generationId, ...(usage ? { tokens: usage } : {}) } });
    })
    .catch((err: unknown) => logger.warn({ err, generator: spec.id }, 'memory update failed; tried again before the next step'));
}

/** The catalogue message of a stored error code, or the generic one. */
function catalogueOr(code: string | null, lang: Lang): string {
  try {
    return code ? generationMessage({ code: code as CatalogueCode }, lang) : MESSAGES.unexpected;
  } catch {
    return MESSAGES.unexpected;
  }
}

/** The answer of a step committed by an attempt that stopped before answering (a worker killed just then). */
async function answerFromBook(ctx: AppContext, input: { session: BookSession; generationId: string; stepKey: string; credits: number; userId: string; generatorId: string }): Promise<DonePayload> {
  const { session } = input;
  const spec = ctx.catalog.get(input.generatorId)!;
  const ref = parseStepKey(input.stepKey) ?? { kind: 'single' as const };
  const position = ref.kind === 'outline' ? -1 : (ref.position ?? 0);
  const state = session.state;
  const text = (position < 0 ? state.outline : state.content[position]) ?? '';
  const view = session.view();
  return {
    generation_id: input.generationId,
    generator_id: spec.id,
    part: ref,
    label: view.steps.find((p) => stepKey(p) === input.stepKey)?.label ?? input.stepKey,
    content: text,
    words: countWords(text),
    is_complete: !(state.incompleteParts ?? []).includes(position),
    progress: view.progress,
    next: view.next,
    book: spec.kind === 'book' ? view : null,
    credits_charged: input.credits,
    credits_available: (await ctx.repos.credits.balanceOf(input.userId)) ?? 0,
  };
}

