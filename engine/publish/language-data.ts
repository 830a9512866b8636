// What publishing needs to know of a book's language, read from the language table (the `publishing` section,
// written in languages/<code>/publishing.yaml): its tags in an EPUB and a Word file, how it names the book
// languages on a copyright page and in the readiness texts, its title case, the promotional words stores refuse
// in it, the working labels a blurb must not carry, each store's published answer for it, and whether its books
// can get an eISBN from a national library. Code reads these values the same way for every language.
import { defineSection, languageName as tableName, type Lang, type LanguageTable } from '../languages/index.js';
import { languageTableError } from '../languages/errors.js';
import type { ReadinessText } from './readiness/text.js';

/** `yes`: the channel's published list names the language; `unknown`: not confirmed from its list (verify by hand). */
export type LanguageAcceptance = 'yes' | 'no' | 'unknown';

/** A store's answer for a language, as the table gives it: `unknown` unless its published list was read. */
export interface StoreAnswer {
  readonly accepted: LanguageAcceptance;
  /** Why it is not confirmed, and where to look: a readiness text (code and values). */
  readonly note?: ReadinessText;
}

/** A national library that gives ISBNs and eISBNs free to books in this language published in its country. */
export interface NationalEisbn {
  /** Its pages for an ISBN, cover included, and where that is said. */
  readonly minPages: { readonly adult: number; readonly children: number };
  readonly source: string;
}

export interface PublishingData {
  /** dc:language and xml:lang of an EPUB (BCP 47): the code itself unless the table says otherwise. */
  readonly epubTag: string;
  /** The proofing language of a Word file (BCP 47 with its region: `ms-MY`). */
  readonly wordTag: string;
  /** Book languages as this language names them in running text (a copyright page, a readiness check). */
  readonly names: Readonly<Record<Lang, string>>;
  /** Title case: the words that stay in lower case inside a title, and the style guide that says so. */
  readonly titleCase: { readonly minor: ReadonlySet<string>; readonly source: string };
  /** Promotional words stores refuse in a title or keywords, in this language. */
  readonly refusedWords: readonly string[];
  /** The labels a title answer's lines open with ("Title:", "Subtitle:"), as patterns. */
  readonly answerLabels: { readonly title: readonly string[]; readonly subtitle: readonly string[] };
  /** Labels of a model's working notes that must not open a line of a blurb ("Characters", "bab \\d+"). */
  readonly workingLabels: readonly string[];
  /** Each store's answer for books in this language, by channel id; a store it does not name is `unknown`. */
  readonly stores: Readonly<Record<string, StoreAnswer>>;
  readonly eisbn?: NationalEisbn;
  /** The `hyphen` package's TeX patterns the print layouts break its words with (`en-us`), or none: not hyphenated. */
  readonly hyphenation?: string;
}

type Raw = Record<string, unknown>;

const obj = (v: unknown): v is Raw => !!v && typeof v === 'object' && !Array.isArray(v);
const where = (t: LanguageTable) => `languages/${t.code}/publishing.yaml`;

function text(v: unknown, t: LanguageTable, key: string): string {
  if (typeof v !== 'string' || !v.trim()) throw languageTableError(where(t), `publishing.${key}`, 'a text');
  return v;
}

function texts(v: unknown, t: LanguageTable, key: string): string[] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw languageTableError(where(t), `publishing.${key}`, 'a list of texts');
  return v.map((w, i) => text(w, t, `${key}.${i}`));
}

function readinessText(v: unknown, t: LanguageTable, key: string): ReadinessText {
  if (!obj(v) || typeof v.code !== 'string')
    throw languageTableError(where(t), `publishing.${key}`, 'a readiness text: { code, params }');
  if (v.params !== undefined && !obj(v.params))
    throw languageTableError(where(t), `publishing.${key}.params`, 'a mapping of values');
  return v as unknown as ReadinessText;
}

function stores(v: unknown, t: LanguageTable): Record<string, StoreAnswer> {
  if (v === undefined) return {};
  if (!obj(v)) throw languageTableError(where(t), 'publishing.stores', 'a mapping of channel ids to answers');
  return Object.fromEntries(
    Object.entries(v).map(([id, a]) => {
      const accepted = obj(a) ? a.accepted : undefined;
      if (accepted !== 'yes' && accepted !== 'no' && accepted !== 'unknown')
        throw languageTableError(where(t), `publishing.stores.${id}.accepted`, 'yes, no or unknown');
      const note = (a as Raw).note;
      return [id, { accepted, ...(note !== undefined ? { note: readinessText(note, t, `stores.${id}.note`) } : {}) }];
    }),
  );
}

function eisbn(v: unknown, t: LanguageTable): NationalEisbn | undefined {
  if (v === undefined) return undefined;
  const pages = obj(v) && obj(v.minPages) ? v.minPages : undefined;
  if (!pages || typeof pages.adult !== 'number' || typeof pages.children !== 'number')
    throw languageTableError(where(t), 'publishing.eisbn.minPages', '{ adult, children } page counts');
  return {
    minPages: { adult: pages.adult, children: pages.children },
    source: text((v as Raw).source, t, 'eisbn.source'),
  };
}

function patternsName(v: unknown, t: LanguageTable): string {
  if (typeof v !== 'string' || !/^[a-z]{2,3}(?:-[a-z0-9]+)*$/.test(v))
    throw languageTableError(
      where(t),
      'publishing.hyphenation',
      'the name of a hyphen package pattern set (en-us, id)',
    );
  return v;
}

function parsePublishing(raw: unknown, t: LanguageTable): PublishingData {
  const r: Raw =
    raw === undefined
      ? {}
      : obj(raw)
        ? raw
        : (() => {
            throw languageTableError(where(t), 'publishing', 'a mapping');
          })();
  const tags = obj(r.tags) ? r.tags : {};
  const names = obj(r.names) ? r.names : {};
  for (const [code, name] of Object.entries(names)) text(name, t, `names.${code}`);
  const titleCase = obj(r.titleCase) ? r.titleCase : {};
  const found = eisbn(r.eisbn, t);
  const answerLabels = obj(r.answerLabels) ? r.answerLabels : {};
  return {
    epubTag: tags.epub === undefined ? t.code : text(tags.epub, t, 'tags.epub'),
    wordTag: tags.word === undefined ? t.code : text(tags.word, t, 'tags.word'),
    names: names as Record<Lang, string>,
    titleCase: {
      minor: new Set(texts(titleCase.minor, t, 'titleCase.minor')),
      source: titleCase.source === undefined ? '' : text(titleCase.source, t, 'titleCase.source'),
    },
    refusedWords: texts(r.refusedWords, t, 'refusedWords'),
    workingLabels: texts(r.workingLabels, t, 'workingLabels'),
    answerLabels: {
      title: texts(answerLabels.title, t, 'answerLabels.title'),
      subtitle: texts(answerLabels.subtitle, t, 'answerLabels.subtitle'),
    },
    stores: stores(r.stores, t),
    ...(found ? { eisbn: found } : {}),
    ...(r.hyphenation === undefined ? {} : { hyphenation: patternsName(r.hyphenation, t) }),
  };
}

/** A language's publishing data (the table's `publishing` section). */
export const publishingOf = defineSection('publishing', parsePublishing);

/**
 * A book language's name in another language's words ("Malay", "bahasa Melayu"): the publishing section's
 * name, or the table's own name for it when the section names no such language.
 */
export function bookLanguageName(code: Lang, inLang: Lang): string {
  return publishingOf(inLang).names[code] ?? tableName(code, inLang);
}
