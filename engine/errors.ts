// Error classes (one per kind of failure) and the user-facing messages in every language of the table: the
// generation messages (CATALOGUE, kept as data in error-catalogue*.ts), rendered from data; the settings issues
// (catalogue `settings`) and SettingsError are settings-issues.ts's, named here with the rest.
import type { Lang } from './spec/types.js';
import { word } from './i18n.js';
import { isLang, languageName, languageTable, sayer } from './languages/index.js';
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

// The settings issues and their error (settings-issues.ts).
export {
  notALanguage,
  quoteValue,
  SETTINGS_MESSAGES,
  SettingsError,
  settingsIssueMessage,
  type SettingsIssue,
  type SettingsIssueCode,
  type SettingsIssueParams,
} from './settings-issues.js';

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
  return whole === 1
    ? catalogueMessage('wait_second', lang)
    : catalogueMessage('wait_seconds', lang, { n: String(whole) });
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
  return isLang(code) || Object.hasOwn(languageTable(inLang).languageNames, code)
    ? languageName(code, inLang)
    : undefined;
}

/** The {found} and {expected} of wrong_language in a message's language, from the codes a GenerationError carries. */
function wrongLanguageNames(params: Readonly<Record<string, string>>, lang: Lang): Record<string, string> {
  const other = word('anotherLanguage', lang);
  return {
    found: answerLanguageName(params.found ?? '', lang) ?? other,
    expected: answerLanguageName(params.expected ?? '', lang) ?? other,
  };
}

/**
 * A generation failure in words, in the user's language: the catalogue message of its code, with the
 * placeholders its params fill (wrong_language names the language found and the one asked for). Takes a
 * GenerationError or just a stored code.
 * @example generationMessage(new GenerationError('wrong_language', { params: { expected: 'ms', found: 'id' } }), 'ms')
 * // 'Jawapan diterima dalam bahasa Indonesia, bukan Bahasa Malaysia, …'
 */
export function generationMessage(
  error: Pick<GenerationError, 'code'> & { params?: Readonly<Record<string, string>> },
  lang: Lang = 'en',
): string {
  const params = error.params ?? {};
  // A time-out names the limit that applied (its seconds), in the message's language.
  if (error.code === 'timeout' && Number(params.seconds) > 0)
    return catalogueMessage('timeout_after', lang, { wait: waitText(Number(params.seconds), lang) });
  // A run's budget stop names the failure the model kept giving in the message's language (engine/budget.ts).
  if (error.code === 'run_failing')
    return catalogueMessage('run_failing', lang, {
      ...params,
      failure: catalogueMessage(`budget_failure_${params.failure ?? 'other'}` as CatalogueCode, lang),
    });
  return catalogueMessage(
    error.code,
    lang,
    error.code === 'wrong_language' ? wrongLanguageNames(params, lang) : { ...params },
  );
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
  constructor(
    code: CatalogueCode,
    opts: {
      status?: number;
      isRetryable?: boolean;
      vars?: Record<string, string>;
      params?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    super(
      opts.params ? generationMessage({ code, params: opts.params }, 'en') : catalogueMessage(code, 'en', opts.vars),
      { httpStatus: 502, isRetryable: opts.isRetryable ?? false, cause: opts.cause },
    );
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
    super(catalogueMessage(code, 'en', vars), {
      httpStatus: code === 'cover_work_too_large' ? 413 : code === 'cover_work_too_slow' ? 422 : 503,
      isRetryable: code === 'cover_work_busy',
    });
    this.name = 'CoverWorkError';
    this.code = code;
    this.vars = vars;
    (this as { params?: Readonly<Record<string, string>> }).params = vars;
  }
}
