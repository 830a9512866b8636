// What the studio reads of each language's table besides its catalogues: the `studio` section
// (languages/<code>/studio.yaml): the locale its pages write dates and numbers in, and how it names the table's
// languages beside an edition. Defined here, in the engine's pure door, so every reader of the table checks it
// when the table is read: the server's start, `karya validate`, the studio's build and the studio itself.
// A language names in its section the languages it has words for; a language of the table it does not name (one
// added later, in its own folder) is named by the table (`languageNames`, else its autonym), and its button by
// the section's `makeEditionIn` with that name, so adding a language never needs another language's file edited.
import { fillPlaceholders } from './placeholders.js';
import { defineSection, languageName, LanguageWordsError, type Lang, type LanguageTable } from './languages/index.js';

export interface StudioLanguage {
  /** The BCP 47 locale dates and numbers are written in on a page in this language (`en-GB`). */
  readonly locale: string;
  /**
   * Languages' names beside an edition's text, its title, its glossary column ("Malay"), where the section words them.
   */
  readonly editionNames: Readonly<Record<Lang, string>>;
  /** Languages' names inside a sentence that pairs two (a dual-language edition: "English and Malay"). */
  readonly shortNames: Readonly<Record<Lang, string>>;
  /** The button that makes a book's edition in a language ("Make a Malay edition"). */
  readonly makeEdition: Readonly<Record<Lang, string>>;
  /** Its accessible name, with the book's {title}. */
  readonly makeEditionOf: Readonly<Record<Lang, string>>;
  /**
   * The button for a language the section does not word: `{language}` is its edition name ("Make an edition in
   * {language}").
   */
  readonly makeEditionIn: string;
  /** Its accessible name, with {language} and the book's {title}. */
  readonly makeEditionInOf: string;
}

function refused(table: LanguageTable, key: string, expected: string): LanguageWordsError {
  return new LanguageWordsError(
    { language: table.code, catalogue: 'studio', key },
    `languages/${table.code}/studio.yaml: "${key}" must be ${expected}`,
  );
}

function text(
  raw: Record<string, unknown>,
  key: string,
  table: LanguageTable,
  placeholders: readonly string[],
): string {
  const value = raw[key];
  if (typeof value !== 'string' || !value.trim()) throw refused(table, key, 'a text');
  for (const p of placeholders) if (!value.includes(`{${p}}`)) throw refused(table, key, `a text with {${p}}`);
  return value;
}

/** The names a section gives, by language code: each a text (a code it leaves out is named by the table). */
function names(raw: Record<string, unknown>, key: string, table: LanguageTable): Record<Lang, string> {
  const value = raw[key];
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw refused(table, key, 'a mapping of language codes to texts');
  for (const [code, name] of Object.entries(value))
    if (typeof name !== 'string' || !name.trim()) throw refused(table, `${key}.${code}`, 'a text');
  return value as Record<Lang, string>;
}

/**
 * A tag Intl reads as a locale (its numbers and dates follow it); `Intl.getCanonicalLocales` throws on anything else.
 */
function isLocale(tag: string): boolean {
  try {
    return tag.trim() !== '' && Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

function parseStudio(raw: unknown, table: LanguageTable): StudioLanguage {
  if (!raw || typeof raw !== 'object') throw refused(table, '*', 'a mapping');
  const r = raw as Record<string, unknown>;
  if (typeof r.locale !== 'string' || !isLocale(r.locale)) throw refused(table, 'locale', 'a BCP 47 locale (id-ID)');
  return {
    locale: r.locale,
    editionNames: names(r, 'editionNames', table),
    shortNames: names(r, 'shortNames', table),
    makeEdition: names(r, 'makeEdition', table),
    makeEditionOf: names(r, 'makeEditionOf', table),
    makeEditionIn: text(r, 'makeEditionIn', table, ['language']),
    makeEditionInOf: text(r, 'makeEditionInOf', table, ['language', 'title']),
  };
}

/** The studio's section of a language's table. */
export const studioLanguage = defineSection('studio', parseStudio);

/** The locale a page in `lang` writes dates and numbers in. */
export const localeOf = (lang: Lang): string => studioLanguage(lang).locale;

/** `code`'s name in `lang` as a label of its own ("Bahasa Inggeris"): the table's name, its first letter a capital. */
export function languageLabel(code: Lang, lang: Lang): string {
  const name = languageName(code, lang);
  return name.charAt(0).toLocaleUpperCase(localeOf(lang)) + name.slice(1);
}

/** `code`'s name beside an edition, on a page in `lang` ("Malay"); the table's name when the section has none. */
export const editionName = (code: Lang, lang: Lang): string =>
  studioLanguage(lang).editionNames[code] ?? languageLabel(code, lang);

/**
 * `code`'s name inside a sentence naming two languages, on a page in `lang` ("Malay"); the table's name when the
 * section has none.
 */
export const shortName = (code: Lang, lang: Lang): string =>
  studioLanguage(lang).shortNames[code] ?? languageName(code, lang);

/** The button that makes an edition in `code`, and its accessible name for the book `title`, on a page in `lang`. */
export function makeEditionWords(code: Lang, lang: Lang, title: string): { text: string; label: string } {
  const words = studioLanguage(lang);
  const own = words.makeEdition[code];
  const ownLabel = words.makeEditionOf[code];
  const language = editionName(code, lang);
  return {
    text: own ?? fillPlaceholders(words.makeEditionIn, { language }),
    label: ownLabel
      ? fillPlaceholders(ownLabel, { title })
      : fillPlaceholders(words.makeEditionInOf, { language, title }),
  };
}
