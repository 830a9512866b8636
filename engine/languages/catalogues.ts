// Message catalogues checked against the language table. Code registers a catalogue by its name and its keys;
// every language's texts, English's and Malay's as much as any other's, come from the table's folder
// (languages/<code>/<catalogue>.yaml, key → text). When the table is read, and when a catalogue registers after
// that, every key must have a non-empty text in every language that is not a draft: a gap stops the start, naming
// the language, the catalogue and the key. A text that counts may be written as its plural forms (countedForms).
import { fillPlaceholders } from '../placeholders.js';
import { LanguageWordsError, type LanguageWordsParams } from './errors.js';
import {
  checkOnce,
  ensureLanguages,
  onLanguagesLoaded,
  checkedLangs,
  languageTable,
  wordsChecked,
  wordsBesideCode,
  type Lang,
  type LanguageSource,
} from './table.js';

/** One entry's texts, per language code. */
export type Worded = Readonly<Record<Lang, string>>;
type Entries = Record<string, Record<Lang, string>>;

const catalogues = new Map<string, Entries>();
/**
 * The catalogue each registered entry is in, found from the entry itself: what a sayer names when a word is missing,
 * through a table merged from several catalogues too.
 */
const entryCatalogue = new WeakMap<object, string>();
let languageWords: readonly LanguageSource[] | undefined;

/**
 * The texts each catalogue took from the table's files, taken out again before the table is read anew (a word a file no
 * longer gives is missing, not kept from before).
 */
const fromFiles = new Map<Entries, [key: string, lang: Lang][]>();
/** The languages a catalogue given with its texts words itself. */
const selfWorded = new WeakMap<Entries, ReadonlySet<Lang>>();

/**
 * A counted text's forms, as a language's file writes them: `{ one: "{n} word", other: "{n} words" }`, keyed by
 * Intl.PluralRules' categories (zero, one, two, few, many, other; `other` required, any other falling back to it),
 * chosen by the whole number in the `{n}` placeholder, or in the one `by` names (`by: words`). A language with one
 * form (Malay, Indonesian) writes a plain text. The entry's text in the language is `other` (what wordIn gives).
 */
interface CountedForms {
  readonly by: string;
  readonly forms: Readonly<Partial<Record<Intl.LDMLPluralRule, string>>>;
}
const PLURAL_CATEGORIES: ReadonlySet<string> = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);
/** Each entry's counted forms, by language. */
const counted = new WeakMap<object, Map<Lang, CountedForms>>();
const pluralRules = new Map<Lang, Intl.PluralRules>();

/** A file's value as counted forms, or undefined when it is not a map of plural categories with `other` a text. */
function countedForms(value: unknown): CountedForms | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { by = 'n', ...forms } = value as Record<string, unknown>;
  const isForms = Object.entries(forms).every(([k, v]) => PLURAL_CATEGORIES.has(k) && typeof v === 'string');
  return isForms && typeof forms.other === 'string' && typeof by === 'string' ? { by, forms } : undefined;
}

/**
 * The locale whose plural rules a language counts by: its studio.yaml's `locale` (a code Intl does not know is no
 * guide), else its code.
 */
function pluralLocale(lang: Lang): string {
  const locale = (languageTable(lang).files.studio as { locale?: unknown } | undefined)?.locale;
  return typeof locale === 'string' && Intl.PluralRules.supportedLocalesOf(locale).length ? locale : lang;
}

/**
 * The form of a counted text for the number in its placeholder (a number, or one written as the language writes it).
 */
function formFor(entry: CountedForms, lang: Lang, vars: Readonly<Record<string, string | number>>): string {
  const value = vars[entry.by];
  const n = typeof value === 'number' ? value : writtenNumber(String(value ?? ''), lang);
  if (!Number.isFinite(n)) return entry.forms.other!;
  return entry.forms[pluralOf(n, lang)] ?? entry.forms.other!;
}

/**
 * A number as `lang` writes it (engine/number-words.ts: its number-words file's `group` between each three digits,
 * its `decimal` before a fraction): "1,234" and "12.5" in English, "1.234" and "12,5" in Indonesian. Without that
 * file, its digits read whole. NaN when there are none.
 */
function writtenNumber(text: string, lang: Lang): number {
  const words = languageTable(lang).files['number-words'] as { group?: unknown; decimal?: unknown } | undefined;
  const { group, decimal } = words ?? {};
  if (typeof group !== 'string' || typeof decimal !== 'string' || !group || !decimal || group === decimal)
    return Number(text.replace(/\D/g, '') || NaN);
  const plain = text.split(group).join('').split(decimal).join('.');
  const match = /-?\d+(?:\.\d+)?/.exec(plain);
  return match ? Number(match[0]) : NaN;
}

/**
 * The plural category of the numbers asked before, per language (the first CATEGORIES_KEPT of them): ICU is asked
 * once a number. Intl.PluralRules.select formats the number with ICU before choosing: 1.7 µs a call in a loop, 5.9
 * between other allocations, 8 and more in a batch's progress lines (0.4-0.6 % of its main thread), whose counts (a
 * step's words and tokens, a book's calls) come back to the same few thousand numbers.
 */
const categories = new Map<Lang, Map<number, Intl.LDMLPluralRule>>();
const CATEGORIES_KEPT = 4096;

function pluralOf(n: number, lang: Lang): Intl.LDMLPluralRule {
  let known = categories.get(lang);
  if (!known) categories.set(lang, (known = new Map()));
  let category = known.get(n);
  if (category === undefined) {
    let rules = pluralRules.get(lang);
    if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(pluralLocale(lang))));
    category = rules.select(n);
    if (known.size < CATEGORIES_KEPT) known.set(n, category);
  }
  return category;
}

function fill(name: string, entries: Entries): void {
  for (const [key, lang] of fromFiles.get(entries) ?? []) {
    delete entries[key]![lang];
    counted.get(entries[key]!)?.delete(lang);
  }
  const taken: [string, Lang][] = [];
  fromFiles.set(entries, taken);
  for (const src of languageWords ?? []) {
    const code = (src.data as { code?: string }).code;
    const words = (src.words[name] ?? (code ? wordsBesideCode(name, code) : undefined)) as
      Readonly<Record<string, unknown>> | undefined;
    if (!code || !words) continue;
    for (const [key, text] of Object.entries(words)) {
      if (!Object.hasOwn(entries, key))
        throw new LanguageWordsError(
          { language: code, catalogue: name, key },
          `languages/${code}/${name}.yaml: "${key}" is not a key of the ${name} catalogue`,
        );
      const forms = typeof text === 'string' ? undefined : countedForms(text);
      if (typeof text !== 'string' && !forms) {
        const said = `languages/${code}/${name}.yaml: "${key}" must be a text or its plural forms { one, other }`;
        const where = { language: code, catalogue: name, key };
        if (text && typeof text === 'object') throw new LanguageWordsError(where, said);
        continue;
      }
      if (entries[key]![code] !== undefined) continue;
      entries[key]![code] = forms ? forms.forms.other! : (text as string);
      if (forms) counted.set(entries[key]!, (counted.get(entries[key]!) ?? new Map()).set(code, forms));
      taken.push([key, code]);
    }
  }
}

function gapsOf(name: string, entries: Entries, langs: readonly Lang[]): LanguageWordsParams[] {
  const gaps: LanguageWordsParams[] = [];
  for (const [key, entry] of Object.entries(entries)) {
    for (const lang of langs)
      if (typeof entry[lang] !== 'string' || !entry[lang].trim()) gaps.push({ language: lang, catalogue: name, key });
  }
  return gaps;
}

/** Every text of the catalogue there in every language checked; done once for the same files by the same code. */
function check(name: string, entries: Entries): void {
  if (!wordsChecked()) return;
  checkOnce(`catalogue ${name}`, () => {
    // A catalogue given with its own texts (a test's) is whole in the languages it words: a language the table adds
    // later is not its gap (its sayer still fails naming the language when asked for one it lacks).
    const own = selfWorded.get(entries);
    const gap = gapsOf(name, entries, own ? checkedLangs().filter((lang) => own.has(lang)) : checkedLangs())[0];
    if (gap) throw new LanguageWordsError(gap);
  });
}

/**
 * Every catalogue text missing in the given languages (a draft's too): what a maintainer still has to word.
 * @example catalogueGaps(['id']) // [{ language: 'id', catalogue: 'words', key: 'chapter' }, …]
 */
export function catalogueGaps(langs: readonly Lang[]): LanguageWordsParams[] {
  return [...catalogues].flatMap(([name, entries]) => gapsOf(name, entries, langs));
}

onLanguagesLoaded(
  (sources) => {
    languageWords = sources;
    pluralRules.clear();
    categories.clear();
    for (const [name, entries] of catalogues) {
      fill(name, entries);
      check(name, entries);
    }
  },
  { eachLanguage: true },
);

/**
 * Register a catalogue under a name and its keys, and return it: its entries are filled with the words of every
 * language's file (languages/<code>/<name>.yaml, key → text) when the table is read. Names are unique. Code names
 * keys, never words; entries given as an object with texts (a test's own catalogue) keep them, the table filling the
 * rest.
 * @example export const WORDS = catalogue('words', ['chapter', 'part']); sayer(WORDS)('chapter', 'ms', { n: 2 }) //
 * 'Bab 2'
 */
export function catalogue<const K extends string>(name: string, keys: readonly K[]): { readonly [P in K]: Worded };
export function catalogue<T extends Record<string, Partial<Record<Lang, string>>>>(
  name: string,
  entries: T,
): { readonly [K in keyof T]: Worded };
export function catalogue(
  name: string,
  given: readonly string[] | Record<string, Partial<Record<Lang, string>>>,
): Readonly<Record<string, Worded>> {
  if (catalogues.has(name))
    throw new LanguageWordsError({ language: '*', catalogue: name, key: '*' }, `two catalogues are named "${name}"`);
  const mutable: Entries = Array.isArray(given)
    ? Object.fromEntries(given.map((key: string) => [key, {}]))
    : (given as Entries);
  if (!Array.isArray(given))
    selfWorded.set(mutable, new Set(Object.values(mutable).flatMap((entry) => Object.keys(entry) as Lang[])));
  catalogues.set(name, mutable);
  for (const entry of Object.values(mutable)) entryCatalogue.set(entry, name);
  if (languageWords) {
    fill(name, mutable);
    check(name, mutable);
  }
  return mutable as Readonly<Record<string, Worded>>;
}

/**
 * An entry's text in a language. The table's check has made sure every registered entry has one; an entry
 * that is not in a catalogue and lacks the language fails here, naming it, rather than falling back to English.
 */
export function wordIn(
  entry: Readonly<Partial<Record<Lang, string>>>,
  lang: Lang,
  where = 'an unregistered entry',
): string {
  ensureLanguages();
  const text = entry[lang];
  if (typeof text !== 'string') throw new LanguageWordsError({ language: lang, catalogue: where, key: '*' });
  return text;
}

/** A line of a catalogue: the entry for a key, in a language, its `{name}` placeholders filled. */
export type Sayer<K extends string> = (key: K, lang: Lang, vars?: Readonly<Record<string, string | number>>) => string;

/**
 * A catalogue's lines, each in a writer's language with its placeholders filled: what every catalogue of
 * messages is read through. A word missing here fails naming the language, the catalogue and the key.
 * @example const optionWord = sayer(WORDS); optionWord('bookId', 'ms', { value: 'x' }) // '--book: "x" bukan id buku …'
 */
export function sayer<C extends { readonly [key: string]: Readonly<Partial<Record<Lang, string>>> }>(
  entries: C,
): Sayer<keyof C & string> {
  return (key, lang, vars = {}) => {
    // Every language's words are the table's (English's too): read it now if nothing has yet.
    ensureLanguages();
    const entry = Object.hasOwn(entries, key) ? entries[key] : undefined;
    const text = entry?.[lang];
    if (typeof text !== 'string')
      throw new LanguageWordsError({
        language: lang,
        catalogue: (entry && entryCatalogue.get(entry)) ?? 'an unregistered catalogue',
        key,
      });
    const forms = counted.get(entry!)?.get(lang);
    return fillPlaceholders(forms ? formFor(forms, lang, vars) : text, vars);
  };
}

/**
 * The names of the registered catalogues and their keys (the language guide's check lists what a new language must
 * word).
 */
export function catalogueKeys(): ReadonlyMap<string, readonly string[]> {
  return new Map([...catalogues].map(([name, entries]) => [name, Object.keys(entries)]));
}
