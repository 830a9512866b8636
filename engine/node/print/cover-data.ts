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
import { yamlData } from '../../yaml.js';
import { KaryaError } from '../../karya-error.js';
import { ROOT } from '../load.js';

export type CoverData = z.infer<typeof CoverDataSchema>;
export type CoverPalette = z.infer<typeof CoverPaletteSchema>;

/** The covers' data file. */
export const COVER_DATA_FILE = path.join(ROOT, 'generators', '_covers.yaml');

let cached: CoverData | undefined;
onLanguagesLoaded(() => void (cached = undefined), { eachLanguage: true });

/** What is wrong at a place of the covers' file, as data: `karya validate` says it in the writer's language. */
export type CoverIssueKind = 'unreadable' | 'noText' | 'noDefault' | 'unknownKey' | 'colour' | 'oneOf' | 'invalid';
export interface CoverIssue {
  readonly file: string;
  /** The place in the file (`words.series.jv`), empty for the whole file. */
  readonly path: string;
  readonly kind: CoverIssueKind;
  /** unreadable: line, detail (the YAML reader's); noText: lang; unknownKey: keys; oneOf: allowed; invalid: detail. */
  readonly params: Readonly<Record<string, string>>;
}

/** The covers' file cannot be used: each issue named by the file, the place and its kind. */
export class CoverDataError extends KaryaError {
  readonly code = 'cover_data_unusable';
  constructor(readonly issues: readonly CoverIssue[]) {
    super(issues.map((i) => `${i.file}: ${i.path || '(file)'}: ${i.kind} ${JSON.stringify(i.params)}`).join('\n'));
    this.name = 'CoverDataError';
  }
}

/** A schema issue as a cover issue: the schema's own (a text missing, no default palette) by its params, zod's by code.
 */
function coverIssue(file: string, i: z.core.$ZodIssue): CoverIssue {
  const at = { file, path: i.path.join('.') };
  const own = (i as { params?: { cover?: string; lang?: string } }).params;
  if (own?.cover === 'noText') return { ...at, kind: 'noText', params: { lang: String(own.lang) } };
  if (own?.cover === 'noDefault') return { ...at, kind: 'noDefault', params: {} };
  if (i.code === 'unrecognized_keys') return { ...at, kind: 'unknownKey', params: { keys: i.keys.join(', ') } };
  if (i.code === 'invalid_format') return { ...at, kind: 'colour', params: {} };
  if (i.code === 'invalid_value') return { ...at, kind: 'oneOf', params: { allowed: i.values.map(String).join(', ') } };
  return { ...at, kind: 'invalid', params: { detail: i.message } };
}

/**
 * The palettes and words of typographic covers, read once and checked: a broken file names the file, the
 * path inside it and what is wrong (CoverDataError).
 */
export function coverData(file = COVER_DATA_FILE): CoverData {
  if (cached && file === COVER_DATA_FILE) return cached;
  const shown = path.relative(ROOT, file) || file;
  const { data, errors } = yamlData(readFileSync(file, 'utf8'));
  if (errors.length) {
    const unreadable = (e: (typeof errors)[number]): CoverIssue =>
      ({ file: shown, path: '', kind: 'unreadable', params: { line: String(e.line ?? ''), detail: e.message } });
    throw new CoverDataError(errors.map(unreadable));
  }
  const parsed = CoverDataSchema.safeParse(withLanguageTexts(data, '_covers'));
  if (!parsed.success) throw new CoverDataError(parsed.error.issues.map((i) => coverIssue(shown, i)));
  if (file === COVER_DATA_FILE) cached = parsed.data;
  return parsed.data;
}

/** The first palette named by one of `keys` (a generator id, then its family), else the default. */
export function paletteOf(keys: readonly string[], data: CoverData = coverData()): CoverPalette {
  for (const key of keys) if (data.palettes[key]) return data.palettes[key];
  return data.palettes.default!;
}
