// What the studio reads of each language's table besides its catalogues: the `studio` section
// (languages/<code>/studio.yaml): the locale its dates are written in, and how it names every language beside an
// edition. A name differs by where it stands ("Malay" beside a paragraph, "Make a Malay edition" on a button),
// so each is a value of the table, never a sentence built around a code. A table lacking one fails naming the key.
import { defineSection, fillPlaceholders, langs, languageName, LanguageWordsError, type Lang, type LanguageTable } from '../engine.js';

export interface StudioLanguage {
  /** The BCP 47 locale dates and numbers are written in on a page in this language (`en-GB`). */
  readonly locale: string;
  /** Every language's name beside an edition's text, its title, its glossary column ("Malay"). */
  readonly editionNames: Readonly<Record<Lang, string>>;
  /** Every language's name inside a sentence that pairs two (a dual-language edition: "English and Malay"). */
  readonly shortNames: Readonly<Record<Lang, string>>;
  /** The button that makes a book's edition in a language ("Make a Malay edition"). */
  readonly makeEdition: Readonly<Record<Lang, string>>;
  /** Its accessible name, with the book's {title}. */
  readonly makeEditionOf: Readonly<Record<Lang, string>>;
}

function refused(table: LanguageTable, key: string, expected: string): LanguageWordsError {
  return new LanguageWordsError({ language: table.code, catalogue: 'studio', key }, `languages/${table.code}/studio.yaml: "${key}" must be ${expected}`);
}

function names(raw: Record<string, unknown>, key: string, table: LanguageTable): Record<Lang, string> {
  const value = raw[key];
  if (!value || typeof value !== 'object') throw refused(table, key, 'a mapping of language codes to texts');
  const out: Record<Lang, string> = {};
  for (const code of langs()) {
    const text = (value as Record<string, unknown>)[code];
    if (typeof text !== 'string' || !text.trim()) throw refused(table, `${key}.${code}`, 'a text');
    out[code] = text;
  }
  return out;
}

/** A tag Intl reads as a locale (its numbers and dates follow it); `Intl.getCanonicalLocales` throws on anything else. */
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
  return { locale: r.locale, editionNames: names(r, 'editionNames', table), shortNames: names(r, 'shortNames', table), makeEdition: names(r, 'makeEdition', table), makeEditionOf: names(r, 'makeEditionOf', table) };
}

/** The studio's section of a language's table. */
export const studioLanguage = defineSection('studio', parseStudio);

/** The locale a page in `lang` writes dates and numbers in. */
export const localeOf = (lang: Lang): string => studioLanguage(lang).locale;

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number as a page in `lang` writes it, by its table's locale: 1,500 and 12.5 in English and Malay, 1.500 and
 * 12,5 in Indonesian. Formats are made once per locale and options (each costs ICU's number data).
 * @example formatNumber(1500, 'id') // "1.500"
 */
export function formatNumber(n: number, lang: Lang, options?: Intl.NumberFormatOptions): string {
  const locale = localeOf(lang);
  const key = options ? `${locale} ${JSON.stringify(options)}` : locale;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format.format(n);
}

/** A price in US dollars as a page in `lang` writes it: $29.99, or $29,99 in Indonesian. */
export const formatUsd = (amount: number, lang: Lang): string => formatNumber(amount, lang, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' });

/** A price in whole ringgit, written as the top-up page shows it (RM45, no space and no sen), its digits in `lang`'s locale. */
export const formatRm = (amount: number, lang: Lang): string => `RM${formatNumber(amount, lang, { maximumFractionDigits: 0 })}`;

/** `code`'s name in `lang` as a label of its own ("Bahasa Inggeris"): the table's name, its first letter a capital. */
export function languageLabel(code: Lang, lang: Lang): string {
  const name = languageName(code, lang);
  return name.charAt(0).toLocaleUpperCase(localeOf(lang)) + name.slice(1);
}

/** `code`'s name beside an edition, on a page in `lang` ("Malay"). */
export const editionName = (code: Lang, lang: Lang): string => studioLanguage(lang).editionNames[code]!;

/** `code`'s name inside a sentence naming two languages, on a page in `lang` ("Malay"). */
export const shortName = (code: Lang, lang: Lang): string => studioLanguage(lang).shortNames[code]!;

/** The button that makes an edition in `code`, and its accessible name for the book `title`, on a page in `lang`. */
export function makeEditionWords(code: Lang, lang: Lang, title: string): { text: string; label: string } {
  const words = studioLanguage(lang);
  return { text: words.makeEdition[code]!, label: fillPlaceholders(words.makeEditionOf[code]!, { title }) };
}
