// What a stream waiting on the model tells its reader while nothing else comes (the `waiting` event,
// engine/contract/common.ts): `model` at once, when the work holds its place and before its first model call;
// `slow_model` each time the model has kept it waiting SLOW_MODEL_MS with no answer; each retry the model's
// server asks for (a rate limit and its seconds), as the provider's one retry layer announces it (onRetry).
// A wait is a message to the writer, as a page's labels and toasts are: worded in the writer's language (the
// studio's: the account's, else the browser's), never the book's, whatever the stream works on (a book's step, an
// edition, an import). waitLang is that rule, the one place every stream's waits take their language from.
import type { Request, Response } from 'express';
import {
  langs,
  retryWait,
  slowModelWait,
  turnWait,
  type Lang,
  type ModelWait,
  type RetryNotice,
  type TurnReason,
} from '../../engine/index.js';
import { SSE_LOCAL } from './sse.js';

/** How long a model may keep a stream waiting before it says so (then again each time as long). */
export const SLOW_MODEL_MS = 5_000;

/** What createApp leaves beside the stream settings: the language a request's writer reads (auth: requestLang). */
interface WaitSettings {
  slowModelMs?: number;
  writerLang?: (req: Request) => Lang;
}
const settingsOf = (res: Response): WaitSettings => (res.app?.locals?.[SSE_LOCAL] ?? {}) as WaitSettings;

/**
 * The language a stream's waits are worded in: its writer's (the account's, else the browser's), never the book's.
 * @example waitLang(res) // 'ms' for a Malay account writing an English book
 */
export function waitLang(res: Response): Lang {
  const writerLang = settingsOf(res).writerLang;
  return writerLang && res.req ? writerLang(res.req) : langs()[0]!;
}

/** A step or a request on a book waiting its turn (another step, a worker, its story bible), in its writer's words. */
export const turnWaitFor = (res: Response, reason: TurnReason): ReturnType<typeof turnWait> =>
  turnWait(reason, waitLang(res));

export interface ModelWaits {
  /** A retry the model's server asked for: said now; the slow model's count starts again once it is sent again. */
  retry(notice: RetryNotice): void;
  /** The model answered (the first words, the first part): no more slow-model events. */
  answered(): void;
  /**
   * A model call of a run of several starts (a bible's next part, a publish's next piece): its slowness counted from
   * now.
   */
  asking(): void;
  /** The stream ends. */
  stop(): void;
}

/**
 * Start telling `send` what the stream waits for: `{ reason: 'model' }` now, then the model's slowness and
 * its server's retries until it answers, in the writer's language (waitLang). The interval is the app's (config
 * slowModelNoticeMs) unless given.
 */
export function modelWaits(
  res: Response,
  send: (wait: ModelWait) => void,
  input: { slowMs?: number } = {},
): ModelWaits {
  const slowMs = input.slowMs ?? settingsOf(res).slowModelMs ?? SLOW_MODEL_MS;
  const lang = waitLang(res);
  let timer: NodeJS.Timeout | undefined;
  let since = Date.now();
  let isDone = false;
  let isClosed = false;
  const arm = (afterMs: number) => {
    clearTimeout(timer);
    if (isDone || slowMs <= 0) return;
    timer = setTimeout(() => {
      if (res.writableEnded || res.destroyed) return;
      send(slowModelWait(Math.round((Date.now() - since) / 1000), lang));
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
      send(retryWait(notice, lang));
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
