// What a stream waiting on the model tells its reader while nothing else comes (the `waiting` event,
// engine/contract/common.ts): `model` at once, when the work holds its place and before its first model call;
// `slow_model` each time the model has kept it waiting SLOW_MODEL_MS with no answer; each retry the model's
// server asks for (a rate limit and its seconds), as the provider's one retry layer announces it (onRetry).
import type { Response } from 'express';
import { retryWait, slowModelWait, type Lang, type ModelWait, type RetryNotice } from '../../engine/index.js';
import { SSE_LOCAL } from './sse.js';

/** How long a model may keep a stream waiting before it says so (then again each time as long). */
export const SLOW_MODEL_MS = 5_000;

export interface ModelWaits {
  /** A retry the model's server asked for: said now; the slow model's count starts again once it is sent again. */
  retry(notice: RetryNotice): void;
  /** The model answered (the first words, the first part): no more slow-model events. */
  answered(): void;
  /** A model call of a run of several starts (a bible's next part, a publish's next piece): its slowness counted from now. */
  asking(): void;
  /** The stream ends. */
  stop(): void;
}

/**
 * Start telling `send` what the stream waits for: `{ reason: 'model' }` now, then the model's slowness and
 * its server's retries until it answers. The interval is the app's (config slowModelNoticeMs) unless given.
 */
export function modelWaits(res: Response, send: (wait: ModelWait) => void, input: { lang: Lang; slowMs?: number }): ModelWaits {
  const slowMs = input.slowMs ?? ((res.app?.locals?.[SSE_LOCAL] ?? {}) as { slowModelMs?: number }).slowModelMs ?? SLOW_MODEL_MS;
  let timer: NodeJS.Timeout | undefined;
  let since = Date.now();
  let isDone = false;
  let isClosed = false;
  const arm = (afterMs: number) => {
    clearTimeout(timer);
    if (isDone || slowMs <= 0) return;
    timer = setTimeout(() => {
      if (res.writableEnded || res.destroyed) return;
      send(slowModelWait(Math.round((Date.now() - since) / 1000), input.lang));
      arm(slowMs);
    }, afterMs);
    timer.unref();
  };
  const stop = () => {
    isDone = true;
    clearTimeout(timer);
  };
  res.on('close', () => {
    isClosed = true;
    stop();
  });
  send({ reason: 'model' });
  arm(slowMs);
  return {
    retry(notice) {
      send(retryWait(notice, input.lang));
      // Waiting out the server's time is not the model being slow: counted again from the request sent again.
      since = Date.now() + notice.delayMs;
      arm(notice.delayMs + slowMs);
    },
    answered: stop,
    asking() {
      if (isClosed) return;
      isDone = false;
      since = Date.now();
      arm(slowMs);
    },
    stop,
  };
}
