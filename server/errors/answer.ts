// How a failure is answered: a KaryaError words itself (its status from the one table in status.ts, its
// message from the catalogue or the server's messages, in the answer's language, and the request field it
// concerns from FIELD_OF). reply.ts turns any error into the answer (the app's handler, an open event stream's
// `error` event and the lifecycle's 503s send it). Routes and core modules throw and never convert an error themselves.
import { CATALOGUE, type KaryaError, type Lang } from '../../engine/index.js';
import { ApiError, localised, MESSAGES, messageIn, type MessageCode } from './api-error.js';
import { httpStatusOf, RETRY_AFTER_S } from './status.js';

/**
 * The request field an error's code is about (its message is that field's too, for a form to show beside
 * it): an edit's text refused, a voice sample or a list of phrases to avoid refused.
 */
export const FIELD_OF: Readonly<Record<string, string>> = {
  part_empty: 'text',
  part_too_long: 'text',
  bible_too_long: 'text',
  note_too_long: 'text',
  passage_too_long: 'text',
  outline_too_short: 'text',
  outline_too_long: 'text',
  chapter_too_long: 'text',
  characters_too_long: 'text',
  voice_too_short: 'sample',
  voice_language: 'sample',
  voice_not_text: 'sample',
  avoid_too_many: 'avoid',
  avoid_too_long: 'avoid',
};

/**
 * The API error a KaryaError answers with, worded in `lang`; an ApiError as it is (worded in `lang` where it
 * was made from codes).
 * @example apiErrorOf(new EditError('part_not_found'), 'ms') // 404 part_not_found, in Malay
 */
export function apiErrorOf(error: KaryaError, lang: Lang): ApiError {
  if (error instanceof ApiError) return localised(error, lang);
  const message = Object.hasOwn(MESSAGES, error.code)
    ? messageIn(error.code as MessageCode, lang)
    : error.messageIn(lang);
  const field = FIELD_OF[error.code];
  return new ApiError(
    httpStatusOf(error),
    error.code,
    message,
    error.fieldsIn(lang) ?? (field ? { [field]: message } : undefined),
  );
}

/**
 * The seconds a refusal that can be retried asks the caller to wait (its Retry-After): its own (ApiError.retryAfter),
 * else its code's
 * (RETRY_AFTER_S); undefined for a refusal that waiting does not change.
 * @example retryAfterOf(ApiError.catalogue(503, 'service_unavailable')) // 10
 */
export function retryAfterOf(error: ApiError): number | undefined {
  return error.retryAfterSeconds ?? (error.status >= 400 ? RETRY_AFTER_S[error.code] : undefined);
}

/**
 * Whether an error has words for a user (a catalogue or server message): one that has not is unexpected (a 500,
 * logged).
 */
export function isWorded(error: Pick<KaryaError, 'code'>): boolean {
  return Object.hasOwn(MESSAGES, error.code) || Object.hasOwn(CATALOGUE, error.code);
}

/** The language a request's failures are answered in, when it is not the caller's own (a book's). */
const ANSWER_LANGS = new WeakMap<object, Lang>();

/**
 * Answer this request's failures in `lang` (the language of the book it works on) rather than the caller's.
 * @example answerIn(req, book.lang)
 */
export function answerIn(req: object, lang: Lang): void {
  ANSWER_LANGS.set(req, lang);
}

/** The language set by `answerIn` for this request, if any. */
export function answerLangOf(req: object): Lang | undefined {
  return ANSWER_LANGS.get(req);
}
