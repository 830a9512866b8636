// The studio's words as catalogues checked against the language table, like the engine's (engine/languages):
// code names the keys, every language's words (English's and Malay's too) come from the table's folder
// (languages/<code>/<name>.yaml: key → text, or → { one, other } for a counted text). Each catalogue is read as a
// section of every table (its words file), so when the table is read every key must have a text in every
// language that is not a draft, or the start fails naming the language, the catalogue and the key. The engine's
// `catalogue()` holds plain texts only; these may hold plural forms.
import { defineSection, LanguageWordsError, type Lang, type LanguageTable } from '../engine.js';
import type { Entry, PluralText, Text } from './types.js';

type Texts = Record<Lang, Text>;
const registered = new Map<string, Record<string, Texts>>();
/** Every registered key's entry: `translate` reads a key here, so an area's words load with the area's module. */
const byKey = new Map<string, Texts>();

function isText(v: unknown): v is Text {
  if (typeof v === 'string') return v.trim() !== '';
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  const { one, other } = v as Partial<PluralText>;
  return typeof other === 'string' && (one === undefined || typeof one === 'string');
}

/** One language's words file into the entries, then the check that the language (not a draft) has every key. */
function readWords(name: string, entries: Record<string, Texts>, words: unknown, table: LanguageTable): void {
  const code = table.code;
  if (words !== undefined && (!words || typeof words !== 'object' || Array.isArray(words)))
    throw new LanguageWordsError(
      { language: code, catalogue: name, key: '*' },
      `languages/${code}/${name}.yaml must map keys to texts`,
    );
  for (const [key, text] of Object.entries((words ?? {}) as Record<string, unknown>)) {
    if (!Object.hasOwn(entries, key))
      throw new LanguageWordsError(
        { language: code, catalogue: name, key },
        `languages/${code}/${name}.yaml: "${key}" is not a key of the ${name} catalogue`,
      );
    if (!isText(text))
      throw new LanguageWordsError(
        { language: code, catalogue: name, key },
        `languages/${code}/${name}.yaml: "${key}" must be a text or { one, other }`,
      );
    entries[key]![code] = text;
  }
  const gap = table.draft ? undefined : gapsOf(name, entries, [code])[0];
  if (gap) throw new LanguageWordsError(gap);
}

function gapsOf(
  name: string,
  entries: Record<string, Texts>,
  langs: readonly Lang[],
): { language: Lang; catalogue: string; key: string }[] {
  return Object.entries(entries).flatMap(([key, entry]) =>
    langs.filter((lang) => !isText(entry[lang])).map((language) => ({ language, catalogue: name, key })),
  );
}

/**
 * Every studio text missing in the given languages (a draft's too): what a maintainer still has to word.
 * @example studioCatalogueGaps(['id']) // [{ language: 'id', catalogue: 'studio-shell', key: 'shell.menu' }, …]
 */
export function studioCatalogueGaps(langs: readonly Lang[]): { language: Lang; catalogue: string; key: string }[] {
  return [...registered].flatMap(([name, entries]) => gapsOf(name, entries, langs));
}

/**
 * Register a studio catalogue by its name and keys (every language's words in languages/<code>/<name>.yaml) and
 * return it, filled with the table's words for every language when the table is read. Entries given as an object
 * with texts (a test's own catalogue) keep them, the table filling the rest.
 * @example export const SHELF = studioCatalogue('studio-shelf', ['shelf.title', 'shelf.empty']);
 */
export function studioCatalogue<const K extends string>(name: string, keys: readonly K[]): { readonly [P in K]: Entry };
export function studioCatalogue<T extends Record<string, Partial<Record<Lang, Text>>>>(
  name: string,
  entries: T,
): { readonly [K in keyof T]: Entry };
export function studioCatalogue(
  name: string,
  given: readonly string[] | Record<string, Partial<Record<Lang, Text>>>,
): Readonly<Record<string, Entry>> {
  if (registered.has(name))
    throw new LanguageWordsError({ language: '*', catalogue: name, key: '*' }, `two catalogues are named "${name}"`);
  const mutable: Record<string, Texts> = Array.isArray(given)
    ? Object.fromEntries(given.map((key: string) => [key, {} as Texts]))
    : (given as Record<string, Texts>);
  registered.set(name, mutable);
  for (const [key, entry] of Object.entries(mutable)) byKey.set(key, entry);
  defineSection(name, (words, table) => readWords(name, mutable, words, table));
  return mutable;
}

/**
 * A studio message's entry by its key, from whichever catalogue registered it. An area's catalogue is registered by
 * its module (i18n/<area>.ts), which the code showing its words imports, so its words travel in that code's chunk;
 * a key whose module nothing loaded fails naming it (never a blank or another key's text).
 */
export function studioEntry(key: string): Entry {
  const entry = byKey.get(key);
  if (!entry)
    throw new LanguageWordsError(
      { language: '*', catalogue: 'studio', key },
      `"${key}" is in no studio catalogue loaded: the module showing it must import its area's (i18n/<area>.ts)`,
    );
  return entry;
}

/** An entry's text in a language; a language the entry lacks fails naming it (never another language's text). */
export function textIn(entry: Entry, lang: Lang, where: string): Text {
  const text = entry[lang];
  if (text === undefined) throw new LanguageWordsError({ language: lang, catalogue: where, key: '*' });
  return text;
}
