// The server side of a queued step: the step enqueued, its events relayed to the request's hooks, its
// outcome answered; the request always ends (503 when no worker takes it, 504 or the part once charged).
import { randomUUID } from 'node:crypto';
import type { AppContext, StepDispatcher } from '../core/context.js';
import { ApiError } from '../errors/api-error.js';
import { StepFailure, type StepHooks, type StepRequest } from '../core/steps.js';
import { announceJob, liveWorkers, type StepEvent } from '../store/postgres/channel.js';
import { stopElsewhere } from './stop.js';
import { startSweeper } from './sweep.js';
import {
  ANSWER_GRACE_MS,
  NO_WORKER_MS,
  POLL_MS,
  STEP_QUEUE,
  answerDelivered,
  failureOutcome,
  readOutcome,
  writeOutcome,
  type StepOutcome,
  type StepQueue,
} from './jobs.js';

export interface DispatcherOptions {
  /** The repositories for refunds at the request's deadline; given, this process also sweeps dead leases. */
  ctx?: AppContext;
  /** The longest wait for a (busy) worker to take the step: then 503, nothing charged. */
  startTimeoutMs?: number;
  /** The longest wait for the answer once the step is charged (the generation time-out). */
  runTimeoutMs?: number;
  /** No worker connected for this long: 503 (the ctx's KARYA_NO_WORKER_MS, else NO_WORKER_MS). */
  noWorkerMs?: number;
  /** How often the step's rows are read (POLL_MS). */
  pollMs?: number;
}

/** A dispatcher's options with their defaults filled in. */
interface WaitLimits {
  ctx: AppContext | undefined;
  startTimeoutMs: number;
  runTimeoutMs: number;
  noWorkerMs: number;
  pollMs: number;
}

/**
 * The server side: enqueue the step, relay its events to the request's hooks, answer its outcome. Events
 * come by NOTIFY; the step's rows (its outcome, its generation) are read every `pollMs` and after the
 * listener reconnects, so a lost event only delays the answer. The request always ends: 503 when no worker
 * takes the step (none alive for `noWorkerMs`, or all busy for `startTimeoutMs`), and once charged, an
 * answer within `runTimeoutMs` (plus a grace for the commit), else the step is cancelled and refunded.
 */
export function queueDispatcher(queue: StepQueue, opts: DispatcherOptions = {}): StepDispatcher {
  const ctx = opts.ctx;
  const limits: WaitLimits = {
    ctx,
    startTimeoutMs: opts.startTimeoutMs ?? 180_000,
    runTimeoutMs: (opts.runTimeoutMs ?? opts.ctx?.config.generationTimeoutMs ?? 180_000) + ANSWER_GRACE_MS,
    noWorkerMs: opts.noWorkerMs ?? opts.ctx?.config.noWorkerMs ?? NO_WORKER_MS,
    pollMs: opts.pollMs ?? POLL_MS,
  };
  if (ctx) startSweeper(ctx, queue);
  return {
    ...(ctx
      ? { stop: (input: { userId: string; bookType: string }) => stopElsewhere(queue.channel, ctx.repos, input) }
      : {}),
    run: (request: StepRequest, hooks: StepHooks) =>
      new Promise<void>((resolve, reject) => new QueuedStep(queue, limits, request, hooks, resolve, reject).start()),
  };
}

/** One request's wait for its queued step: settled once, by its outcome, its client leaving or a deadline. */
class QueuedStep {
  private readonly jobId = randomUUID();
  private readonly sentAt = Date.now();
  private chargedAt = 0;
  private isSettled = false;
  private isChecking = false;
  private noWorkerSince: number | undefined;
  private isOverdue = false;
  private poller: NodeJS.Timeout | undefined;
  private offReconnect: () => void = () => undefined;
  private unsubscribe: () => void = () => undefined;
  private readonly queue: StepQueue;
  private readonly limits: WaitLimits;
  private readonly request: StepRequest;
  private readonly hooks: StepHooks;
  private readonly resolve: () => void;
  private readonly reject: (error: unknown) => void;

  constructor(
    queue: StepQueue,
    limits: WaitLimits,
    request: StepRequest,
    hooks: StepHooks,
    resolve: () => void,
    reject: (error: unknown) => void,
  ) {
    this.queue = queue;
    this.limits = limits;
    this.request = request;
    this.hooks = hooks;
    this.resolve = resolve;
    this.reject = reject;
  }

  /** Listen for the step's events and rows, then send its job (nothing is sent for a client gone already). */
  start(): void {
    const { queue, jobId, request } = this;
    this.poller = setInterval(() => void this.check(), this.limits.pollMs);
    this.poller.unref();
    this.offReconnect = queue.channel.onReconnect(() => void this.check());
    this.unsubscribe = queue.channel.subscribe(jobId, (event: StepEvent) => {
      if (this.isSettled) return;
      if (event.t === 'charged') this.markCharged();
      else if (event.t === 'delta') {
        this.markCharged();
        this.hooks.onDelta?.(event.d);
      } else if (event.t === 'retry') {
        this.markCharged();
        this.hooks.onRetry?.(event.n);
      } else void this.check();
    });
    // A client gone before this point fires no abort event: nothing is sent.
    if (this.hooks.client.aborted)
      return this.settle(() => this.reject(new StepFailure(new ApiError(499, 'client_gone', ''), true)));
    this.hooks.client.addEventListener('abort', this.onAbort);
    queue.boss
      .send(
        STEP_QUEUE,
        { ...request, generationId: jobId, startBy: this.sentAt + this.limits.startTimeoutMs },
        { id: jobId },
      )
      .then(async () => {
        await announceJob(queue.pool, STEP_QUEUE).catch(() => undefined);
        // The outcome may be written already when the worker was quicker than this subscription's first event.
        await this.check();
      })
      .catch(() => this.settle(() => this.reject(ApiError.catalogue(503, 'service_unavailable', request.hintLang))));
  }

  // The client left: the worker aborts the step (refunded), or the job is dropped before it starts.
  private readonly onAbort = () => {
    void this.cancel();
    this.settle(() => this.reject(new StepFailure(new ApiError(499, 'client_gone', ''), true)));
  };

  private settle(fn: () => void): void {
    if (this.isSettled) return;
    this.isSettled = true;
    clearInterval(this.poller);
    this.unsubscribe();
    this.offReconnect();
    this.hooks.client.removeEventListener('abort', this.onAbort);
    fn();
  }

  private markCharged(): void {
    if (this.chargedAt) return;
    this.chargedAt = Date.now();
    this.hooks.onCharged?.();
  }

  private answer(outcome: StepOutcome): void {
    this.settle(() => {
      if (outcome.kind === 'gone' || outcome.kind === 'dropped')
        return this.reject(new StepFailure(ApiError.catalogue(500, 'unexpected'), true));
      if (outcome.kind === 'done') {
        this.markCharged();
        this.hooks.onDone(outcome.payload);
        return this.resolve();
      }
      const error = new ApiError(outcome.status, outcome.code, outcome.message, outcome.fields);
      if (outcome.charged) this.markCharged();
      this.reject(outcome.charged ? new StepFailure(error, false) : error);
    });
  }

  /**
   * Stop the step wherever it is: marked dropped (a worker taking it later skips it, even when the
   * request left before the job reached the queue), dropped from the queue, aborted on its worker
   * (which refunds it).
   */
  private async cancel(): Promise<void> {
    await writeOutcome(this.queue, this.jobId, { kind: 'dropped' }).catch(() => undefined);
    await this.queue.channel.cancel(this.jobId).catch(() => undefined);
    await this.queue.boss.cancel(STEP_QUEUE, this.jobId).catch(() => undefined);
  }

  /**
   * No worker took the step in time: it is dropped (marked, so that a worker finding it later skips it)
   * and the request gets 503, nothing charged. A worker may have charged it just now: the cancel
   * aborts it there, and the refund here makes sure (a commit after it writes nothing).
   */
  private async dropUnstarted(): Promise<void> {
    const { queue, jobId, request } = this;
    const ctx = this.limits.ctx;
    await this.cancel();
    const generation = await queue.tables.generation(jobId);
    if (generation?.status === 'succeeded') return this.markCharged();
    if (generation?.status === 'running' && ctx) {
      await ctx.repos.generations.refund({
        userId: generation.user_id,
        charge: { generationId: jobId, credits: generation.credits_charged },
        reason: `Refund: ${request.generatorId} (no worker answered in time)`,
        errorCode: 'service_unavailable',
      });
    }
    this.answer(failureOutcome(ApiError.catalogue(503, 'service_unavailable', request.hintLang), this.chargedAt > 0));
  }

  /** The worker ran out of time (or is stuck behind an outage): cancel and refund the step unless it delivered. */
  private async giveUpRunning(): Promise<void> {
    const { queue, jobId, request } = this;
    const ctx = this.limits.ctx;
    await this.cancel();
    const generation = await queue.tables.generation(jobId);
    if (generation?.status === 'running' && ctx) {
      await ctx.repos.generations.refund({
        userId: generation.user_id,
        charge: { generationId: jobId, credits: generation.credits_charged },
        reason: `Refund: ${generation.generator_id} ${generation.step} (no answer from the workers in time)`,
        errorCode: 'timeout',
      });
    }
    const after = await queue.tables.generation(jobId);
    if (after?.status === 'succeeded') {
      // Delivered: its answer is about to be written; past the grace, it is read off the saved book here.
      if (ctx && Date.now() - this.chargedAt >= this.limits.runTimeoutMs + ANSWER_GRACE_MS) {
        const payload = await answerDelivered(ctx, { ...request, generationId: jobId });
        if (payload) this.answer({ kind: 'done', payload });
      }
      return;
    }
    this.answer(failureOutcome(ApiError.catalogue(504, 'timeout', request.hintLang), true));
  }

  /** Read the step's rows: its answer, its charge, and whether it is overdue. */
  private async check(): Promise<void> {
    if (this.isSettled || this.isChecking) return;
    this.isChecking = true;
    try {
      const outcome = await readOutcome(this.queue, this.jobId);
      if (outcome && outcome.kind !== 'dropped') return this.answer(outcome);
      const now = Date.now();
      if (!this.chargedAt) {
        const generation = await this.queue.tables.generation(this.jobId);
        if (generation) this.markCharged();
      }
      await this.checkDeadlines(now);
    } catch {
      // The database is away: read again at the next tick.
    } finally {
      this.isChecking = false;
    }
  }

  /**
   * Before its charge, the step waits for a worker (alive, and free within the start time-out); after it, for its
   * answer.
   */
  private async checkDeadlines(now: number): Promise<void> {
    if (!this.chargedAt) {
      if (now - this.sentAt >= this.limits.startTimeoutMs) return this.dropUnstarted();
      if ((await liveWorkers(this.queue.pool)) > 0) this.noWorkerSince = undefined;
      else {
        this.noWorkerSince ??= now;
        if (now - this.noWorkerSince >= this.limits.noWorkerMs) await this.dropUnstarted();
      }
    } else if (now - this.chargedAt >= this.limits.runTimeoutMs && !this.isOverdue) {
      this.isOverdue = true;
      await this.giveUpRunning();
      this.isOverdue = false;
    }
  }
}
