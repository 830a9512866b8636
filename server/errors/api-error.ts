// The API's error shape `{error: {code, message, fields?}}` (shared/DESIGN.md) and the server's
// messages. Wording comes from the product's own messages wherever it has one; generation messages come
// from the engine's catalogues. MESSAGES_MS words the server's own messages in Malay, languages/<code>/
// server-messages.yaml in every other language of the table (the catalogue `server-messages`): an error
// made from a code (ApiError.of, a catalogue code without a fixed language, a coded field) is worded in
// the caller's language when it is answered (`localised`).
import { catalogue, catalogueMessage, KaryaError, sayer, settingsIssueMessage, waitText, type CatalogueCode, type Lang, type SettingsIssue, VALIDATION_MESSAGES } from '../../engine/index.js';

export const MESSAGES = {
  // The request schemas' own messages (engine/contract/messages.ts), kept there once.
  ...VALIDATION_MESSAGES,
  // Auth
  email_taken: 'An account with this email already exists',
  password_too_common: 'This password is one of the most common ones. Please choose another (a short sentence is easy to remember)',
  reset_expired: 'Your password reset link has expired. Please request a new one.',
  password_update_failed: 'Failed to update password',
  session_expired: 'Session expired. Please sign in again.',
  unauthenticated: 'User not authenticated',
  account_created: 'Account created successfully!',
  signed_in: 'Successfully signed in!',
  signed_out: 'Signed out successfully',
  reset_sent: 'Check your email for password reset instructions',
  password_updated: 'Password updated successfully',
  // Profile, history, progress
  profile_updated: 'Profile updated successfully',
  item_deleted: 'Item deleted successfully',
  progress_cleared: 'Progress cleared',
  // Codes and links
  code_redeemed: 'Credit code redeemed successfully!',
  link_claimed: 'Credits claimed successfully!',
  code_already_redeemed: 'You have already redeemed this code',
  link_already_claimed: 'You have already claimed this credit link',
  // Admin
  forbidden: 'Only the administrator can do this',
  protected_account: "The administrator's own role, credits and account cannot be changed",
  link_created: 'Credit URL generated successfully',
  link_deleted: 'URL deleted successfully',
  code_created: 'Credit code created successfully',
  code_exists: 'A credit code with this name already exists',
  code_deactivated: 'Credit code deactivated',
  credits_updated: 'Credits updated successfully',
  role_updated: 'User role updated successfully',
  user_added: 'User added successfully',
  user_deleted: 'User deleted successfully',
  user_not_found: 'User not found',
  rolled_back: 'Successfully rolled back deployment',
  rollback_failed: 'Failed to roll back deployment',
  deployment_not_found: 'Deployment not found',
  config_updated: 'AI configuration updated',
  // Generation and generic
  generator_not_found: 'Generator not found',
  step_not_allowed: 'This step is not the next step of your book',
  book_complete: 'Your book is complete.',
  progress_not_found: 'No saved progress',
  not_found: 'Not found',
  invalid_request: 'Please check the highlighted fields',
  invalid_settings: 'Please check the highlighted fields',
  invalid_json: 'The request body is not valid JSON',
  body_too_large: 'The request body is too large',
  cross_origin: 'Cross-origin requests are not allowed',
  // The Stripe webhook (read by Stripe and the operator, not by users)
  invalid_signature: 'The Stripe-Signature header is missing or does not match the body',
  webhook_unconfigured: 'Stripe webhooks are not set up on this server (STRIPE_WEBHOOK_SECRET)',
  unexpected: 'An unexpected error occurred',
} as const;

export type MessageCode = keyof typeof MESSAGES;

/** The server's messages in Bahasa Malaysia. */
export const MESSAGES_MS: Readonly<Record<MessageCode, string>> = {
  email_required: 'Sila masukkan alamat e-mel anda',
  invalid_email: 'Sila masukkan alamat e-mel yang sah',
  password_too_short: 'Kata laluan mestilah sekurang-kurangnya 6 aksara',
  invalid_credentials: 'E-mel atau kata laluan tidak sah',
  reset_invalid: 'Sesi tidak sah atau telah tamat tempoh. Sila minta pautan set semula yang baharu.',
  current_password_wrong: 'Kata laluan semasa tidak betul',
  invalid_credit_amount: 'Sila masukkan jumlah kredit yang sah antara 1 dan 10000',
  invalid_code: 'Kod tidak sah atau telah tamat tempoh',
  invalid_link: 'Pautan kredit tidak sah atau telah tamat tempoh',
  invalid_ai_text: 'Teks yang dijana AI mestilah salah satu daripada: none, some, most, entirely',
  package_keywords_too_many: 'KDP menerima paling banyak 7 kata kunci',
  package_keyword_too_long: 'Setiap kata kunci paling panjang 50 aksara',
  package_description_too_long: 'Keterangan paling panjang 4,000 aksara',
  package_categories_too_many: 'Pilih paling banyak 3 kategori',
  package_category_too_long: 'Setiap kategori paling panjang 200 aksara',
  email_taken: 'Akaun dengan e-mel ini sudah wujud',
  password_too_common: 'Kata laluan ini antara yang paling biasa digunakan. Sila pilih yang lain (ayat pendek mudah diingat)',
  reset_expired: 'Pautan set semula kata laluan anda telah tamat tempoh. Sila minta yang baharu.',
  password_update_failed: 'Gagal mengemas kini kata laluan',
  session_expired: 'Sesi telah tamat. Sila log masuk semula.',
  unauthenticated: 'Pengguna tidak disahkan',
  account_created: 'Akaun berjaya dicipta!',
  signed_in: 'Berjaya log masuk!',
  signed_out: 'Berjaya log keluar',
  reset_sent: 'Semak e-mel anda untuk arahan set semula kata laluan',
  password_updated: 'Kata laluan berjaya dikemas kini',
  profile_updated: 'Profil berjaya dikemas kini',
  item_deleted: 'Item berjaya dipadam',
  progress_cleared: 'Kemajuan telah dikosongkan',
  code_redeemed: 'Kod kredit berjaya ditebus!',
  link_claimed: 'Kredit berjaya dituntut!',
  code_already_redeemed: 'Anda telah menebus kod ini',
  link_already_claimed: 'Anda telah menuntut pautan kredit ini',
  forbidden: 'Hanya pentadbir boleh melakukan ini',
  protected_account: 'Peranan, kredit dan akaun pentadbir sendiri tidak boleh diubah',
  link_created: 'URL kredit berjaya dijana',
  link_deleted: 'URL berjaya dipadam',
  code_created: 'Kod kredit berjaya dicipta',
  code_exists: 'Kod kredit dengan nama ini sudah wujud',
  code_deactivated: 'Kod kredit dinyahaktifkan',
  credits_updated: 'Kredit berjaya dikemas kini',
  role_updated: 'Peranan pengguna berjaya dikemas kini',
  user_added: 'Pengguna berjaya ditambah',
  user_deleted: 'Pengguna berjaya dipadam',
  user_not_found: 'Pengguna tidak dijumpai',
  rolled_back: 'Berjaya melancarkan semula versi terdahulu',
  rollback_failed: 'Gagal melancarkan semula versi terdahulu',
  deployment_not_found: 'Pelancaran tidak dijumpai',
  config_updated: 'Konfigurasi AI dikemas kini',
  generator_not_found: 'Penjana tidak dijumpai',
  step_not_allowed: 'Langkah ini bukan langkah seterusnya bagi buku anda',
  book_complete: 'Buku anda telah lengkap.',
  progress_not_found: 'Tiada kemajuan tersimpan',
  not_found: 'Tidak dijumpai',
  invalid_request: 'Sila semak medan yang ditandakan',
  invalid_settings: 'Sila semak medan yang ditandakan',
  invalid_json: 'Badan permintaan bukan JSON yang sah',
  body_too_large: 'Badan permintaan terlalu besar',
  cross_origin: 'Permintaan rentas asal tidak dibenarkan',
  invalid_signature: 'Pengepala Stripe-Signature tiada atau tidak sepadan dengan badan permintaan',
  webhook_unconfigured: 'Webhook Stripe belum disediakan pada pelayan ini (STRIPE_WEBHOOK_SECRET)',
  unexpected: 'Ralat yang tidak dijangka berlaku',
};

/** The server's messages checked against the language table: a language missing one fails the start, naming the code. */
const SERVER_MESSAGES = catalogue('server-messages', Object.fromEntries((Object.keys(MESSAGES) as MessageCode[]).map((code) => [code, { en: MESSAGES[code], ms: MESSAGES_MS[code] }])) as Record<MessageCode, { en: string; ms: string }>);

/** A server message in a language. */
export const messageIn = sayer(SERVER_MESSAGES);

/**
 * How an error's words were made, so they can be made again in the caller's language (`waitSeconds`: its {wait}; a
 * settings issue: one field's refusal as the engine gives it, said after the field's name).
 */
export type Wording =
  | { kind: 'message'; code: MessageCode }
  | { kind: 'catalogue'; code: CatalogueCode; vars: Record<string, string>; waitSeconds?: number }
  | { kind: 'settings'; issue: SettingsIssue };

/** The 429 codes whose message says how long to wait (the catalogue's `<code>_wait`). */
export type WaitCode = 'rate_limited' | 'too_many_attempts' | 'reset_too_soon';

/** A catalogue wording's values in a language: its own, and {wait} worded in that language. */
function varsIn(wording: Extract<Wording, { kind: 'catalogue' }>, lang: Lang): Record<string, string> {
  return wording.waitSeconds === undefined ? wording.vars : { ...wording.vars, wait: waitText(wording.waitSeconds, lang) };
}

/** A wording's words in a language. */
function wordedIn(wording: Wording, lang: Lang): string {
  if (wording.kind === 'settings') return settingsIssueMessage(wording.issue, { lang });
  return wording.kind === 'message' ? messageIn(wording.code, lang) : catalogueMessage(wording.code, lang, varsIn(wording, lang));
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
  /** Field → how its message was made, for the fields worded from a code (a server message, or an engine catalogue code and its values). */
  fieldWordings?: Record<string, Wording>;
  /** Whole seconds after which the same request may succeed: answered as Retry-After (a refusal that can be retried). */
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
  static ofField(status: number, code: MessageCode, field: string, fieldCode: CatalogueCode, vars: Record<string, string> = {}): ApiError {
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
export function languageRefusal(refused: { readonly problem: 'not_a_language'; readonly issue: SettingsIssue } | { readonly problem: 'fixed_language'; readonly code: CatalogueCode; readonly params: Readonly<Record<string, string>> }): ApiError {
  // Not a language of the table: the request schemas refuse it first, with the same words (refuseUnknownLang).
  if (refused.problem === 'not_a_language') return ApiError.ofFieldWording(400, 'invalid_settings', 'lang', { kind: 'settings', issue: refused.issue });
  return ApiError.ofField(400, 'invalid_settings', 'lang', refused.code, { ...refused.params });
}

/**
 * 429 with Retry-After set on `res` (whole seconds, at least 1) and a message saying that wait ("Please try
 * again in 10 seconds."), in `lang` when given, else in the caller's language. Every 429 the server makes
 * itself is made here.
 */
export function tooMany(res: { set(field: string, value: string): unknown }, retryAfterMs: number, code: WaitCode = 'too_many_attempts', lang?: Lang): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  res.set('Retry-After', String(seconds));
  return ApiError.waiting(code, seconds, lang);
}

/** The error worded in `lang` where it was made from codes; otherwise as it is. */
export function localised(error: ApiError, lang: Lang): ApiError {
  if (!error.wording && !error.fieldWordings) return error;
  const message = error.wording ? wordedIn(error.wording, lang) : error.message;
  let fields = error.fields;
  if (fields && error.fieldWordings) {
    fields = { ...fields };
    for (const [field, wording] of Object.entries(error.fieldWordings)) if (Object.hasOwn(fields, field)) fields[field] = wordedIn(wording, lang);
  }
  const worded = new ApiError(error.status, error.code, message, fields);
  if (error.retryAfterSeconds !== undefined) worded.retryAfterSeconds = error.retryAfterSeconds;
  return worded;
}

export function errorBody(error: ApiError): { error: { code: string; message: string; fields?: Record<string, string> } } {
  return { error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) } };
}
