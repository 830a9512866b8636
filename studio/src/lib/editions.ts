// A book's edition in the other language (engine/contract/editions.ts): its offer and cost, its glossary, and
// the run, read as server-sent events (each part's progress) until it is done or fails.
import { ApiError } from './api.js';
import { postEventStream } from './events.js';
import {
  type EditionDone,
  type EditionPartEvent,
  type EditionProgressEvent,
  type EditionWaitingEvent,
  type Lang,
} from '../engine.js';

export interface EditionRunHandlers {
  onProgress(event: EditionProgressEvent): void;
  onPart(event: EditionPartEvent): void;
  /**
   * The run waits: for the model's first answer, or for the wait its server asked for (a rate limit, with its words).
   */
  onWaiting?(event: EditionWaitingEvent): void;
}

/** Make (or go on with) the edition of book `id` in `to`; throws ApiError when it is refused or fails on the way. */
export async function runEdition(
  id: number,
  to: Lang,
  handlers: EditionRunHandlers,
  signal?: AbortSignal,
  opts: { again?: boolean } = {},
): Promise<EditionDone> {
  let done: EditionDone | undefined;
  let failure: ApiError | undefined;
  await postEventStream(
    `/books/${id}/editions`,
    { to, ...(opts.again ? { again: true } : {}) },
    (e) => {
      if (e.event === 'progress') handlers.onProgress(e.data as EditionProgressEvent);
      else if (e.event === 'part') handlers.onPart(e.data as EditionPartEvent);
      else if (e.event === 'waiting') handlers.onWaiting?.(e.data as EditionWaitingEvent);
      else if (e.event === 'done') done = e.data as EditionDone;
      else if (e.event === 'error') {
        const error = e.data as { code: string; message: string };
        failure = new ApiError(502, error.code, error.message);
      }
    },
    signal,
  );
  if (failure) throw failure;
  if (!done) throw new ApiError(0, 'edition_connection_closed');
  return done;
}
