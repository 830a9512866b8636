// The one table from an error's code to the HTTP status the API answers with. A code not listed answers
// with its class's own status (KaryaError.httpStatus: a refusal 400, a generation failure 502…); an
// ApiError already carries the status it was made with.
import type { KaryaError } from '../../engine/index.js';

/** The codes whose status differs from their class's. */
export const HTTP_STATUS: Readonly<Record<string, number>> = {
  // Generation failures (GenerationError, 502 otherwise): the provider's limits, a time-out, a missing prompt.
  rate_limited: 429,
  service_unavailable: 503,
  timeout: 504,
  aborted: 504,
  prompt_required: 400,
  // Edits (EditError, 400 otherwise): a part that is not there, an outline change a written chapter refuses.
  part_not_found: 404,
  part_changed: 409,
  part_stale: 409,
  chapter_written: 409,
  book_finished: 409,
  // The voice (VoiceError, 400 otherwise): a rewrite toward a voice the book has not got.
  voice_missing: 409,
  // Imports (ImportRefusal, 400 otherwise).
  import_too_large: 413,
  import_too_complex: 422,
  import_busy: 503,
  // Series (SeriesError, 400 otherwise): what the series' state refuses, and a series that is not there.
  series_previous_unfinished: 409,
  series_name_taken: 409,
  book_in_series: 409,
  series_number_taken: 409,
  series_not_empty: 409,
  series_not_found: 404,
};

/**
 * The refusals a client may send again as they are, and after how many seconds (Retry-After) when the refusal
 * does not say itself (ApiError.retryAfter): what they wait for ends on its own.
 */
export const RETRY_AFTER_S: Readonly<Record<string, number>> = {
  // The model provider, or (a queued server) every worker, is away for now.
  service_unavailable: 10,
  // The model provider's rate limit, when it did not say its wait.
  rate_limited: 10,
  // Another step or publish of this book is under way: a step is written within seconds to a few minutes.
  step_running: 10,
  publish_running: 10,
  // An audio edition or an edition in another language of a book of the same kind: minutes, not seconds.
  audio_running: 30,
  translation_running: 30,
  // Every reading or export thread is taken (server/routes/import.ts and books.ts say the same wait).
  import_busy: 5,
  export_busy: 30,
  // Every export thread is taken when a package's covers are made (engine/node/export/pool.ts prepareCover).
  cover_work_busy: 10,
};

/**
 * The HTTP status of an error, or of a code standing for another class's failure (a time-out read as a
 * generation failure).
 * @example httpStatusOf(new EditError('part_not_found')) // 404
 */
export function httpStatusOf(error: Pick<KaryaError, 'code' | 'httpStatus'>): number {
  return HTTP_STATUS[error.code] ?? error.httpStatus;
}
