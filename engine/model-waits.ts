// What a stream that waits on the model says it waits for (the `waiting` event of an edition, a book step, a
// passage: engine/contract/common.ts ModelWaitingEventSchema): a retry the model's server asked for, with its
// seconds, or a model that has kept it waiting a while. Worded in the writer's language (catalogue `model-waits`).
import { catalogue, sayer } from './languages/index.js';
import type { Lang } from './languages/index.js';
import type { RetryNotice } from './provider.js';

export const MODEL_WAITS = catalogue('model-waits', ['wait_rate_limited', 'wait_service_unavailable', 'wait_slow_model', 'wait_book_step', 'wait_queue']);
const say = sayer(MODEL_WAITS);

/** A `waiting` event's data (the contract's ModelWaitingEvent). */
export interface ModelWait {
  reason: 'model' | 'slow_model' | 'network' | 'rate_limited' | 'service_unavailable' | 'book_step' | 'queue';
  seconds?: number;
  attempt?: number;
  of?: number;
  message?: string;
}

/** The wait a retry notice announces: its reason, its seconds and its words (a lost connection keeps the retry's own). */
export function retryWait(notice: RetryNotice, lang: Lang): ModelWait {
  const seconds = Math.ceil(notice.delayMs / 1000);
  const vars = { seconds, n: notice.attempt, max: notice.of };
  const message = notice.reason === 'rate_limited' ? say('wait_rate_limited', lang, vars) : notice.reason === 'service_unavailable' ? say('wait_service_unavailable', lang, vars) : notice.message;
  return { reason: notice.reason, seconds, attempt: notice.attempt, of: notice.of, message };
}

/** A model that has kept the stream waiting `seconds` with no answer. */
export function slowModelWait(seconds: number, lang: Lang): ModelWait {
  return { reason: 'slow_model', seconds, message: say('wait_slow_model', lang, { seconds }) };
}

/** A step waiting its turn: `book_step` while another step of the same book is written, `queue` while no worker has taken it yet. */
export function turnWait(reason: 'book_step' | 'queue', lang: Lang): ModelWait & { reason: 'book_step' | 'queue'; message: string } {
  return { reason, message: say(reason === 'book_step' ? 'wait_book_step' : 'wait_queue', lang, {}) };
}
