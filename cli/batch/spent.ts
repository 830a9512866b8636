// The calls and tokens a batch has sent, carried by its events as they are spent: each step's, retry's and book's
// event says what was sent since the one before it, so the command's progress adds them up as they come, whether
// the books run here, on the batch's threads (each its own totals) or on the queue's workers.
import type { BatchEvent } from './book-run.js';

/** What was sent since the event before. */
export interface Spent {
  calls: number;
  tokens: number;
}

const CARRIES: ReadonlySet<BatchEvent['type']> = new Set(['step_done', 'step_retry', 'job_done', 'job_failed']);

/** `emit` with each event that can carry them given the calls and tokens in `totals` since the last one that did. */
export function withSpent(totals: Readonly<Spent>, emit: (event: BatchEvent) => void): (event: BatchEvent) => void {
  const told: Spent = { calls: 0, tokens: 0 };
  return (event) => {
    if (!CARRIES.has(event.type)) return emit(event);
    const spent = { calls: totals.calls - told.calls, tokens: totals.tokens - told.tokens };
    told.calls = totals.calls;
    told.tokens = totals.tokens;
    emit({ ...event, spent } as BatchEvent);
  };
}

/**
 * A worker's notice as the batch's event: what its calls cost is in the totals, not in the step's line (as in a local
 * batch).
 */
export function withoutSent<N extends { sent?: unknown }>(notice: N): Omit<N, 'sent'> {
  const { sent: _sent, ...event } = notice;
  return event;
}
