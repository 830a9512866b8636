// One generation step of one user's book, from the checked request to the answer: open the book session,
// check the step, charge, run it (deltas to `onDelta`), commit (the session's progress port), answer, and
// refund on failure; then the memory update. The HTTP route runs it in the server process (SQLite), and
// with Postgres a worker runs it from the job queue (server/queue/); the code is the same.
import { BookSession, CallBudget, withBudget, countedProvider, countWords, KaryaError, generationMessage, parseStepKey, runFigures, stepKey, stepPosition, stepRef, type BookView, type CatalogueCode, type DonePayload, type Lang, type ResolvedSpec, type RetryNotice, type Step, type Tally } from '../../engine/index.js';
import { runSoFar, type RunSoFar } from '../../engine/contract/index.js';
import { commitCharged, refundCharge, reserveCharge, runCharged } from './charged.js';
import type { AppContext } from './context.js';
import type { StepHooks, StepRequest } from './step-request.js';
import { ApiError, messageIn } from '../errors/api-error.js';
import { failureOf, wordedIn } from '../errors/reply.js';
import { bookLockKey, bookLocks, donePayload, userProgress, type RunningStep } from './generation.js';
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
  const { userId } = request;
  const spec = ctx.catalog.get(request.generatorId);
  if (!spec) throw ApiError.of(404, 'generator_not_found');
  // Waited for the book's previous step, and the client left meanwhile.
  if (hooks.client.aborted) return;
  const held: { charge?: Charge } = {};
  // The requests the step sends (each retry one more) and the tokens answered: its `done` says them (so_far).
  const tally: Tally = { calls: 0, tokens: 0 };
  const session = await openStepSession(ctx, request, spec, () => held.charge, tally);
  const lang: Lang = session.state.lang;

  // A retried job: its generation is charged already, or even committed or refunded.
  const earlier = request.generationId ? await ctx.repos.generations.find(request.generationId) : undefined;
  if (earlier && earlier.status === 'succeeded') {
    hooks.onCharged?.();
    hooks.onDone(await answerFromBook(ctx, { session, generationId: earlier.id, stepKey: earlier.step, credits: earlier.credits, userId, generatorId: spec.id }));
    return;
  }
  if (earlier && earlier.status !== 'running') throw new StepFailure(new ApiError(502, earlier.errorCode ?? 'unexpected', catalogueOr(earlier.errorCode, lang)), false);
  const reserved = earlier ? { generationId: earlier.id, credits: earlier.credits } : null;
  const { step, draft } = await checkStep(ctx, { request, spec, session, lang, reserved, expected: earlier?.step ?? request.expectedStep });
  const label = session.label(step);
  const charge = await reserveCharge(ctx, { userId, lang, reserved, start: { generatorId: spec.id, step: stepKey(step), cost: spec.cost, reason: `${spec.id}: ${label}`, ...(request.generationId ? { generationId: request.generationId } : {}) } });
  held.charge = charge;
  hooks.onCharged?.();
  await writeStep(ctx, { request, hooks, spec, session, step, label, draft, charge, lang, tally });
  // The story so far, for the next step (part of this one: nothing charged). The book stays locked for
  // this user until it is done; a failure is tried again before the next step.
  await session
    .remember({ signal: AbortSignal.timeout(ctx.config.generationTimeoutMs) })
    .then(async ({ calls, usage }) => {
      if (calls) await ctx.repos.generations.recordUsage({ userId, promptType: spec.contentType, metadata: { generator: spec.id, step: 'memory', calls, generation: charge.generationId, ...(usage ? { tokens: usage } : {}) } });
    })
    .catch((err: unknown) => ctx.logger.warn({ err, generator: spec.id }, 'memory update failed; tried again before the next step'));
}

/**
 * The user's book session for the step (a chapter count it cannot have: 400 invalid_chapters in the request's
 * language).
 */
async function openStepSession(ctx: AppContext, request: StepRequest, spec: ResolvedSpec, charge: () => Charge | undefined, tally: Tally): Promise<BookSession> {
  const { repos, catalog, provider } = ctx;
  const { userId, chapterTitle } = request;
  try {
    // A series' next book not yet saved is told the series too (a saved one is, as it loads: server/core/series.ts).
    const series = spec.kind === 'book' ? await bookSeriesOf(plainBooks(repos.books), repos, catalog, userId, spec.bookType) : undefined;
    // The step's budget of model calls (engine/budget.ts): the step and, for a book, the story bible's update after it.
    const budget = new CallBudget({ planned: spec.kind === 'book' ? 2 : 1 });
    return await BookSession.open({
      spec, renderer: catalog.renderer, provider: countedProvider(withBudget(provider, budget), tally), key: spec.bookType, settings: request.settings, onFinished: 'keep', ...(series ? { series } : {}),
      store: userProgress(repos, { userId, spec, charge, ...(chapterTitle ? { chapterTitle } : {}) }),
    });
  } catch (error) {
    // Worded here, not by the app's handler: a queued step has no request to answer (errors/reply.ts words it alike).
    throw wordedIn(error, request.hintLang);
  }
}

/**
 * The step to write, checked before anything is charged: the book's next one, the one the client expected,
 * with its stopped draft when it is written on from one. A retried job's charge (`reserved`) is given back
 * when the step cannot be written.
 */
async function checkStep(ctx: AppContext, input: { request: StepRequest; spec: ResolvedSpec; session: BookSession; lang: Lang; reserved: Charge | null; expected: string | undefined }) {
  const { request, spec, session, reserved } = input;
  const refuse = async (why: string, code: string, error: ApiError): Promise<never> => {
    if (reserved) await refundCharge(ctx, { userId: request.userId, charge: reserved, what: spec.id, reason: { kind: 'not_run', code, detail: why } });
    throw error;
  };
  const step = session.next();
  if (!step) return refuse('book already complete', 'book_complete', ApiError.of(409, 'book_complete'));
  if (input.expected && input.expected !== stepKey(step)) {
    return refuse('step moved on', 'step_not_allowed', ApiError.ofField(409, 'step_not_allowed', 'step', 'step_next_is', { step: session.label(step) }));
  }
  // Written on from its stopped draft: the draft must be there before anything is charged.
  const draft = request.fromDraft && spec.kind === 'book' ? (await ctx.repos.drafts.list({ userId: request.userId, key: spec.bookType })).find((d) => d.position === stepPosition(step)) : undefined;
  if (request.fromDraft && !draft) return refuse('no stopped draft', 'no_stopped_draft', ApiError.catalogue(404, 'no_stopped_draft', input.lang));
  return { step, draft };
}

/**
 * The step written on its charge (deltas to `onDelta`, shown to a writer who comes back, stoppable), committed
 * through the session and answered. Stopped by the writer, the text that reached them is kept as the draft and
 * paid for (with none, refunded); any other failure is refunded: a StepFailure either way.
 */
async function writeStep(ctx: AppContext, input: { request: StepRequest; hooks: StepHooks; spec: ResolvedSpec; session: BookSession; step: Step; label: string; draft: { text: string } | undefined; charge: Charge; lang: Lang; tally: Tally }): Promise<void> {
  const { repos, config } = ctx;
  const { request, hooks, spec, session, step, label, draft, charge, lang } = input;
  const { userId, chapterTitle } = request;
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
    const log = { message: 'generation failed; charge refunded', fields: { generator: spec.id } };
    const end = await runCharged(ctx, { userId, charge, lang, what: `${spec.id} ${label}`, timeout, client: hooks.client, log, answer: failureOf, onFailure: ({ failure, isClientGone }) => new StepFailure(failure, isClientGone) }, async () => {
      try {
        writing.add(writingKey);
        if (spec.kind === 'book') running.set(writingKey, now);
        const options = { expected: step, signal: AbortSignal.any([hooks.client, timeout, stopper.signal]), ...(chapterTitle ? { chapterTitle } : {}), ...(hooks.onDelta ? { onDelta } : {}), ...(hooks.onRetry ? { onRetry: (notice: RetryNotice) => hooks.onRetry?.(notice) } : {}) };
        const result = await (draft ? session.finishDraft(draft.text, { ...options, how: 'continue' }) : session.advance(options)).finally(() => {
          writing.delete(writingKey);
          if (running.get(writingKey) === now) running.delete(writingKey);
        });
        // Asked to continue the writer's stopped draft, a model may write the part again from its start: the part
        // then no longer holds the draft, which is kept as a version of it (restorable) and named in the answer.
        const restarted = draft && !continuesDraft(draft.text, result.text) ? await repos.versions.keep({ userId, key: spec.bookType, position: stepPosition(step), text: draft.text.trim() }) : null;
        // A draft the writer had stopped of this part is replaced by the part written afresh.
        if (spec.kind === 'book') await repos.drafts.remove({ userId, key: spec.bookType, position: stepPosition(step) });
        const view = session.view();
        hooks.onDone({ ...donePayload({ spec, result, book: view, charge, creditsAvailable: (await repos.credits.balanceOf(userId)) ?? 0 }), ...(restarted !== null ? { restarted_version: restarted } : {}), so_far: stepSoFar(view, { startedMs: Date.parse(now.startedAt), tally: input.tally, credits: charge.credits }) });
        return 'done' as const;
      } catch (error) {
        if (stopper.signal.aborted && !hooks.client.aborted) return 'stopped' as const;
        throw error;
      }
    });
    if (end === 'stopped') {
      // Stopped by the writer: the text that reached them is kept as the step's draft and paid for (the
      // existing rule); with none, or no saved book to keep it with, the step is refunded.
      // A continued draft stopped before new text came stays as it was, refunded.
      const text = now.text.length > base.length ? now.text.trim() : '';
      const kept = text ? await repos.drafts.save({ userId, key: spec.bookType, position: stepPosition(step), text }) : null;
      if (kept) {
        const usage = { promptType: spec.contentType, isPart: false, metadata: { generator: spec.id, step: stepKey(step), stopped: true, words: countWords(text), generation: charge.generationId } };
        // Its charge given back while it ran (a queue's sweep took it for lost): the new text is not paid for, so
        // the draft goes back to what it was before this step (the one continued, else none) and the step fails
        // as service_unavailable, not as a paid stop.
        await commitCharged(ctx.repos.generations, { userId, charge, usage }).catch(async (error: unknown) => {
          await (base ? repos.drafts.save({ userId, key: spec.bookType, position: stepPosition(step), text: base }) : repos.drafts.remove({ userId, key: spec.bookType, position: stepPosition(step) }));
          throw new StepFailure(failureOf(error, { lang }), false);
        });
        stopCharged = charge.credits;
      } else await refundCharge(ctx, { userId, charge, what: `${spec.id} ${label}`, reason: { kind: 'stopped' } });
      throw new StepFailure(ApiError.catalogue(409, 'step_stopped', lang), false);
    }
  } finally {
    settleStop({ charged: stopCharged });
  }
}

/**
 * What the step spent (its requests, tokens and credits) and the book's time left at its pace: the steps still to
 * write at the time this one took (engine/pace.ts). A single piece is one step, done.
 */
function stepSoFar(view: BookView, input: { startedMs: number; tally: Tally; credits: number }): RunSoFar {
  const planned = Math.max(1, view.steps.length);
  const done = view.steps.length ? view.steps.filter((s) => s.is_done).length : 1;
  return runSoFar(runFigures({ startedMs: input.startedMs, nowMs: Date.now(), doneAtStart: done - 1, done, planned, ...input.tally, credits: input.credits }));
}

/** Whether a part continued from the writer's draft still holds the draft (its opening lines, a heading aside). */
export function continuesDraft(draft: string, part: string): boolean {
  const body = draft.trim().split('\n').filter((line) => !/^\s*#/.test(line)).join('\n').trim();
  return part.includes(body.slice(0, 200));
}

/** The catalogue message of a stored error code, or the generic one, in `lang`. */
function catalogueOr(code: string | null, lang: Lang): string {
  try {
    return code ? generationMessage({ code: code as CatalogueCode }, lang) : messageIn('unexpected', lang);
  } catch {
    return messageIn('unexpected', lang);
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

