// Which language a book's edition can be made in, and what a translation into it is checked with, read from the
// language table (languages/<code>/translation.yaml, the section `translation`): the languages it is translated
// from with the plausible length of a translation as a share of its source's, the neighbours a short source in
// it may read as, and its glossary words (term-words.ts). A language without the section has no edition.
import { defineSection, langs, languageName, type Lang } from '../../languages/index.js';
import { languageTableError } from '../../languages/errors.js';
import { listIn } from '../../list-words.js';

export interface TranslationSection {
  /** Source language → [least, most] length of a translation into this language, as a share of the source's. */
  readonly from: Readonly<Record<Lang, readonly [number, number]>>;
  /**
   * Languages a source written in this language may be read as by the detector (Malay and Indonesian, each for the
   * other).
   */
  readonly readsAlso: readonly Lang[];
  /** Endings the language writes onto a name without a space ("Aishalah", "Aisha's"): longest tried first. */
  readonly nameEndings: readonly string[];
  /** Capitalised dictionary words, lower-cased: never a glossary term. */
  readonly dictionaryNames: ReadonlySet<string>;
  /** Titles and forms of address, lower-cased: taken off the front of a name. */
  readonly titles: ReadonlySet<string>;
  /**
   * Endings that make a people's or a language's word of a place's (English -ish, -ese, -ian, -ic; -man, -woman
   * on a people's word: Irishwoman), lower-cased, longest first: such a word is no name unless the book writes it
   * as a person's (with a possessive, after a title). `leastStem`: the fewest letters before the ending.
   */
  readonly demonyms: {
    readonly suffixes: readonly string[];
    readonly compounds: readonly string[];
    readonly leastStem: number;
  };
  /** The words a writer's glossary file may give a gender with, lower-cased. */
  readonly genderWords: Readonly<Record<'female' | 'male' | 'unknown', readonly string[]>>;
  /** The words a story bible's character entry says a gender with. */
  readonly genderCues: Readonly<Record<'female' | 'male', ReadonlySet<string>>>;
  /** How an edition's messages name each language, where it differs from the table's languageNames. */
  readonly names: Readonly<Record<Lang, string>>;
}

const words = (text: unknown) =>
  new Set(
    String(text ?? '')
      .toLowerCase()
      .split(/\s+/)
      .filter(Boolean),
  );
const list = (v: unknown, file: string, key: string): string[] => {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string'))
    throw languageTableError(file, `translation.${key}`, 'a list of texts');
  return v as string[];
};

function parseTranslation(raw: unknown, table: { code: Lang }): TranslationSection {
  const file = `languages/${table.code}/translation.yaml`;
  if (raw === undefined || raw === null)
    return {
      from: {},
      readsAlso: [],
      nameEndings: [],
      dictionaryNames: new Set(),
      titles: new Set(),
      demonyms: { suffixes: [], compounds: [], leastStem: 4 },
      genderWords: { female: [], male: [], unknown: [] },
      genderCues: { female: new Set(), male: new Set() },
      names: {},
    };
  if (typeof raw !== 'object' || Array.isArray(raw)) throw languageTableError(file, 'translation', 'a mapping');
  const r = raw as Record<string, unknown>;
  const from: Record<Lang, readonly [number, number]> = {};
  for (const [code, band] of Object.entries((r.from ?? {}) as Record<string, unknown>)) {
    if (!Array.isArray(band) || band.length !== 2 || band.some((n) => typeof n !== 'number') || band[0] >= band[1])
      throw languageTableError(file, `translation.from.${code}`, 'a [least, most] pair of numbers');
    from[code] = [band[0], band[1]] as const;
  }
  const gw = (r.genderWords ?? {}) as Record<string, unknown>;
  const gc = (r.genderCues ?? {}) as Record<string, unknown>;
  const names = (r.names ?? {}) as Record<string, unknown>;
  const dem = (r.demonyms ?? {}) as Record<string, unknown>;
  const byLength = (xs: string[]) => xs.map((x) => x.toLowerCase()).sort((a, b) => b.length - a.length);
  if (dem.leastStem !== undefined && (typeof dem.leastStem !== 'number' || dem.leastStem < 1))
    throw languageTableError(file, 'translation.demonyms.leastStem', 'a whole number');
  for (const [k, v] of Object.entries(names))
    if (typeof v !== 'string') throw languageTableError(file, `translation.names.${k}`, 'a text');
  return {
    from,
    readsAlso: list(r.readsAlso, file, 'readsAlso'),
    nameEndings: list(r.nameEndings, file, 'nameEndings'),
    // Institutions (the Senate, the Church) are dictionary words as much as months and peoples are.
    dictionaryNames: new Set([...words(r.dictionaryNames), ...words(r.institutions)]),
    demonyms: {
      suffixes: byLength(list(dem.suffixes, file, 'demonyms.suffixes')),
      compounds: byLength(list(dem.compounds, file, 'demonyms.compounds')),
      leastStem: typeof dem.leastStem === 'number' ? dem.leastStem : 4,
    },
    titles: words(r.titles),
    genderWords: {
      female: list(gw.female, file, 'genderWords.female'),
      male: list(gw.male, file, 'genderWords.male'),
      unknown: list(gw.unknown, file, 'genderWords.unknown'),
    },
    genderCues: { female: words(gc.female), male: words(gc.male) },
    names: names as Record<string, string>,
  };
}

/** A language's translation section (empty for a language the table gives none). */
export const translationOf = defineSection('translation', parseTranslation);

/** The plausible length of a translation from `from` into `to`, as a share of its source's; undefined: no such pair. */
export function lengthBand(from: Lang, to: Lang): readonly [number, number] | undefined {
  return from === to ? undefined : translationOf(to).from[from];
}

/** Whether a book in `from` can have an edition in `to` (the table lists the pair). */
export const canTranslate = (from: Lang, to: Lang): boolean => lengthBand(from, to) !== undefined;

/** The languages a book in `from` can have an edition in, in the table's order. */
export const editionLanguages = (from: Lang): Lang[] => langs().filter((to) => canTranslate(from, to));

/** The languages a book can have an edition of (some language's `translation.from` lists it), in the table's order. */
export const sourceLanguages = (): Lang[] => langs().filter((from) => editionLanguages(from).length > 0);

/**
 * Why book `id` (in `from`, no edition) has no dual-language book, in `inLang`: `export_not_edition` with the first
 * language it can be translated into; for a book in a language translated into none (a language added by its files,
 * whose language no table lists under `from`), `export_nothing_from`, naming the languages whose books have one.
 * @example notEditionRefusal({ id: '7', from: 'en', inLang: 'en' })
 * // { code: 'export_not_edition', vars: { id: '7', other: 'ms' } }
 */
export function notEditionRefusal(input: { id: string; from: Lang; inLang: Lang }): NotEditionRefusal {
  const { id, from, inLang } = input;
  const to = editionLanguages(from)[0];
  if (to !== undefined) return { code: 'export_not_edition', vars: { id, other: to } };
  const languages = listIn(
    sourceLanguages().map((code) => editionLanguageName(code, inLang)),
    inLang,
    'or',
  );
  return { code: 'export_nothing_from', vars: { id, language: editionLanguageName(from, inLang), languages } };
}

/** A dual-language book refused for a book that is no edition: its catalogue code and its words' values. */
export interface NotEditionRefusal {
  code: 'export_not_edition' | 'export_nothing_from';
  vars: Record<string, string>;
}

/**
 * A language's name in an edition's message written in `inLang` (`English`, `Malay`; `bahasa Melayu`): the
 * translation section's name where it gives one, else the table's.
 */
export const editionLanguageName = (code: Lang, inLang: Lang): string =>
  translationOf(inLang).names[code] ?? languageName(code, inLang);

/**
 * The table's language a detected language is read as: itself when the table has it, else the language whose
 * table says a text of it may read so (Indonesian read as Malay while Indonesian is not in the table); else none.
 */
export function tableLanguageOf(found: string | null | undefined): Lang | undefined {
  if (!found) return undefined;
  return langs().find((l) => l === found) ?? langs().find((l) => translationOf(l).readsAlso.includes(found));
}
