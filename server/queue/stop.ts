// Stop across processes: the step of a user's book runs on whichever worker took
// its job, not necessarily in the process that serves POST /api/progress/:bookType/stop. That process
// asks every worker over NOTIFY (STOP_CHANNEL); the one running the step stops it exactly as a local Stop
// does (runUserStep keeps the text so far as the part's draft and charges it, or refunds it) and answers
// under the request's id: `stopping` at once, `stopped` with what it charged once settled.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../core/context.js';
import type { Repositories } from '../store/ports.js';
import { bookLockKey, bookLocks } from '../core/generation.js';
import type { StepChannel, StepEvent } from '../store/postgres/channel.js';

/** How long a Stop waits for the worker running the step to answer; none does: no step is running. */
export const STOP_ACK_MS = 3_000;
/** How long a Stop waits for the stopped step to settle (its draft saved, charged or refunded). */
export const STOP_SETTLE_MS = 30_000;

/** Answer stop requests for the steps running in this process (a worker); returns the unsubscribe. */
export function answerStops(ctx: AppContext, channel: StepChannel): () => void {
  const { running } = bookLocks(ctx);
  return channel.onStop((request) => {
    const step = running.get(bookLockKey(request.userId, request.bookType));
    if (!step?.stop) return;
    const reply = (event: StepEvent) =>
      channel
        .publish(request.id, event)
        .catch((error: unknown) => ctx.logger.warn({ err: error }, 'stop answer not sent'));
    void (async () => {
      await reply({ t: 'stopping', ...(step.generationId ? { generation: step.generationId } : {}) });
      const { charged } = await step.stop!();
      await reply({ t: 'stopped', charged });
    })();
  });
}

/**
 * Stop the user's step running in another process: null when no process answers within `ackMs` (no step
 * is running there), else what the stop charged. An answer lost on the way (the listening connection
 * dropped) is read off the step's generation after `settleMs`: charged when it was kept (succeeded).
 */
export function stopElsewhere(
  channel: StepChannel,
  repos: Repositories,
  input: { userId: string; bookType: string },
  opts: { ackMs?: number; settleMs?: number } = {},
): Promise<{ charged: number } | null> {
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    let generation: string | undefined;
    let isAcked = false;
    let timer: NodeJS.Timeout | undefined;
    const settle = (outcome: { charged: number } | null) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(outcome);
    };
    /** No `stopped` came in time: what the step's generation shows (charged once kept as a draft). */
    const fromGeneration = async () => {
      const record = generation ? await repos.generations.find(generation) : undefined;
      settle({ charged: record?.status === 'succeeded' ? record.credits : 0 });
    };
    const unsubscribe = channel.subscribe(id, (event) => {
      if (event.t === 'stopping' && !isAcked) {
        isAcked = true;
        generation = event.generation;
        clearTimeout(timer);
        timer = setTimeout(() => void fromGeneration().catch(reject), opts.settleMs ?? STOP_SETTLE_MS);
      } else if (event.t === 'stopped') settle({ charged: event.charged });
    });
    timer = setTimeout(() => settle(null), opts.ackMs ?? STOP_ACK_MS);
    channel.requestStop({ id, ...input }).catch((error: unknown) => {
      clearTimeout(timer);
      unsubscribe();
      reject(error);
    });
  });
}
