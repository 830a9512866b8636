// The run of one POST /api/generators/:id/generate once its body is checked and its token taken: the step
// under its book's lock (or the AI test page's shared check), its reply as JSON or an event stream kept
// under its Idempotency-Key, and its outcome counted for the metrics.
import type { Response } from 'express';
import type * as z from 'zod';
import type { GenerationEventSchemas, DonePayload } from '../../engine/contract/index.js';
import type { AppContext } from '../core/context.js';
import { type Lang, type RetryNotice, type TurnReason } from '../../engine/index.js';
import { ApiError } from '../errors/api-error.js';
import { errorReply } from '../errors/reply.js';
import { runUserStep, StepFailure, type StepHooks, type StepRequest } from '../core/steps.js';
import { openEventStream } from '../http/sse.js';
import { modelWaits, turnWaitFor, type ModelWaits } from '../http/model-wait.js';
import { bookLockKey, bookLocks, lockHolderOf } from '../core/generation.js';
import type { TypedEventStream } from '../http/contract.js';
import { metricsOf } from '../core/metrics.js';

/**
 * How long a queued step may wait for a worker before its stream opens saying so (a request answers within a second).
 */
const QUEUE_NOTICE_MS = 500;

export type GenerationEvents = {
  [E in keyof typeof GenerationEventSchemas]: z.output<(typeof GenerationEventSchemas)[E]>;
};

type GeneratorSpec = NonNullable<ReturnType<AppContext['catalog']['get']>>;

/** The AI test page's last answer per settings (shared by every request of one server). */
export type SharedChecks = Map<string, { payload: DonePayload; at: number }>;

export interface GenerationRun {
  spec: GeneratorSpec;
  request: StepRequest;
  user: { id: string; role: string };
  isStream: boolean;
  idempotencyKey: string | undefined;
  checks: SharedChecks;
}

/**
 * The reply to one generate request. The step is cancelled (and refunded) when the client goes away
 * before anything was sent to it. Once a delta has been sent, the text reached the user: the step runs
 * to its end and is kept and paid for.
 */
class GenerationReply {
  readonly cancel = new AbortController();
  stream: TypedEventStream<GenerationEvents> | null = null;
  hasSent = false;
  isClientGone = false;
  isStored = false;
  answered: Promise<void> | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly res: Response,
    private readonly run: GenerationRun,
  ) {
    const onClose = () => {
      if (res.writableFinished) return;
      this.isClientGone = true;
      if (!this.hasSent) this.cancel.abort();
    };
    // A client that left while the request was checked (session, body, idempotency: database round
    // trips) has closed already, and 'close' does not fire twice.
    if (res.destroyed) onClose();
    else res.on('close', onClose);
  }

  waits: ModelWaits | undefined;

  /**
   * The step is charged, before its first model call: a streaming client gets its event stream now, which says
   * it waits for the model (then its slowness, its server's rate limits) until the first words (http/model-wait.ts).
   */
  open(): void {
    if (!this.run.isStream || this.waits) return;
    const stream = (this.stream ??= openEventStream(this.res));
    this.waits = modelWaits(this.res, (wait) => stream.send('waiting', wait));
  }

  /**
   * The step waits its turn before its charge (another step of the same book, or no worker has taken it yet): a
   * streaming client gets its stream now, saying so; a refusal after this is the stream's `error` event.
   */
  waitTurn(reason: TurnReason): void {
    if (!this.run.isStream || this.waits || this.isClientGone || this.res.writableEnded) return;
    this.stream ??= openEventStream(this.res);
    this.stream.send('waiting', turnWaitFor(this.res, reason));
  }

  delta(text: string): void {
    if (this.isClientGone) return;
    this.hasSent = true;
    this.waits?.answered();
    this.stream?.send('delta', { text });
  }

  /** A retry the model's server asked for: a `waiting` event with its seconds. */
  retry(notice: RetryNotice): void {
    if (!this.isClientGone) this.waits?.retry(notice);
  }

  /** The answer of a finished step: kept under the Idempotency-Key first, then the `done` event or JSON. */
  answer(payload: DonePayload): void {
    const { ctx, res, run } = this;
    this.answered = (async () => {
      if (run.idempotencyKey) {
        await ctx.repos.idempotency.finish({
          userId: run.user.id,
          key: run.idempotencyKey,
          responseStatus: 200,
          body: JSON.stringify(payload),
        });
        this.isStored = true;
      }
      if (this.isClientGone)
        ctx.logger.info(
          { generator: run.spec.id, generation: payload.generation_id },
          'client went away after text was sent: the step was kept and charged',
        );
      const open = this.stream;
      this.waits?.stop();
      if (open) {
        open.send('done', payload);
        open.close();
      } else if (!res.headersSent && !res.destroyed) res.json(payload);
    })();
  }
}

/**
 * A failed step: nothing when the client left, an `error` event on an open stream (a refusal before the charge too,
 * once the stream opened for the step's turn), else the error's JSON answer.
 */
function answerFailure(
  error: unknown,
  input: { isClientGone: boolean; stream: TypedEventStream<GenerationEvents> | null; lang: Lang },
): void {
  const failure = error instanceof StepFailure ? error.error : input.stream ? error : undefined;
  if (failure === undefined) throw error;
  if ((error instanceof StepFailure && error.isClientGone) || input.isClientGone) return;
  const open = input.stream;
  if (!open) throw failure;
  open.send('error', errorReply(failure, { lang: input.lang }).body.error);
  open.close();
}

/** Run the request's step and answer it; its outcome (done, or why not) is counted for the metrics. */
export async function runGeneration(ctx: AppContext, res: Response, run: GenerationRun): Promise<void> {
  const reply = new GenerationReply(ctx, res, run);
  let outcome = 'client_gone';
  try {
    if (reply.cancel.signal.aborted) return;
    try {
      await stepUnderLock(ctx, reply, run);
      await reply.answered;
      if (reply.answered) outcome = 'done';
    } catch (error) {
      reply.waits?.stop();
      outcome = error instanceof StepFailure ? error.error.code : error instanceof ApiError ? error.code : 'unexpected';
      answerFailure(error, { isClientGone: reply.isClientGone, stream: reply.stream, lang: run.request.hintLang });
    }
  } finally {
    metricsOf(ctx).generations.inc({ provider: ctx.provider.name, outcome });
    if (run.idempotencyKey && !reply.isStored)
      await ctx.repos.idempotency.release({ userId: run.user.id, key: run.idempotencyKey });
  }
}

/**
 * The step run under its lock. The AI test page, for anyone but the administrator, is a health check
 * shared by all: at most one call to the service per settings every testCheckTtlMs, whatever the number
 * of clicks or users.
 */
function stepUnderLock(ctx: AppContext, reply: GenerationReply, run: GenerationRun): Promise<void> {
  const { spec, request, user, checks } = run;
  const isSharedCheck = spec.kind === 'test' && user.role !== 'admin';
  const checkKey = `${spec.id}\u0000${JSON.stringify(request.settings)}`;
  const hooks: StepHooks = {
    client: reply.cancel.signal,
    onCharged: () => reply.open(),
    onDelta: (text) => reply.delta(text),
    onRetry: (notice) => reply.retry(notice),
    onDone: (payload) => {
      if (spec.kind === 'test') checks.set(checkKey, { payload, at: Date.now() });
      reply.answer(payload);
    },
  };
  // With Postgres a worker runs the step (server/queue/); here, this process does. One step of one
  // user's book at a time either way (the queue holds a lock per book).
  const runStep = async () => {
    if (!ctx.steps) return runUserStep(ctx, request, hooks);
    // Not taken by a worker within QUEUE_NOTICE_MS (all busy, or its book's lock held by another step): said.
    const notice = setTimeout(() => reply.waitTurn('queue'), QUEUE_NOTICE_MS);
    try {
      return await ctx.steps.run(request, hooks);
    } finally {
      clearTimeout(notice);
    }
  };
  const lockKey =
    spec.kind === 'book' && !ctx.steps
      ? bookLockKey(user.id, spec.bookType)
      : isSharedCheck
        ? `check\u0000${checkKey}`
        : null;
  const { mutex } = bookLocks(ctx);
  // Another step of the same book (or its story bible's background catch-up) holds the lock: this one says it waits for
  // it.
  if (spec.kind === 'book' && lockKey && mutex.isHeld(lockKey)) reply.waitTurn(lockHolderOf(ctx, lockKey));
  // Shared with the edit route (routes/progress.ts): an edit waits for a step's memory update.
  return mutex.run(lockKey, async () => {
    if (reply.cancel.signal.aborted) return;
    const last = isSharedCheck ? checks.get(checkKey) : undefined;
    if (last && Date.now() - last.at < ctx.config.testCheckTtlMs) {
      reply.open();
      reply.stream?.send('delta', { text: last.payload.content });
      reply.answer({
        ...last.payload,
        credits_charged: 0,
        credits_available: (await ctx.repos.credits.balanceOf(user.id)) ?? 0,
        is_cached: true,
      });
      return;
    }
    await runStep();
  });
}
