// The catalogue of user-facing messages, keyed by a stable code: data only (errors.ts renders it:
// catalogueMessage, generationMessage). A new code is added here by its key, and its text in every
// language's languages/<code>/errors.yaml (the table's check names a code a language lacks). The answers
// of the wrong kind for a part, and the provider's filter, are engine/answer-catalogue.ts's.
import { catalogue, sayer } from './languages/index.js';
import { setErrorCatalogue } from './karya-error.js';
import { IMPORT_CATALOGUE } from './error-catalogue-import.js';
import { ANSWER_CATALOGUE } from './answer-catalogue.js';
import { COVER_CATALOGUE } from './error-catalogue-cover.js';
import { READ_ALONG_CATALOGUE } from './error-catalogue-read-along.js';
import { TRANSLATE_CATALOGUE } from './error-catalogue-translate.js';
import { BUDGET_CATALOGUE } from './error-catalogue-budget.js';
import { SERIES_CATALOGUE } from './error-catalogue-series.js';
import { AUDIO_CATALOGUE } from './error-catalogue-audio.js';

/**
 * The generation, account and server messages; Indonesian's (and every other language's) are
 * languages/<code>/errors.yaml.
 */
const ERRORS = catalogue('errors', [
  'auth_error',
  'rate_limited',
  'server_error',
  'service_unavailable',
  // Said as `timeout_after` when the limit that applied is known (the error's params carry its seconds):
  // a writer who set a shorter one is told that one, not the default 3 minutes.
  'timeout',
  'timeout_after',
  'aborted',
  'no_content',
  // The release schedule's daily limit out of range (karya batch --publish --per-day; engine/publish/release.ts).
  'release_per_day_range',
  // An answer in another language than asked, asked again once and still so (engine/session/language.ts).
  // {found} and {expected} are language names in the message's language (wrongLanguageNames).
  'wrong_language',
  // Answers that are not the text asked for (engine/session/answers/verdict.ts): asked again once with a firm
  // note, then the step fails with one of these; nothing is saved as finished and nothing is charged.
  'refused',
  'echoed',
  'reasoning_only',
  'not_text',
  // A request larger than the model's context window (engine/providers/context.ts): not sent again as it was.
  'context_too_long',
  'generation_failed',
  'config_error',
  'init_failed',
  'max_retries',
  'connection_retry',
  'init_error',
  'insufficient_credits',
  // The parts of an imported book its story bible lacks, and why (server/core/bible-parts.ts withBibleLacking).
  'bible_lacking_credits',
  'bible_lacking_failed',
  'bible_lacking_set_aside',
  'invalid_chapters',
  'prompt_required',
  'not_signed_in',
  'unexpected',
  'image_failed',
  'no_image_url',
  // Editing a written part by hand (engine/session/edit.ts).
  'part_empty',
  'part_too_long',
  'bible_too_long',
  'note_too_long',
  // Passage tools and edits of a place in a part (engine/session/passage.ts, part-text.ts).
  'part_changed',
  // A whole-part edit (by hand, write more, rewrite, a version restored) made on an older text of the part.
  'part_stale',
  'characters_too_long',
  'passage_too_long',
  // A passage answer far longer than its selection asked for, asked again once and still so (engine/session/passage).
  'passage_answer_too_long',
  // Editing the outline as chapters (engine/session/outline-edit.ts).
  'chapter_written',
  'book_finished',
  'outline_too_short',
  'outline_too_long',
  'chapter_too_long',
  'version_not_found',
  'part_not_found',
  'step_running',
  // Stopping a part while it streams.
  'no_step_running',
  'step_stopped',
  'no_stopped_draft',
  // A step asked for that is not the book's next (the request's `step` field names the next one).
  'step_next_is',
  // Publishing a finished book (KDP package).
  'book_not_finished',
  'publish_title_needed',
  'package_not_found',
  'publish_running',
  'not_publishable',
  // Buying credits (Stripe Checkout) and API access.
  'invalid_package',
  'checkout_unavailable',
  'checkout_failed',
  'purchase_not_found',
  'credits_added',
  'api_access_required',
  'invalid_api_key',
  'api_key_not_allowed',
  'api_key_name',
  'api_key_not_found',
  'too_many_api_keys',
  'api_key_created',
  'api_key_revoked',
  // Metering and hardening.
  'idempotency_in_progress',
  'idempotency_key_reused',
  // The server's own limits know when a request may come again (Retry-After): their 429s say that wait
  // (waitText renders {wait}); the answer's code stays rate_limited, too_many_attempts, reset_too_soon or
  // too_many_at_once (a user's fair share of the server's costly work taken: server/http/security.ts).
  'rate_limited_wait',
  'too_many_attempts_wait',
  'reset_too_soon_wait',
  'too_many_at_once_wait',
  'wait_second',
  'wait_seconds',
  'wait_minutes',
  'image_unavailable',
  // Start-up, readiness and stop (server/http/lifecycle.ts)
  'starting',
  'not_ready',
  'shutting_down',
  'bad_encoding',
  'body_too_large',
  'bad_path',
  'host_not_allowed',
  // Exports (engine/node/export/pool.ts): a file is made within a time and a memory limit.
  'export_too_slow',
  'export_too_large',
  'export_busy',
  // Every writer's costly work together waits its turn; a queue that is full answers this (server/http/security.ts).
  'server_busy',
  // Importing a manuscript (engine/import): a file is refused before anything is read into a book.
  // The writer's voice (engine/session/voice/fingerprint.ts, engine/session/voice/overused.ts): each names the limit;
  // nothing is saved.
  'voice_too_short',
  'voice_language',
  'voice_not_text',
  'voice_missing',
  'avoid_too_many',
  'avoid_too_long',
  // The near-duplicate threshold (engine/publish/near-duplicate.ts parseCloseThreshold).
  'close_threshold_range',
  'registry_words_missing',
  // A language asked of a generator without a language field (engine/compile/language-field.ts); {lang} its one
  // language's code.
  'lang_fixed',
  // A generator lacking a text in the studio's language (studio/src/generator/GeneratorPage.tsx): {languages} those it
  // is whole in.
  'generator_not_in_language',
]);

/** The catalogue of user-facing messages, keyed by a stable code: every error catalogue's entries in one. */
export const CATALOGUE = {
  ...ERRORS,
  ...IMPORT_CATALOGUE,
  ...ANSWER_CATALOGUE,
  ...COVER_CATALOGUE,
  ...TRANSLATE_CATALOGUE,
  ...SERIES_CATALOGUE,
  ...BUDGET_CATALOGUE,
  ...READ_ALONG_CATALOGUE,
  ...AUDIO_CATALOGUE,
};

const sayCatalogued = sayer(CATALOGUE);
setErrorCatalogue((code, lang, params) =>
  Object.hasOwn(CATALOGUE, code) ? sayCatalogued(code as keyof typeof CATALOGUE, lang, params) : undefined,
);
