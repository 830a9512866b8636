// Error classes (one per kind of failure) and the user-facing messages in every language of the table: the
// generation messages (CATALOGUE, kept as data in error-catalogue*.ts) and the settings issues (catalogue
// `settings`), rendered from data.
import type { Lang } from './spec/types.js';
import { word } from './i18n.js';
import { catalogue, isLang, languageName, languageTable, langs, sayer, type Worded } from './languages/index.js';
import { CATALOGUE } from './error-catalogue.js';
import { KaryaError } from './karya-error.js';
import type { YamlProblem } from './yaml.js';

export { KaryaError, type ErrorParams } from './karya-error.js';

/** One problem in a file: `generators/x.yaml: fields.heatLevel.default: "hot" is not one of …`. */
export interface SpecIssue {
  readonly file: string;
  readonly path: string;
  readonly message: string;
  /** A file that cannot be read as YAML: the problem as data (its line, column and code), for a reader's language. */
  readonly yaml?: YamlProblem;
}

export function formatSpecIssue(issue: SpecIssue): string {
  return issue.path ? `${issue.file}: ${issue.path}: ${issue.message}` : `${issue.file}: ${issue.message}`;
}

/**
 * A file karya reads is invalid: a generator spec, the shared file, a template, or the provider config
 * (karya.config.yaml and its environment variables). Each issue names the file, the path inside it and
 * the fix. Nothing starts with an invalid file.
 */
export class SpecError extends KaryaError {
  readonly code = 'spec_invalid';
  readonly issues: readonly SpecIssue[];
  constructor(issues: readonly SpecIssue[]) {
    super(issues.map(formatSpecIssue).join('\n'));
    this.name = 'SpecError';
    this.issues = issues;
  }
}

/** The params of each settings issue code: what is wrong with one setting, as data. */
export interface SettingsIssueParams {
  /** A required field has no value. */
  required: Record<string, never>;
  /** A select or flags value is not among the options. */
  not_an_option: { value: unknown; allowed: readonly (string | number)[] };
  /** A number field got something else, or a number outside min/max. */
  number_range: { min?: number; max?: number };
  /** A text is longer than the field allows. */
  too_long: { max: number };
  /** A text field got something that is not text. */
  not_text: Record<string, never>;
  /** A checkbox got something that is not true/false (or yes/no, on/off, 1/0). */
  not_true_false: Record<string, never>;
  /** A flags field got something that is not a list. */
  not_a_list: Record<string, never>;
  /** The settings are not an object of name → value. */
  not_an_object: Record<string, never>;
  /** A name that is not a field of the generator. */
  unknown_setting: { generator: string; allowed: readonly string[] };
}

export type SettingsIssueCode = keyof SettingsIssueParams;

/**
 * A problem with one setting: the field, a stable code and its params, e.g. `{field: 'year', code: 'number_range',
 * params: {min: 1900, max: 2100}}`.
 */
export type SettingsIssue = {
  readonly [C in SettingsIssueCode]: { readonly field: string; readonly code: C; readonly params: Readonly<SettingsIssueParams[C]> };
}[SettingsIssueCode];

/**
 * The settings issues' words (catalogue `settings`): `<code>` follows the field's name (`heatLevel: "hot" is not
 * one of …`, as the CLI and the API print it) and `<code>_labelled` is a sentence naming the field's label (the
 * studio form); `range_*` are number_range's {range}. Placeholders: {label}, {value}, {allowed}, {range}, {max},
 * {generator}.
 */
const SETTINGS_WORDS = catalogue('settings', [
  'required', 'required_labelled', 'not_an_option', 'not_an_option_labelled', 'number_range',
  'number_range_labelled', 'too_long', 'too_long_labelled', 'not_text', 'not_text_labelled', 'not_true_false',
  'not_true_false_labelled', 'not_a_list', 'not_a_list_labelled', 'not_an_object', 'not_an_object_labelled',
  'unknown_setting', 'unknown_setting_labelled', 'range_between', 'range_atLeast', 'range_atMost',
]);
const settingsWord = sayer(SETTINGS_WORDS);

const ISSUE_CODES: readonly SettingsIssueCode[] = ['required', 'not_an_option', 'number_range', 'too_long', 'not_text', 'not_true_false', 'not_a_list', 'not_an_object', 'unknown_setting'];

/**
 * How each settings issue reads, per language: `bare` after the field's name, `labelled` as a sentence naming its
 * label.
 */
export const SETTINGS_MESSAGES: Readonly<Record<SettingsIssueCode, { readonly bare: Worded; readonly labelled: Worded }>> = Object.fromEntries(
  ISSUE_CODES.map((code) => [code, { bare: SETTINGS_WORDS[code], labelled: SETTINGS_WORDS[`${code}_labelled`] }]),
) as Record<SettingsIssueCode, { readonly bare: Worded; readonly labelled: Worded }>;

/** A value as issues quote it: text in double quotes, numbers and the rest as JSON. */
export function quoteValue(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : JSON.stringify(value) ?? String(value);
}

function issueVars(issue: SettingsIssue, lang: Lang): Record<string, string | number> {
  switch (issue.code) {
    case 'not_an_option':
      return { value: quoteValue(issue.params.value), allowed: issue.params.allowed.join(', ') };
    case 'number_range': {
      const { min, max } = issue.params;
      const range = min !== undefined && max !== undefined ? 'range_between' : min !== undefined ? 'range_atLeast' : max !== undefined ? 'range_atMost' : undefined;
      if (!range) return { range: '' };
      return { range: settingsWord(range, lang, { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) }) };
    }
    case 'too_long':
      return { max: issue.params.max };
    case 'unknown_setting':
      return { generator: issue.params.generator, allowed: issue.params.allowed.join(', ') };
    default:
      return {};
  }
}

/**
 * One settings issue in words, in a language of the table: after the field's name, or as a sentence when `label` is
 * given.
 * @example settingsIssueMessage({ field: 'isbn', code: 'required', params: {} }, { lang: 'ms', label: 'ISBN' }) //
 * 'ISBN diperlukan'
 */
export function settingsIssueMessage(issue: SettingsIssue, opts: { lang?: Lang; label?: string } = {}): string {
  const lang = opts.lang ?? 'en';
  const vars = { ...issueVars(issue, lang), ...(opts.label !== undefined ? { label: opts.label } : {}) };
  return settingsWord(opts.label !== undefined ? `${issue.code}_labelled` : issue.code, lang, vars).trim();
}

/**
 * A value that is not a language of the table, as a settings issue of `field` (not_an_option: the value and the
 * table's codes): the CLI, the batch and the API say it in their reader's language with settingsIssueMessage.
 * @example settingsIssueMessage(notALanguage('xx'), { lang: 'ms' }) // '"xx" bukan salah satu daripada en, ms, id'
 */
export function notALanguage(value: unknown, field = 'lang'): Extract<SettingsIssue, { code: 'not_an_option' }> {
  return { field, code: 'not_an_option', params: { value, allowed: langs() } };
}

/** User settings do not satisfy a generator's schema. `message` is English for logs; callers read `issues`. */
export class SettingsError extends KaryaError {
  /** `invalid_chapters` when the book's chapter count is among the fields refused, else `invalid_settings`. */
  readonly code: 'invalid_settings' | 'invalid_chapters';
  readonly issues: readonly SettingsIssue[];
  constructor(issues: readonly SettingsIssue[], opts: { chaptersField?: string } = {}) {
    super(issues.map((i) => (i.field ? `${i.field}: ${settingsIssueMessage(i)}` : settingsIssueMessage(i))).join('\n'), { httpStatus: 400 });
    this.name = 'SettingsError';
    this.issues = issues;
    this.code = opts.chaptersField !== undefined && issues.some((i) => i.field === opts.chaptersField) ? 'invalid_chapters' : 'invalid_settings';
  }

  /** Each field refused with its first issue, in `lang`. */
  override fieldsIn(lang: Lang): Readonly<Record<string, string>> {
    const fields: Record<string, string> = {};
    for (const issue of this.issues) fields[issue.field] ??= settingsIssueMessage(issue, { lang });
    return fields;
  }
}

// The catalogue itself is data (error-catalogue.ts); named here with the functions that render it.
export { CATALOGUE } from './error-catalogue.js';
export type CatalogueCode = keyof typeof CATALOGUE;

const sayError = sayer(CATALOGUE);

/** The catalogue message for a code, in a language, with {placeholders} filled. */
export function catalogueMessage(code: CatalogueCode, lang: Lang = 'en', vars: Record<string, string> = {}): string {
  return sayError(code, lang, vars);
}

/**
 * A wait in words, for a message's {wait}: whole seconds under 90 s, else whole minutes, both rounded up so
 * the wait said is never shorter than the real one.
 * @example waitText(10, 'ms') // '10 saat'; waitText(100, 'en') // '2 minutes'
 */
export function waitText(seconds: number, lang: Lang = 'en'): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole >= 90) return catalogueMessage('wait_minutes', lang, { n: String(Math.ceil(whole / 60)) });
  return whole === 1 ? catalogueMessage('wait_second', lang) : catalogueMessage('wait_seconds', lang, { n: String(whole) });
}

/**
 * A language an answer can come back in (engine/session/reading TextLanguage and ScriptLanguage): a code of the
 * table, or one of the scripts' languages every table file names (zh, ja, ar, …).
 */
export type AnswerLanguage = string;

/**
 * A language's name as a message in `inLang` writes it (`answerLanguageName('id', 'ms')` → `bahasa Indonesia`):
 * the table's name, for the languages of the table and the others an answer can come back in (every table
 * file names them); undefined for a code it does not name.
 */
export function answerLanguageName(code: string, inLang: Lang): string | undefined {
  return isLang(code) || Object.hasOwn(languageTable(inLang).languageNames, code) ? languageName(code, inLang) : undefined;
}

/** The {found} and {expected} of wrong_language in a message's language, from the codes a GenerationError carries. */
function wrongLanguageNames(params: Readonly<Record<string, string>>, lang: Lang): Record<string, string> {
  const other = word('anotherLanguage', lang);
  return { found: answerLanguageName(params.found ?? '', lang) ?? other, expected: answerLanguageName(params.expected ?? '', lang) ?? other };
}

/**
 * A generation failure in words, in the user's language: the catalogue message of its code, with the
 * placeholders its params fill (wrong_language names the language found and the one asked for). Takes a
 * GenerationError or just a stored code.
 * @example generationMessage(new GenerationError('wrong_language', { params: { expected: 'ms', found: 'id' } }), 'ms')
 * // 'Jawapan diterima dalam bahasa Indonesia, bukan Bahasa Malaysia, …'
 */
export function generationMessage(error: Pick<GenerationError, 'code'> & { params?: Readonly<Record<string, string>> }, lang: Lang = 'en'): string {
  const params = error.params ?? {};
  // A time-out names the limit that applied (its seconds), in the message's language.
  if (error.code === 'timeout' && Number(params.seconds) > 0) return catalogueMessage('timeout_after', lang, { wait: waitText(Number(params.seconds), lang) });
  // A run's budget stop names the failure the model kept giving in the message's language (engine/budget.ts).
  if (error.code === 'run_failing') return catalogueMessage('run_failing', lang, { ...params, failure: catalogueMessage(`budget_failure_${params.failure ?? 'other'}` as CatalogueCode, lang) });
  return catalogueMessage(error.code, lang, error.code === 'wrong_language' ? wrongLanguageNames(params, lang) : { ...params });
}

/**
 * A generation failed; `code` is a stable catalogue code, `status` the upstream HTTP status if any, `params`
 * what the code's message needs, as data (wrong_language: `expected` and `found`, language codes). The
 * error's own message is the English one.
 */
export class GenerationError extends KaryaError {
  readonly code: CatalogueCode;
  /** The upstream (model provider's) HTTP status, if any; the API's own status is the server's table's. */
  readonly status?: number;
  declare readonly params?: Readonly<Record<string, string>>;
  constructor(code: CatalogueCode, opts: { status?: number; isRetryable?: boolean; vars?: Record<string, string>; params?: Record<string, string>; cause?: unknown } = {}) {
    super(opts.params ? generationMessage({ code, params: opts.params }, 'en') : catalogueMessage(code, 'en', opts.vars), { httpStatus: 502, isRetryable: opts.isRetryable ?? false, cause: opts.cause });
    this.name = 'GenerationError';
    this.code = code;
    this.status = opts.status;
    // (Values given as `vars` are its params too: the message can be worded again in the reader's language.)
    const params = opts.params ?? opts.vars;
    if (params) (this as { params?: Readonly<Record<string, string>> }).params = params;
  }

  /**
   * In `lang`: wrong_language naming the languages in that language. The provider's own words (image_failed
   * carries the upstream reason) never reach the user: they go to the log with the error.
   */
  override messageIn(lang: Lang): string {
    return this.code === 'image_failed' ? catalogueMessage('image_unavailable', lang) : generationMessage(this, lang);
  }
}

/** An export limit that was hit: the code (a catalogue code), its HTTP status and its message's values. */
export type ExportLimitCode = 'export_too_slow' | 'export_too_large' | 'export_busy';

/**
 * Making an export file hit a limit (engine/node/export/pool.ts): too slow (422), too much memory (413),
 * or too many exports at once (503). The message is the catalogue's, in any language via `vars`.
 */
export class ExportLimitError extends KaryaError {
  readonly code: ExportLimitCode;
  readonly status: 413 | 422 | 503;
  readonly vars: Readonly<Record<string, string>>;
  constructor(code: ExportLimitCode, vars: Record<string, string>) {
    const status = code === 'export_too_large' ? 413 : code === 'export_too_slow' ? 422 : 503;
    super(catalogueMessage(code, 'en', vars), { httpStatus: status, isRetryable: code === 'export_busy' });
    this.name = 'ExportLimitError';
    this.code = code;
    this.status = status;
    this.vars = vars;
    (this as { params?: Readonly<Record<string, string>> }).params = vars;
  }
}

/**
 * A limit the export pool's threads hit while making a package's covers from their art (engine/node/export/pool.ts
 * prepareCover).
 */
export type CoverWorkCode = 'cover_work_too_large' | 'cover_work_too_slow' | 'cover_work_busy';

/**
 * Making a package's covers hit a limit of the thread it ran in: its memory (413), its time (422), or every thread
 * taken (503).
 */
export class CoverWorkError extends KaryaError {
  readonly code: CoverWorkCode;
  readonly vars: Readonly<Record<string, string>>;
  constructor(code: CoverWorkCode, vars: Record<string, string>) {
    super(catalogueMessage(code, 'en', vars), { httpStatus: code === 'cover_work_too_large' ? 413 : code === 'cover_work_too_slow' ? 422 : 503, isRetryable: code === 'cover_work_busy' });
    this.name = 'CoverWorkError';
    this.code = code;
    this.vars = vars;
    (this as { params?: Readonly<Record<string, string>> }).params = vars;
  }
}
