// What a batch prints for programs (--json): the public events, one JSON object per line, and the writer that gathers
// lines per turn of the event loop (the human progress writes its plain lines through it too).
import type { BatchEvent, BatchResult } from './scheduler.js';
import type { RunFigures } from '../../engine/index.js';
import type { PublishEvent } from './publish.js';

/** The events --json prints (step_started and rate_limited are for the progress display only). */
export type PublicEvent =
  Exclude<BatchEvent, { type: 'step_started' }> | ({ type: 'summary'; exitCode: number } & BatchResult) | PublishEvent;

export function isPublicEvent(event: BatchEvent): event is Exclude<BatchEvent, { type: 'step_started' }> {
  return event.type !== 'step_started';
}

/**
 * An event as --json prints it: a step's event with the batch's figures as they stand after it (`progress`: steps
 * done and planned, calls, tokens, credits, elapsed and eta seconds); what was sent since the event before is in them.
 */
export function jsonEvent(
  event: Exclude<BatchEvent, { type: 'step_started' }>,
  progress: { figures(): RunFigures } | undefined,
): PublicEvent {
  if (!('spent' in event)) return event;
  const { spent: _spent, ...rest } = event;
  return (event.type === 'step_done' && progress ? { ...rest, progress: progress.figures() } : rest) as PublicEvent;
}

/** One JSON object per line on a stream. */
export function ndjsonWriter(
  stream: NodeJS.WritableStream = process.stdout,
): ((event: PublicEvent) => void) & { flush(): void } {
  const out = batchedWriter(stream);
  return Object.assign((event: PublicEvent) => out.write(`${JSON.stringify(event)}\n`), { flush: out.flush });
}

/**
 * Writes gathered per turn of the event loop: lines written while many calls finish at once go out in one
 * write (a batch of 100 calls in flight would otherwise make a write per line to a pipe or file). Flushed
 * at the latest on the next turn, at 64 KiB, and by `flush()` (before exiting).
 */
export function batchedWriter(stream: NodeJS.WritableStream): { write(text: string): void; flush(): void } {
  let pending: string[] = [];
  let size = 0;
  let scheduled: NodeJS.Immediate | undefined;
  const flush = () => {
    if (scheduled) clearImmediate(scheduled);
    scheduled = undefined;
    if (!pending.length) return;
    const text = pending.join('');
    pending = [];
    size = 0;
    stream.write(text);
  };
  return {
    write(text) {
      pending.push(text);
      size += text.length;
      if (size >= 64 * 1024) flush();
      else scheduled ??= setImmediate(flush);
    },
    flush,
  };
}
