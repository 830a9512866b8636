// Any error as the API answers it, in one place: a KaryaError words itself (answer.ts), a generation failure
// cut off by the time-out is answered as one, what the body parser or a bad path throws is the client's
// mistake, and anything else is the catalogue's internal error (500 `unexpected`, logged by whoever answers).
// The app's error handler, an event stream's `error` event and the lifecycle's 503s all send this body.
import { GenerationError, KaryaError, retryAfterMs, type Lang } from '../../engine/index.js';
import { ApiError, bodyTooLarge, errorBody, localised } from './api-error.js';
import { apiErrorOf, isWorded, retryAfterOf } from './answer.js';

/**
 * What a failure answers: its status, its body `{error: {code, message, fields?}}`, its Retry-After, and whether nobody
 * expected it.
 */
export interface ErrorReply {
  status: number;
  body: ReturnType<typeof errorBody>;
  retryAfter?: number;
  /** The answer as an error (its code for a refund or a metric). */
  error: ApiError;
  /** Not a failure the product words (a bug, a lost connection): logged as an error by whoever answers it. */
  isUnexpected: boolean;
  /**
   * The server's own failure in words (a missing font, the provider down): answered, and kept in the log as a warning.
   */
  isServerFailure: boolean;
}

/** How a failure is read: the language its words are in (a book's), and whether the call's time-out had passed. */
export interface FailureContext {
  lang: Lang;
  isTimeout?: boolean;
}

/**
 * A failed model call as an API error: a generation failure as the catalogue words it (a call cut off by the
 * time-out as `timeout`), anything else the catalogue's internal error. Never 401: that would sign the user out.
 * @example failureOf(new GenerationError('rate_limited'), { lang: 'ms' }) // 429 rate_limited, in Malay
 */
export function failureOf(error: unknown, context: FailureContext): ApiError {
  if (!(error instanceof GenerationError)) return ApiError.catalogue(500, 'unexpected', context.lang);
  const answer = apiErrorOf(
    context.isTimeout && error.code !== 'timeout' ? new GenerationError('timeout') : error,
    context.lang,
  );
  // The provider's own wait, when it said one, is the caller's too (an hour at most: past that it is a quota, not a
  // wait).
  const asked = answer.status === 429 || answer.status === 503 ? retryAfterMs(error) : undefined;
  return asked !== undefined && asked > 0 ? answer.retryAfter(Math.min(3600, asked / 1000)) : answer;
}

/**
 * Any error as an API error: an ApiError as it is, a generation failure as failureOf, another KaryaError the
 * catalogue words as it words itself, a path or body the server cannot read as the client's mistake, else 500.
 * @example answerOf(new EditError('part_not_found'), { lang: 'en' }).status // 404
 */
export function answerOf(error: unknown, context: FailureContext): ApiError {
  return readFailure(error, context) ?? ApiError.catalogue(500, 'unexpected');
}

/** The answer of a failure someone expected (undefined: nobody did, it is the internal error). */
function readFailure(error: unknown, context: FailureContext): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error instanceof GenerationError) return failureOf(error, context);
  if (KaryaError.isInstance(error) && isWorded(error)) return apiErrorOf(error, context.lang);
  // A path whose percent-encoding does not decode (`/api/generators/%E0%A4%A`).
  if (error instanceof URIError) return ApiError.catalogue(400, 'bad_path');
  if (isBodyParserError(error)) {
    // A body over its limit (the Stripe webhook's raw body, read by body-parser), naming the limit.
    if (error.type === 'entity.too.large') return bodyTooLarge(Number((error as { limit?: unknown }).limit));
    // A Content-Encoding the server does not speak (415), or a body that does not decode as the one it names (400).
    if (error.type === 'encoding.unsupported') return ApiError.catalogue(415, 'bad_encoding');
    if (error.status >= 400 && error.status < 500)
      return ApiError.of(error.status, error.type === 'entity.parse.failed' ? 'invalid_json' : 'invalid_request');
  }
  if (isDecodeError(error)) return ApiError.catalogue(400, 'bad_encoding');
  return undefined;
}

/**
 * The reply to a failure: its words in `lang` (the book's, for an error the book's language words) and, for the
 * server's own messages, in `callerLang` (the caller's), defaulting to `lang`.
 * @example errorReply(new Error('boom'), { lang: 'ms' }) // {status: 500, body: {error: {code: 'unexpected', message:
 * <Malay>}}, isUnexpected: true}
 */
export function errorReply(error: unknown, context: FailureContext & { callerLang?: Lang }): ErrorReply {
  const expected = readFailure(error, context);
  const answer = localised(expected ?? ApiError.catalogue(500, 'unexpected'), context.callerLang ?? context.lang);
  const retryAfter = retryAfterOf(answer);
  const isUnexpected = expected === undefined;
  const isServerFailure = !isUnexpected && answer.status >= 500 && !(error instanceof ApiError);
  return {
    status: answer.status,
    body: errorBody(answer),
    ...(retryAfter !== undefined ? { retryAfter } : {}),
    error: answer,
    isUnexpected,
    isServerFailure,
  };
}

/** zlib's and brotli's errors (Z_DATA_ERROR, Z_BUF_ERROR, ERR__ERROR_FORMAT_…): a compressed body that is not. */
function isDecodeError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' &&
    (/^Z_[A-Z_]+$/.test(code) || /^ERR__ERROR_/.test(code) || code === 'ERR_BROTLI_DECOMPRESSION_FAILED')
  );
}

function isBodyParserError(error: unknown): error is { status: number; type: string } {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { status?: unknown }).status === 'number' &&
    typeof (error as { type?: unknown }).type === 'string'
  );
}

/**
 * An error the product words, worded now in `lang` (the book's) as its API error; anything else as it is. For
 * work whose failure is answered later, away from the request (a queued step): the app's handler would word it alike.
 * @example throw wordedIn(error, 'ms') // a SessionError as its 4xx, in Malay
 */
export function wordedIn(error: unknown, lang: Lang): unknown {
  if (error instanceof ApiError || !KaryaError.isInstance(error) || !isWorded(error)) return error;
  return answerOf(error, { lang });
}
