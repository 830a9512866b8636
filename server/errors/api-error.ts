// The API's error shape `{error: {code, message, fields?}}` (shared/DESIGN.md) and the server's
// messages. Wording comes from the product's own messages wherever it has one; generation messages come
// from the engine's catalogues. The server's own messages are the catalogue `server-messages`, worded in every
// language of the table by languages/<code>/server-messages.yaml (English's and Malay's too): an error
// made from a code (ApiError.of, a catalogue code without a fixed language, a coded field) is worded in
// the caller's language when it is answered (`localised`).
import {
  catalogue,
  catalogueMessage,
  KaryaError,
  sayer,
  settingsIssueMessage,
  waitText,
  type CatalogueCode,
  type Lang,
  type SettingsIssue,
  VALIDATION_CODES,
} from '../../engine/index.js';

/** The server's own messages' stable codes; their words, every language's, in languages/<code>/server-messages.yaml. */
const MESSAGE_CODES = [
  // The request schemas' own messages (engine/contract/messages.ts), kept there once.
  ...VALIDATION_CODES,
  // Auth
  'email_taken',
  'password_too_common',
  'reset_expired',
  'password_update_failed',
  'session_expired',
  'unauthenticated',
  'account_created',
  'signed_in',
  'signed_out',
  'reset_sent',
  'password_updated',
  // Profile, history, progress
  'profile_updated',
  'item_deleted',
  'progress_cleared',
  // Codes and links
  'code_redeemed',
  'link_claimed',
  'code_already_redeemed',
  'link_already_claimed',
  // Admin
  'forbidden',
  'protected_account',
  'link_created',
  'link_deleted',
  'code_created',
  'code_exists',
  'code_deactivated',
  'credits_updated',
  'role_updated',
  'user_added',
  'user_deleted',
  'user_not_found',
  'rolled_back',
  'rollback_failed',
  'deployment_not_found',
  'config_updated',
  // Generation and generic
  'generator_not_found',
  'step_not_allowed',
  'book_complete',
  'progress_not_found',
  'not_found',
  'invalid_request',
  'invalid_settings',
  'invalid_json',
  'cross_origin',
  // The Stripe webhook (read by Stripe and the operator, not by users)
  'invalid_signature',
  'webhook_unconfigured',
  'unexpected',
] as const;

export type MessageCode = (typeof MESSAGE_CODES)[number];

/**
 * The server's messages checked against the language table: a language missing one fails the start, naming the code.
 */
const SERVER_MESSAGES = catalogue('server-messages', MESSAGE_CODES);

/** A server message in a language. */
export const messageIn = sayer(SERVER_MESSAGES);

/**
 * Every server message in English (the log's language, and an answer's `message` where no caller's language is
 * asked for), read from the table when it is read: `MESSAGES.user_added`.
 */
export const MESSAGES: Readonly<Record<MessageCode, string>> = Object.defineProperties(
  {},
  Object.fromEntries(MESSAGE_CODES.map((code) => [code, { enumerable: true, get: () => messageIn(code, 'en') }])),
) as Readonly<Record<MessageCode, string>>;

/**
 * How an error's words were made, so they can be made again in the caller's language (`waitSeconds`: its {wait}; a
 * settings issue: one field's refusal as the engine gives it, said after the field's name).
 */
export type Wording =
  | { kind: 'message'; code: MessageCode }
  | { kind: 'catalogue'; code: CatalogueCode; vars: Record<string, string>; waitSeconds?: number }
  | { kind: 'settings'; issue: SettingsIssue };

/** The 429 codes whose message says how long to wait (the catalogue's `<code>_wait`). */
export type WaitCode = 'rate_limited' | 'too_many_attempts' | 'reset_too_soon' | 'too_many_at_once';

/** A catalogue wording's values in a language: its own, and {wait} worded in that language. */
function varsIn(wording: Extract<Wording, { kind: 'catalogue' }>, lang: Lang): Record<string, string> {
  return wording.waitSeconds === undefined
    ? wording.vars
    : { ...wording.vars, wait: waitText(wording.waitSeconds, lang) };
}

/** A wording's words in a language. */
function wordedIn(wording: Wording, lang: Lang): string {
  if (wording.kind === 'settings') return settingsIssueMessage(wording.issue, { lang });
  return wording.kind === 'message'
    ? messageIn(wording.code, lang)
    : catalogueMessage(wording.code, lang, varsIn(wording, lang));
}

/** An error that becomes an API error response. */
export class ApiError extends KaryaError {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message, { httpStatus: status, isRetryable: status === 429 || status === 503 });
    this.name = 'ApiError';
  }

  /** Set by `of` and by `catalogue` without a language: the message follows the caller's language. */
  wording?: Wording;
  /**
   * Field → how its message was made, for the fields worded from a code (a server message, or an engine catalogue code
   * and its values).
   */
  fieldWordings?: Record<string, Wording>;
  /**
   * Whole seconds after which the same request may succeed: answered as Retry-After (a refusal that can be retried).
   */
  retryAfterSeconds?: number;

  /** This error, answered with Retry-After `seconds` (whole, at least 1). */
  retryAfter(seconds: number): this {
    this.retryAfterSeconds = Math.max(1, Math.ceil(seconds));
    return this;
  }

  /** An error with a server message (worded in the caller's language when answered). */
  static of(status: number, code: MessageCode, fields?: Record<string, string>): ApiError {
    const error = new ApiError(status, code, MESSAGES[code], fields);
    error.wording = { kind: 'message', code };
    return error;
  }

  /**
   * A refusal of one request field whose words are an engine catalogue code and its values (a refusal the engine
   * gives as data), the field and the message worded in the caller's language when answered.
   * @example ApiError.ofField(400, 'invalid_settings', 'lang', 'lang_fixed', { id: 'dad-jokes', lang: 'en' })
   */
  static ofField(
    status: number,
    code: MessageCode,
    field: string,
    fieldCode: CatalogueCode,
    vars: Record<string, string> = {},
  ): ApiError {
    return ApiError.ofFieldWording(status, code, field, { kind: 'catalogue', code: fieldCode, vars });
  }

  /** A refusal of one request field worded as `wording` (English here, the caller's language when answered). */
  static ofFieldWording(status: number, code: MessageCode, field: string, wording: Wording): ApiError {
    const error = ApiError.of(status, code, { [field]: wordedIn(wording, 'en') });
    error.fieldWordings = { [field]: wording };
    return error;
  }

  /**
   * An error with an engine catalogue message: in `lang` when given (a book's language), else in the
   * caller's language when answered.
   */
  static catalogue(status: number, code: CatalogueCode, lang?: Lang, vars: Record<string, string> = {}): ApiError {
    const error = new ApiError(status, code, catalogueMessage(code, lang ?? 'en', vars));
    if (lang === undefined) error.wording = { kind: 'catalogue', code, vars };
    return error;
  }

  /**
   * A 429 whose message says the wait (`seconds`, as Retry-After gives it): "Please try again in 10 seconds."
   * In `lang` when given, else in the caller's language when answered; the code stays `code`.
   */
  static waiting(code: WaitCode, seconds: number, lang?: Lang): ApiError {
    const wording = { kind: 'catalogue', code: `${code}_wait`, vars: {}, waitSeconds: seconds } as const;
    const error = new ApiError(429, code, catalogueMessage(wording.code, lang ?? 'en', varsIn(wording, lang ?? 'en')));
    if (lang === undefined) error.wording = wording;
    return error;
  }
}

/**
 * A language refused for a generator (the engine's withLanguage), as the request's `lang` field: a generator of one
 * language by the engine's code and values, worded in the caller's language when answered.
 */
export function languageRefusal(
  refused:
    | { readonly problem: 'not_a_language'; readonly issue: SettingsIssue }
    | {
        readonly problem: 'fixed_language';
        readonly code: CatalogueCode;
        readonly params: Readonly<Record<string, string>>;
      },
): ApiError {
  // Not a language of the table: the request schemas refuse it first, with the same words (refuseUnknownLang).
  if (refused.problem === 'not_a_language')
    return ApiError.ofFieldWording(400, 'invalid_settings', 'lang', { kind: 'settings', issue: refused.issue });
  return ApiError.ofField(400, 'invalid_settings', 'lang', refused.code, { ...refused.params });
}

/**
 * 429 with Retry-After set on `res` (whole seconds, at least 1) and a message saying that wait ("Please try
 * again in 10 seconds."), in `lang` when given, else in the caller's language. Every 429 the server makes
 * itself is made here.
 */
export function tooMany(
  res: { set(field: string, value: string): unknown },
  retryAfterMs: number,
  code: WaitCode = 'too_many_attempts',
  lang?: Lang,
): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  res.set('Retry-After', String(seconds));
  return ApiError.waiting(code, seconds, lang);
}

const KB = 1024;
const MB = KB * KB;

/** A limit in bytes as its refusal names it: "100 KB", "20 MB", "1.5 MB". */
export function limitText(bytes: number): string {
  const [size, unit] = bytes >= MB ? [bytes / MB, 'MB'] : [bytes / KB, 'KB'];
  return `${Math.round(size * 10) / 10} ${unit}`;
}

/** 413 body_too_large naming the limit (in the caller's language when answered). */
export function bodyTooLarge(limit: number): ApiError {
  return ApiError.catalogue(413, 'body_too_large', undefined, { limit: limitText(limit) });
}

/** The error worded in `lang` where it was made from codes; otherwise as it is. */
export function localised(error: ApiError, lang: Lang): ApiError {
  if (!error.wording && !error.fieldWordings) return error;
  const message = error.wording ? wordedIn(error.wording, lang) : error.message;
  let fields = error.fields;
  if (fields && error.fieldWordings) {
    fields = { ...fields };
    for (const [field, wording] of Object.entries(error.fieldWordings))
      if (Object.hasOwn(fields, field)) fields[field] = wordedIn(wording, lang);
  }
  const worded = new ApiError(error.status, error.code, message, fields);
  if (error.retryAfterSeconds !== undefined) worded.retryAfterSeconds = error.retryAfterSeconds;
  return worded;
}

export function errorBody(error: ApiError): {
  error: { code: string; message: string; fields?: Record<string, string> };
} {
  return { error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) } };
}
