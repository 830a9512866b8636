// The settings issues: what is wrong with one setting as data (a field, a stable code and its params), their
// words in every language of the table (catalogue `settings`) and SettingsError, which carries them. errors.ts
// names them with the other error classes.
import type { Lang } from './spec/types.js';
import { catalogue, langs, sayer, type Worded } from './languages/index.js';
import { KaryaError } from './karya-error.js';
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
  readonly [C in SettingsIssueCode]: {
    readonly field: string;
    readonly code: C;
    readonly params: Readonly<SettingsIssueParams[C]>;
  };
}[SettingsIssueCode];

/**
 * The settings issues' words (catalogue `settings`): `<code>` follows the field's name (`heatLevel: "hot" is not
 * one of …`, as the CLI and the API print it) and `<code>_labelled` is a sentence naming the field's label (the
 * studio form); `range_*` are number_range's {range}. Placeholders: {label}, {value}, {allowed}, {range}, {max},
 * {generator}.
 */
const SETTINGS_WORDS = catalogue('settings', [
  'required',
  'required_labelled',
  'not_an_option',
  'not_an_option_labelled',
  'number_range',
  'number_range_labelled',
  'too_long',
  'too_long_labelled',
  'not_text',
  'not_text_labelled',
  'not_true_false',
  'not_true_false_labelled',
  'not_a_list',
  'not_a_list_labelled',
  'not_an_object',
  'not_an_object_labelled',
  'unknown_setting',
  'unknown_setting_labelled',
  'range_between',
  'range_atLeast',
  'range_atMost',
]);
const settingsWord = sayer(SETTINGS_WORDS);

const ISSUE_CODES: readonly SettingsIssueCode[] = [
  'required',
  'not_an_option',
  'number_range',
  'too_long',
  'not_text',
  'not_true_false',
  'not_a_list',
  'not_an_object',
  'unknown_setting',
];

/**
 * How each settings issue reads, per language: `bare` after the field's name, `labelled` as a sentence naming its
 * label.
 */
export const SETTINGS_MESSAGES: Readonly<
  Record<SettingsIssueCode, { readonly bare: Worded; readonly labelled: Worded }>
> = Object.fromEntries(
  ISSUE_CODES.map((code) => [code, { bare: SETTINGS_WORDS[code], labelled: SETTINGS_WORDS[`${code}_labelled`] }]),
) as Record<SettingsIssueCode, { readonly bare: Worded; readonly labelled: Worded }>;

/** A value as issues quote it: text in double quotes, numbers and the rest as JSON. */
export function quoteValue(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : (JSON.stringify(value) ?? String(value));
}

function issueVars(issue: SettingsIssue, lang: Lang): Record<string, string | number> {
  switch (issue.code) {
    case 'not_an_option':
      return { value: quoteValue(issue.params.value), allowed: issue.params.allowed.join(', ') };
    case 'number_range': {
      const { min, max } = issue.params;
      const range =
        min !== undefined && max !== undefined
          ? 'range_between'
          : min !== undefined
            ? 'range_atLeast'
            : max !== undefined
              ? 'range_atMost'
              : undefined;
      if (!range) return { range: '' };
      return {
        range: settingsWord(range, lang, {
          ...(min !== undefined ? { min } : {}),
          ...(max !== undefined ? { max } : {}),
        }),
      };
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
    super(
      issues.map((i) => (i.field ? `${i.field}: ${settingsIssueMessage(i)}` : settingsIssueMessage(i))).join('\n'),
      { httpStatus: 400 },
    );
    this.name = 'SettingsError';
    this.issues = issues;
    this.code =
      opts.chaptersField !== undefined && issues.some((i) => i.field === opts.chaptersField)
        ? 'invalid_chapters'
        : 'invalid_settings';
  }

  /** Each field refused with its first issue, in `lang`. */
  override fieldsIn(lang: Lang): Readonly<Record<string, string>> {
    const fields: Record<string, string> = {};
    for (const issue of this.issues) fields[issue.field] ??= settingsIssueMessage(issue, { lang });
    return fields;
  }
}
