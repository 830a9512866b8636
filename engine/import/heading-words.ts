// The words that head a manuscript's parts and front matter, from every language's `import-headings` section
// (languages/<code>/import-headings.yaml): a chapter's, a part's and a letter's word before its number, the
// names of the front matter a book keeps, a contents list's heading, a title page's byline, a subtitle's opening
// word and a dedication's. A manuscript is read with every language's words at once (its language is not known
// yet when it is split, and a Malay novel may keep an English preface), so adding a language's words is data
// only. Each is a regular expression of the whole heading line, case ignored; built once, on first use.
import { defineSection, langs, onLanguagesLoaded, type LanguageTable } from '../languages/index.js';
import { languageTableError } from '../languages/errors.js';
import { wordEdges } from '../word-edges.js';

/** The keys of the section: what each word heads or opens. */
export const HEADING_KEYS = [
  'chapter',
  'part',
  'letter',
  'prologue',
  'epilogue',
  'introduction',
  'preface',
  'foreword',
  'authorsNote',
  'dedication',
  'epigraph',
  'acknowledgements',
  'contents',
  'byline',
  'subtitle',
  'dedicatedTo',
  'dedicated',
  'titleLabel',
  'authorLabel',
  'copyright',
  'theEnd',
  'titlePageLine',
] as const;
export type HeadingKey = (typeof HEADING_KEYS)[number];

function parseHeadingWords(raw: unknown, table: LanguageTable): Partial<Record<HeadingKey, string>> {
  // A language that words no headings yet (a fourth language while it is worded) reads with the others' words.
  if (raw === undefined || raw === null) return {};
  const where = (key: string) => `languages/${table.code}/import-headings.yaml: ${key}`;
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw languageTableError(table.code, where('*'), `a mapping of ${HEADING_KEYS.join(', ')}`);
  const r = raw as Record<string, unknown>;
  const out: Partial<Record<HeadingKey, string>> = {};
  for (const key of HEADING_KEYS) {
    const value = r[key];
    if (value === undefined) continue;
    if (typeof value !== 'string' || !value.trim())
      throw languageTableError(table.code, where(key), 'a regular expression of the heading words');
    try {
      new RegExp(`^(?:${value})$`, 'iu');
    } catch (e) {
      throw languageTableError(table.code, where(key), `a regular expression (${(e as Error).message})`);
    }
    out[key] = value;
  }
  return out;
}

const headingWordsOf = defineSection('import-headings', parseHeadingWords);

let built: Record<HeadingKey, string> | undefined;

/** Every language's words for `key`, as one alternation (`(?:chapter|chap\.|bab|…)`), for a pattern to embed. */
export function headingWords(key: HeadingKey): string {
  if (!built) {
    const all = {} as Record<HeadingKey, string>;
    for (const k of HEADING_KEYS) {
      const alternatives = langs().flatMap((code) => (headingWordsOf(code)[k] ? [headingWordsOf(code)[k]!] : []));
      // No language words it: a pattern that matches nothing.
      all[k] = alternatives.length ? `(?:${alternatives.join('|')})` : '(?!)';
    }
    built = all;
  }
  return built[key];
}

const cache = new Map<string, RegExp>();
// A table read anew (a language added) words the headings anew.
onLanguagesLoaded(() => {
  built = undefined;
  cache.clear();
});

/**
 * A pattern made of heading words, built once: `wordsPattern('^chapter\\s+(.*)$', …)` with `{chapter}` replaced by its
 * words.
 */
export function wordsPattern(source: string): RegExp {
  let re = cache.get(source);
  if (!re) {
    // A `\b` is a word's edge in every script: "Посвящается", "Αφιερώνεται" (word-edges.ts).
    re = new RegExp(
      wordEdges(source.replace(/\{(\w+)\}/g, (_m, key: string) => headingWords(key as HeadingKey))),
      'iu',
    );
    cache.set(source, re);
  }
  return re;
}
