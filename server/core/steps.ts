// One generation step of one user's book, from the checked request to the answer: open the book session,
// check the step, charge, run it (deltas to `onDelta`), commit (the session's progress port), answer, and
// refund on failure; then the memory update. The HTTP route runs it in the server process (SQLite), and
// with Postgres a worker runs it from the job queue (server/queue/); the code is the same. The step written on
// its charge, and stopped by the writer, is ./step-write.ts.
import {
  BookSession,
  CallBudget,
  withBudget,
  countedProvider,
  countWords,
  generationMessage,
  parseStepKey,
  stepKey,
  stepPosition,
  type CatalogueCode,
  type DonePayload,
  type Lang,
  type ResolvedSpec,
  type Tally,
} from '../../engine/index.js';
import { refundCharge, reserveCharge } from './charged.js';
import type { AppContext } from './context.js';
import type { StepHooks, StepRequest } from './step-request.js';
import { StepFailure, writeStep } from './step-write.js';
import { ApiError, messageIn } from '../errors/api-error.js';
import { wordedIn } from '../errors/reply.js';
import { userProgress } from './generation.js';
import type { Charge } from '../store/ports.js';
import { bookSeriesOf, plainBooks } from './series.js';

export type { StepHooks, StepRequest } from './step-request.js';
export { StepFailure } from './step-write.js';

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
    hooks.onDone(
      await answerFromBook(ctx, {
        session,
        generationId: earlier.id,
        stepKey: earlier.step,
        credits: earlier.credits,
        userId,
        generatorId: spec.id,
      }),
    );
    return;
  }
  if (earlier && earlier.status !== 'running')
    throw new StepFailure(
      new ApiError(502, earlier.errorCode ?? 'unexpected', catalogueOr(earlier.errorCode, lang)),
      false,
    );
  const reserved = earlier ? { generationId: earlier.id, credits: earlier.credits } : null;
  const { step, draft } = await checkStep(ctx, {
    request,
    spec,
    session,
    lang,
    reserved,
    expected: earlier?.step ?? request.expectedStep,
  });
  const label = session.label(step);
  const charge = await reserveCharge(ctx, {
    userId,
    lang,
    reserved,
    start: {
      generatorId: spec.id,
      step: stepKey(step),
      cost: spec.cost,
      reason: `${spec.id}: ${label}`,
      ...(request.generationId ? { generationId: request.generationId } : {}),
    },
  });
  held.charge = charge;
  hooks.onCharged?.();
  await writeStep(ctx, { request, hooks, spec, session, step, label, draft, charge, lang, tally });
  // The story so far, for the next step (part of this one: nothing charged). The book stays locked for
  // this user until it is done; a failure is tried again before the next step.
  await session
    .remember({ signal: AbortSignal.timeout(ctx.config.generationTimeoutMs) })
    .then(async ({ calls, usage }) => {
      if (calls)
        await ctx.repos.generations.recordUsage({
          userId,
          promptType: spec.contentType,
          metadata: {
            generator: spec.id,
            step: 'memory',
            calls,
            generation: charge.generationId,
            ...(usage ? { tokens: usage } : {}),
          },
        });
    })
    .catch((err: unknown) =>
      ctx.logger.warn({ err, generator: spec.id }, 'memory update failed; tried again before the next step'),
    );
}

/**
 * The user's book session for the step (a chapter count it cannot have: 400 invalid_chapters in the request's
 * language).
 */
async function openStepSession(
  ctx: AppContext,
  request: StepRequest,
  spec: ResolvedSpec,
  charge: () => Charge | undefined,
  tally: Tally,
): Promise<BookSession> {
  const { repos, catalog, provider } = ctx;
  const { userId, chapterTitle } = request;
  try {
    // A series' next book not yet saved is told the series too (a saved one is, as it loads: server/core/series.ts).
    const series =
      spec.kind === 'book'
        ? await bookSeriesOf(plainBooks(repos.books), repos, catalog, userId, spec.bookType)
        : undefined;
    // The step's budget of model calls (engine/budget.ts): the step and, for a book, the story bible's update after it.
    const budget = new CallBudget({ planned: spec.kind === 'book' ? 2 : 1 });
    return await BookSession.open({
      spec,
      renderer: catalog.renderer,
      provider: countedProvider(withBudget(provider, budget), tally),
      key: spec.bookType,
      settings: request.settings,
      onFinished: 'keep',
      ...(series ? { series } : {}),
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
async function checkStep(
  ctx: AppContext,
  input: {
    request: StepRequest;
    spec: ResolvedSpec;
    session: BookSession;
    lang: Lang;
    reserved: Charge | null;
    expected: string | undefined;
  },
) {
  const { request, spec, session, reserved } = input;
  const refuse = async (why: string, code: string, error: ApiError): Promise<never> => {
    if (reserved)
      await refundCharge(ctx, {
        userId: request.userId,
        charge: reserved,
        what: spec.id,
        reason: { kind: 'not_run', code, detail: why },
      });
    throw error;
  };
  const step = session.next();
  if (!step) return refuse('book already complete', 'book_complete', ApiError.of(409, 'book_complete'));
  if (input.expected && input.expected !== stepKey(step)) {
    return refuse(
      'step moved on',
      'step_not_allowed',
      ApiError.ofField(409, 'step_not_allowed', 'step', 'step_next_is', { step: session.label(step) }),
    );
  }
  // Written on from its stopped draft: the draft must be there before anything is charged.
  const draft =
    request.fromDraft && spec.kind === 'book'
      ? (await ctx.repos.drafts.list({ userId: request.userId, key: spec.bookType })).find(
          (d) => d.position === stepPosition(step),
        )
      : undefined;
  if (request.fromDraft && !draft)
    return refuse('no stopped draft', 'no_stopped_draft', ApiError.catalogue(404, 'no_stopped_draft', input.lang));
  return { step, draft };
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
async function answerFromBook(
  ctx: AppContext,
  input: {
    session: BookSession;
    generationId: string;
    stepKey: string;
    credits: number;
    userId: string;
    generatorId: string;
  },
): Promise<DonePayload> {
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
