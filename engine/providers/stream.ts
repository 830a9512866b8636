// Streaming as an async iterator: the provider calls onDelta; a server forwarding deltas (SSE) or a
// test finds `for await` easier. The iterator's return value is the final TextResult.
import type { Provider, TextRequest, TextResult } from '../provider.js';

/**
 * Yield the text deltas of one generation in order, then return the result (errors are thrown).
 * @example
 * const it = streamText(provider, request);
 * for (let r = await it.next(); !r.done; r = await it.next()) res.write(`data: ${JSON.stringify(r.value)}\n\n`);
 */
export async function* streamText(provider: Provider, request: Omit<TextRequest, 'onDelta'>): AsyncGenerator<string, TextResult, undefined> {
  const queue: string[] = [];
  let wake: (() => void) | undefined;
  let outcome: { result: TextResult } | { error: unknown } | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  provider
    .generateText({
      ...request,
      onDelta: (delta) => {
        queue.push(delta);
        notify();
      },
    })
    .then(
      (result) => {
        outcome = { result };
        notify();
      },
      (error: unknown) => {
        outcome = { error };
        notify();
      },
    );
  for (;;) {
    while (queue.length) yield queue.shift()!;
    if (outcome) {
      if ('error' in outcome) throw outcome.error;
      return outcome.result;
    }
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
  }
}
