// What a stream that waits on the model says it waits for (the `waiting` event of an edition, a book step, a
// passage: engine/contract/common.ts ModelWaitingEventSchema): a retry the model's server asked for, with its
// seconds, or a model that has kept it waiting a while. Worded in the writer's language (catalogue `model-waits`).
import { catalogue, sayer } from './languages/index.js';
import type { Lang } from './languages/index.js';
import type { RetryNotice } from './provider.js';

export const MODEL_WAITS = catalogue('model-waits', [
  'wait_rate_limited',
  'wait_service_unavailable',
  'wait_slow_model',
  'wait_book_step',
  'wait_queue',
  'wait_story_bible',
]);
const say = sayer(MODEL_WAITS);

/** A `waiting` event's data (the contract's ModelWaitingEvent). */
export interface ModelWait {
  reason: 'model' | 'slow_model' | 'network' | 'rate_limited' | 'service_unavailable' | TurnReason;
  seconds?: number;
  attempt?: number;
  of?: number;
  message?: string;
}

/**
 * The wait a retry notice announces: its reason, its seconds and its words (a lost connection keeps the retry's own).
 */
export function retryWait(notice: RetryNotice, lang: Lang): ModelWait {
  const seconds = Math.ceil(notice.delayMs / 1000);
  const vars = { seconds, n: notice.attempt, max: notice.of };
  const message =
    notice.reason === 'rate_limited'
      ? say('wait_rate_limited', lang, vars)
      : notice.reason === 'service_unavailable'
        ? say('wait_service_unavailable', lang, vars)
        : notice.message;
  return { reason: notice.reason, seconds, attempt: notice.attempt, of: notice.of, message };
}

/** A model that has kept the stream waiting `seconds` with no answer. */
export function slowModelWait(seconds: number, lang: Lang): ModelWait {
  return { reason: 'slow_model', seconds, message: say('wait_slow_model', lang, { seconds }) };
}

/**
 * What work waits its turn for: `book_step` another step of the same book, `queue` a worker (none has taken it yet),
 * `story_bible` the book's story bible catching up in the background (an edit's re-derive, an import's build).
 */
export type TurnReason = 'book_step' | 'queue' | 'story_bible';

const TURN_WORDS = { book_step: 'wait_book_step', queue: 'wait_queue', story_bible: 'wait_story_bible' } as const;

/** A step (or a request on a book) waiting its turn, with its words. */
export function turnWait(reason: TurnReason, lang: Lang): ModelWait & { reason: TurnReason; message: string } {
  return { reason, message: say(TURN_WORDS[reason], lang, {}) };
}
