// The typographic covers' data, generators/_covers.yaml: the palettes by generator, family or default, and the
// words a cover prints besides the book's own, each language's merged in from its folder
// (languages/<code>/generators/_covers.yaml, engine/generator-texts.ts) as a generator's texts are, so a language
// added as data prints its own. Read once per reading of the language table and checked: a broken file or a
// language without its words names the file and the path (`karya validate` reads it too).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { CoverDataSchema, type CoverPaletteSchema } from '../../spec/covers.js';
import { withLanguageTexts } from '../../generator-texts.js';
import { onLanguagesLoaded } from '../../languages/index.js';
import { yamlData, type YamlProblem } from '../../yaml.js';
import { KaryaError } from '../../karya-error.js';
import { ROOT } from '../load.js';

export type CoverData = z.infer<typeof CoverDataSchema>;
export type CoverPalette = z.infer<typeof CoverPaletteSchema>;

/** The covers' data file. */
export const COVER_DATA_FILE = path.join(ROOT, 'generators', '_covers.yaml');

let cached: CoverData | undefined;
onLanguagesLoaded(() => void (cached = undefined), { eachLanguage: true });

/**
 * What is wrong at a place of the covers' file, as data: `karya validate` says it in the writer's language. Each
 * kind of the schema's issue (zod's code, the type it expected) is a kind of its own; `invalid` (zod's English
 * detail) is left only for an issue no kind fits, said by the path alone (zod's English stays in the log).
 */
export type CoverIssueKind =
  | 'unreadable'
  | 'noText'
  | 'noDefault'
  | 'unknownKey'
  | 'colour'
  | 'oneOf'
  | 'missing'
  | 'text'
  | 'map'
  | 'list'
  | 'number'
  | 'trueFalse'
  | 'empty'
  | 'badKey'
  | 'invalid';
export interface CoverIssue {
  readonly file: string;
  /** The place in the file (`words.series.jv`), empty for the whole file. */
  readonly path: string;
  readonly kind: CoverIssueKind;
  /** noText: lang; unknownKey: keys; oneOf: allowed; badKey: key; invalid: zod's code (its English: the log's). */
  readonly params: Readonly<Record<string, string>>;
  /** unreadable: the YAML problem (its line, column and code). */
  readonly yaml?: YamlProblem;
}

/** The covers' file cannot be used: each issue named by the file, the place and its kind. */
export class CoverDataError extends KaryaError {
  readonly code = 'cover_data_unusable';
  /** The file and the first place in it, for the catalogue's sentence (karya validate words every issue). */
  override readonly params: Readonly<Record<string, string>>;
  constructor(readonly issues: readonly CoverIssue[]) {
    const said = (i: CoverIssue) => `${i.file}: ${i.path || '(file)'}: ${i.kind} ${JSON.stringify(i.yaml ?? i.params)}`;
    super(issues.map(said).join('\n'));
    this.name = 'CoverDataError';
    const first = issues[0];
    this.params = { file: first?.file ?? '', place: first?.path || first?.file || '' };
  }
}

/** The kind of a value zod expected (its `expected`), as a cover issue's kind. */
const EXPECTED: Readonly<Record<string, CoverIssueKind>> = {
  string: 'text',
  object: 'map',
  record: 'map',
  array: 'list',
  number: 'number',
  int: 'number',
  boolean: 'trueFalse',
};

/** The value at a path of the data: undefined for one missing. */
function valueAt(data: unknown, at: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of at) {
    value = value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  }
  return value;
}

/** A schema issue as a cover issue: the schema's own (no text, no default palette) by its params, zod's by kind. */
function coverIssue(file: string, i: z.core.$ZodIssue, data: unknown): CoverIssue {
  const at = { file, path: i.path.join('.') };
  const own = (i as { params?: { cover?: string; lang?: string } }).params;
  if (own?.cover === 'noText') return { ...at, kind: 'noText', params: { lang: String(own.lang) } };
  if (own?.cover === 'noDefault') return { ...at, kind: 'noDefault', params: {} };
  if (i.code === 'unrecognized_keys') return { ...at, kind: 'unknownKey', params: { keys: i.keys.join(', ') } };
  if (i.code === 'invalid_format') return { ...at, kind: 'colour', params: {} };
  if (i.code === 'invalid_value') return { ...at, kind: 'oneOf', params: { allowed: i.values.map(String).join(', ') } };
  if (i.code === 'invalid_type' && valueAt(data, i.path) === undefined) return { ...at, kind: 'missing', params: {} };
  const expected = i.code === 'invalid_type' ? EXPECTED[i.expected] : undefined;
  if (expected) return { ...at, kind: expected, params: {} };
  const isEmpty = i.code === 'too_small' && i.origin === 'string' && Number(i.minimum) === 1;
  if (isEmpty) return { ...at, kind: 'empty', params: {} };
  if (i.code === 'invalid_key') return { ...at, kind: 'badKey', params: { key: String(i.path.at(-1) ?? '') } };
  return { ...at, kind: 'invalid', params: { zod: i.code } };
}

/**
 * The palettes and words of typographic covers, read once and checked: a broken file names the file, the
 * path inside it and what is wrong (CoverDataError).
 */
export function coverData(file = COVER_DATA_FILE): CoverData {
  if (cached && file === COVER_DATA_FILE) return cached;
  const shown = path.relative(ROOT, file) || file;
  const { data, errors } = yamlData(readFileSync(file, 'utf8'));
  const unreadable = (yaml: YamlProblem): CoverIssue => ({
    file: shown,
    path: '',
    kind: 'unreadable',
    params: {},
    yaml,
  });
  if (errors.length) throw new CoverDataError(errors.map(unreadable));
  const worded = withLanguageTexts(data, '_covers');
  const parsed = CoverDataSchema.safeParse(worded);
  if (!parsed.success) throw new CoverDataError(parsed.error.issues.map((i) => coverIssue(shown, i, worded)));
  if (file === COVER_DATA_FILE) cached = parsed.data;
  return parsed.data;
}

/** The first palette named by one of `keys` (a generator id, then its family), else the default. */
export function paletteOf(keys: readonly string[], data: CoverData = coverData()): CoverPalette {
  for (const key of keys) if (data.palettes[key]) return data.palettes[key];
  return data.palettes.default!;
}
