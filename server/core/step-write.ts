// A generation step written on its charge (./steps.ts checks and charges it first): the model's text streamed to the
// writer and shown to one who comes back, committed through the session and answered; stopped by the writer, the
// text that reached them kept as the part's draft and paid for. A step that fails after its charge is a StepFailure.
import {
  countWords,
  KaryaError,
  runFigures,
  stepKey,
  stepPosition,
  stepRef,
  type BookSession,
  type BookView,
  type Lang,
  type ResolvedSpec,
  type RetryNotice,
  type Step,
  type Tally,
} from '../../engine/index.js';
import { runSoFar, type RunSoFar } from '../../engine/contract/index.js';
import { commitCharged, refundCharge, runCharged } from './charged.js';
import type { AppContext } from './context.js';
import type { StepHooks, StepRequest } from './step-request.js';
import { ApiError } from '../errors/api-error.js';
import { failureOf } from '../errors/reply.js';
import { bookLockKey, bookLocks, donePayload, type RunningStep } from './generation.js';
import type { Charge } from '../store/ports.js';

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

/** What writeStep is given: the checked step, its stopped draft when it is written on from one, its charge. */
export interface StepToWrite {
  request: StepRequest;
  hooks: StepHooks;
  spec: ResolvedSpec;
  session: BookSession;
  step: Step;
  label: string;
  draft: { text: string } | undefined;
  charge: Charge;
  lang: Lang;
  tally: Tally;
}

/** The step as it is written (GET /api/progress shows it to a writer who comes back), with its Stop. */
interface Writing {
  now: RunningStep;
  stopper: AbortController;
  /** Ends the Stop's wait with what the stopped step was charged. */
  settleStop: (outcome: { charged: number }) => void;
}

function writingOf(input: StepToWrite, base: string): Writing {
  const stopper = new AbortController();
  let settleStop: (outcome: { charged: number }) => void = () => undefined;
  const stopped = new Promise<{ charged: number }>((resolve) => (settleStop = resolve));
  const now: RunningStep = {
    step: stepRef(input.step),
    label: input.label,
    startedAt: new Date().toISOString(),
    text: base,
    generationId: input.charge.generationId,
    stop: () => {
      stopper.abort();
      return stopped;
    },
  };
  return { now, stopper, settleStop: (outcome) => settleStop(outcome) };
}

/**
 * The step written on its charge (deltas to `onDelta`, shown to a writer who comes back, stoppable), committed
 * through the session and answered. Stopped by the writer, the text that reached them is kept as the draft and
 * paid for (with none, refunded); any other failure is refunded: a StepFailure either way.
 */
export async function writeStep(ctx: AppContext, input: StepToWrite): Promise<void> {
  const { request, hooks, spec, label, charge, lang } = input;
  const timeout = AbortSignal.timeout(ctx.config.generationTimeoutMs);
  // A continued draft is on screen from its first word: a writer who comes back sees it with what follows.
  const base = input.draft?.text ?? '';
  const writing = writingOf(input, base);
  let stopCharged = 0;
  try {
    const log = { message: 'generation failed; charge refunded', fields: { generator: spec.id } };
    const end = await runCharged(
      ctx,
      {
        userId: request.userId,
        charge,
        lang,
        what: `${spec.id} ${label}`,
        timeout,
        client: hooks.client,
        log,
        answer: failureOf,
        onFailure: ({ failure, isClientGone }) => new StepFailure(failure, isClientGone),
      },
      async () => {
        try {
          await writeAndAnswer(ctx, input, writing, timeout);
          return 'done' as const;
        } catch (error) {
          if (writing.stopper.signal.aborted && !hooks.client.aborted) return 'stopped' as const;
          throw error;
        }
      },
    );
    if (end === 'stopped') {
      stopCharged = await keepStopped(ctx, input, { base, text: writing.now.text });
      throw new StepFailure(ApiError.catalogue(409, 'step_stopped', lang), false);
    }
  } finally {
    writing.settleStop({ charged: stopCharged });
  }
}

/** The model's text for the step, committed through the session, and the answer given (`onDone`). */
async function writeAndAnswer(
  ctx: AppContext,
  input: StepToWrite,
  { now, stopper }: Writing,
  timeout: AbortSignal,
): Promise<void> {
  const { repos } = ctx;
  const { request, hooks, spec, session, step, draft, charge } = input;
  const { userId, chapterTitle } = request;
  // While the part is written an edit by hand is refused (routes/progress.ts): it would be overtaken.
  const { writing, running } = bookLocks(ctx);
  const writingKey = bookLockKey(userId, spec.bookType);
  const onDelta = (text: string) => {
    now.text += text;
    hooks.onDelta?.(text);
  };
  writing.add(writingKey);
  if (spec.kind === 'book') running.set(writingKey, now);
  const options = {
    expected: step,
    signal: AbortSignal.any([hooks.client, timeout, stopper.signal]),
    ...(chapterTitle ? { chapterTitle } : {}),
    ...(hooks.onDelta ? { onDelta } : {}),
    ...(hooks.onRetry ? { onRetry: (notice: RetryNotice) => hooks.onRetry?.(notice) } : {}),
  };
  const result = await (
    draft ? session.finishDraft(draft.text, { ...options, how: 'continue' }) : session.advance(options)
  ).finally(() => {
    writing.delete(writingKey);
    if (running.get(writingKey) === now) running.delete(writingKey);
  });
  // Asked to continue the writer's stopped draft, a model may write the part again from its start: the part
  // then no longer holds the draft, which is kept as a version of it (restorable) and named in the answer.
  const restarted =
    draft && !continuesDraft(draft.text, result.text)
      ? await repos.versions.keep({ userId, key: spec.bookType, position: stepPosition(step), text: draft.text.trim() })
      : null;
  // A draft the writer had stopped of this part is replaced by the part written afresh.
  if (spec.kind === 'book') await repos.drafts.remove({ userId, key: spec.bookType, position: stepPosition(step) });
  const view = session.view();
  hooks.onDone({
    ...donePayload({
      spec,
      result,
      book: view,
      charge,
      creditsAvailable: (await repos.credits.balanceOf(userId)) ?? 0,
    }),
    ...(restarted !== null ? { restarted_version: restarted } : {}),
    so_far: stepSoFar(view, { startedMs: Date.parse(now.startedAt), tally: input.tally, credits: charge.credits }),
  });
}

/**
 * Stopped by the writer: the text that reached them is kept as the step's draft and paid for (the existing rule);
 * with none, or no saved book to keep it with, the step is refunded. A continued draft stopped before new text came
 * stays as it was, refunded. The credits the stop was charged.
 */
async function keepStopped(
  ctx: AppContext,
  input: StepToWrite,
  written: { base: string; text: string },
): Promise<number> {
  const { repos } = ctx;
  const { request, spec, step, label, charge, lang } = input;
  const { userId } = request;
  const { base } = written;
  const text = written.text.length > base.length ? written.text.trim() : '';
  const kept = text
    ? await repos.drafts.save({ userId, key: spec.bookType, position: stepPosition(step), text })
    : null;
  if (!kept) {
    await refundCharge(ctx, { userId, charge, what: `${spec.id} ${label}`, reason: { kind: 'stopped' } });
    return 0;
  }
  const usage = {
    promptType: spec.contentType,
    isPart: false,
    metadata: {
      generator: spec.id,
      step: stepKey(step),
      stopped: true,
      words: countWords(text),
      generation: charge.generationId,
    },
  };
  // Its charge given back while it ran (a queue's sweep took it for lost): the new text is not paid for, so
  // the draft goes back to what it was before this step (the one continued, else none) and the step fails
  // as service_unavailable, not as a paid stop.
  await commitCharged(ctx.repos.generations, { userId, charge, usage }).catch(async (error: unknown) => {
    await (base
      ? repos.drafts.save({ userId, key: spec.bookType, position: stepPosition(step), text: base })
      : repos.drafts.remove({ userId, key: spec.bookType, position: stepPosition(step) }));
    throw new StepFailure(failureOf(error, { lang }), false);
  });
  return charge.credits;
}

/**
 * What the step spent (its requests, tokens and credits) and the book's time left at its pace: the steps still to
 * write at the time this one took (engine/pace.ts). A single piece is one step, done.
 */
function stepSoFar(view: BookView, input: { startedMs: number; tally: Tally; credits: number }): RunSoFar {
  const planned = Math.max(1, view.steps.length);
  const done = view.steps.length ? view.steps.filter((s) => s.is_done).length : 1;
  return runSoFar(
    runFigures({
      startedMs: input.startedMs,
      nowMs: Date.now(),
      doneAtStart: done - 1,
      done,
      planned,
      ...input.tally,
      credits: input.credits,
    }),
  );
}

/** Whether a part continued from the writer's draft still holds the draft (its opening lines, a heading aside). */
export function continuesDraft(draft: string, part: string): boolean {
  const body = draft
    .trim()
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .trim();
  return part.includes(body.slice(0, 200));
}
