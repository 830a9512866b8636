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
import { ROOT } from '../load.js';

export type CoverData = z.infer<typeof CoverDataSchema>;
export type CoverPalette = z.infer<typeof CoverPaletteSchema>;

/** The covers' data file. */
export const COVER_DATA_FILE = path.join(ROOT, 'generators', '_covers.yaml');

let cached: CoverData | undefined;
onLanguagesLoaded(() => void (cached = undefined), { eachLanguage: true });

/**
 * The palettes and words of typographic covers, read once and checked: a broken file names the file, the
 * path inside it and what is wrong.
 */
export function coverData(file = COVER_DATA_FILE): CoverData {
  if (cached && file === COVER_DATA_FILE) return cached;
  const shown = path.relative(ROOT, file) || file;
  const { data, errors } = yamlData(readFileSync(file, 'utf8'));
  if (errors.length) throw new Error(`${shown}: ${errors.map((e) => `${e.line ? `line ${e.line}: ` : ''}${e.message}`).join('; ')}`);
  const parsed = CoverDataSchema.safeParse(withLanguageTexts(data, '_covers'));
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => `${shown}: ${i.path.join('.') || '(file)'}: ${i.message}`).join('\n'));
  if (file === COVER_DATA_FILE) cached = parsed.data;
  return parsed.data;
}

/** The first palette named by one of `keys` (a generator id, then its family), else the default. */
export function paletteOf(keys: readonly string[], data: CoverData = coverData()): CoverPalette {
  for (const key of keys) if (data.palettes[key]) return data.palettes[key];
  return data.palettes.default!;
}
