// The words Karya reads, per language: the `reading` section of the language table
// (languages/<code>/reading.yaml). What names a book's parts (chapter, part, section, introduction…), numbers
// written out, an outline's block labels and the words a model writes around it, the story bible's headings and
// a thread's status words, a brief's headings, the headings a part's text may carry, an EPUB's front matter.
// Every reader builds its patterns from here: a model answers in English whatever the book's language as often
// as not, so the readers of model answers take every language of the table at once, and a language added to the
// table is read as the others are, with no code. Each value is a regular expression (case ignored), checked
// when the table is read: a missing or malformed key stops the read naming the file and the key.
import {
  defineSection,
  langs,
  languageTable,
  onLanguagesLoaded,
  type Lang,
  type LanguageTable,
} from './languages/index.js';
import { languageTableError } from './languages/errors.js';
import { escapeRegExp as escape } from './markup.js';
import { withUnicode, wordEdges } from './word-edges.js';
import { numberIn, parseNumbers, type NumberWords } from './reading-numbers.js';
export type { NumberWords } from './reading-numbers.js';

/**
 * The story bible's sections, by the keys of their headings' words: the bible's own (render.ts writes them with
 * session/bible/words.ts's words) and, between them, the one part's or arc's heading a model writes instead
 * (`chapter`, `arc`). In the order they are read (session/bible/read.ts tries them in turn).
 */
export const BIBLE_SECTIONS = [
  'premise',
  'ending',
  'chapters',
  'arcs',
  'chapter',
  'arc',
  'characters',
  'threads',
  'facts',
  'replaced',
] as const;

/** The keys of each group of the section, in the order languages/en/reading.yaml explains them. */
export const READING_KEYS = {
  parts: ['chapter', 'plural', 'section', 'part', 'book', 'introduction', 'conclusion', 'prologue', 'epilogue'],
  outline: [
    'title',
    'premise',
    'characters',
    'ending',
    'entries',
    'other',
    'chapterTitle',
    'planColumn',
    'wordUnit',
    'noun',
    'chatter',
    'interjection',
    'announcer',
    'endingPhrase',
  ],
  json: [
    'title',
    'premise',
    'characters',
    'chapters',
    'threads',
    'ending',
    'chapterTitle',
    'chapterPlan',
    'characterName',
    'characterRole',
    'thread',
    'opened',
    'due',
  ],
  bible: [
    ...BIBLE_SECTIONS,
    'summary',
    'open',
    'advanced',
    'resolved',
    'dropped',
    'at',
    'opened',
    'since',
    'due',
    'copula',
  ],
  brief: ['chapterNotes', 'avoid', 'title', 'characters', 'pointOfView'],
  headings: ['characterDetails', 'characterList', 'chapterPlan'],
} as const;
type Group = keyof typeof READING_KEYS;
type Words<G extends Group> = Readonly<Record<(typeof READING_KEYS)[G][number], string>>;

export interface ReadingWords {
  readonly parts: Words<'parts'>;
  readonly numbers: NumberWords;
  readonly outline: Words<'outline'>;
  readonly json: Words<'json'>;
  readonly bible: Words<'bible'>;
  readonly brief: Words<'brief'>;
  readonly headings: Words<'headings'>;
  /** An EPUB's front matter, by its contents title. */
  readonly front: string;
}

function parseReading(raw: unknown, table: LanguageTable): ReadingWords {
  const file = `languages/${table.code}/reading.yaml`;
  const fail = (key: string, expected: string) => languageTableError(table.code, `${file}: ${key}`, expected);
  const mapping = (v: unknown, key: string): Record<string, unknown> => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) throw fail(key, 'a mapping');
    return v as Record<string, unknown>;
  };
  const pattern = (v: unknown, key: string): string => {
    if (typeof v !== 'string' || !v.trim()) throw fail(key, 'a regular expression of the words');
    try {
      new RegExp(`^(?:${v})$`, 'iu');
    } catch (e) {
      throw fail(key, `a regular expression (${(e as Error).message})`);
    }
    return v;
  };
  const r = mapping(raw, '*');
  const group = <G extends Group>(name: G, where: Record<string, unknown>, key = name as string): Words<G> => {
    const g = mapping(where[name], key);
    return Object.fromEntries(READING_KEYS[name].map((k) => [k, pattern(g[k], `${key}.${k}`)])) as Words<G>;
  };
  const outline = mapping(r.outline, 'outline');
  return {
    parts: group('parts', r),
    numbers: parseNumbers(mapping(r.numbers, 'numbers'), fail),
    outline: Object.fromEntries(
      READING_KEYS.outline.map((k) => [k, pattern(outline[k], `outline.${k}`)]),
    ) as Words<'outline'>,
    json: group('json', outline, 'outline.json'),
    bible: group('bible', r),
    brief: group('brief', r),
    headings: group('headings', r),
    front: pattern(r.front, 'front'),
  };
}

/** A language's reading words, from its table. */
export const readingOf: (code: Lang) => ReadingWords = defineSection('reading', parseReading);

/** The languages whose words are read (a language still being fetched has none yet). */
const readLangs = (): Lang[] => langs().filter((code) => !languageTable(code).later);

const alternations = new Map<string, string>();
/**
 * By flags, then by source: a check asks for its pattern at every answer, and a key made of the two (a string the
 * length of the source, joined and read again) was 17 MB of a 400-book batch's garbage.
 */
const patterns = new Map<string, Map<string, RegExp>>();
let partWords: Set<string> | undefined;
let numberAlternation: string | undefined;
onLanguagesLoaded(() => {
  alternations.clear();
  patterns.clear();
  partWords = undefined;
  numberAlternation = undefined;
});

/** The value at `path` ("parts.chapter", "outline.json.title", "front") of one language's words. */
function at(words: ReadingWords, path: string): string {
  let v: unknown = words;
  // `outline.json` is kept as its own group (`json`), as the file nests it under `outline`.
  for (const k of path.replace(/^outline\.json\./, 'json.').split('.'))
    v = (v as Record<string, unknown> | undefined)?.[k];
  if (typeof v !== 'string') throw new Error(`reading words: no key "${path}"`);
  return v;
}

/**
 * Every language's words at `path` as one group (`(?:chapter|chap\.|ch\.|bab|…)`), for a pattern to embed;
 * with `lang`, that language's words only.
 * @example anyWords('parts.chapter') // '(?:chapter|chap\\.|ch\\.|bab|bab)'
 */
export function anyWords(path: string, lang?: Lang): string {
  const key = `${lang ?? '*'}:${path}`;
  let out = alternations.get(key);
  if (out === undefined) {
    const all = (lang ? [lang] : readLangs()).map((code) => at(readingOf(code), path));
    out = all.length ? `(?:${all.join('|')})` : '(?!)';
    alternations.set(key, out);
  }
  return out;
}

/**
 * A pattern with `{parts.chapter}`-style places, each filled with every language's words (anyWords), built once
 * per table; its `\b` is a word's edge in every script (wordEdges), so the flags gain u. `{numbers}` is every
 * number word of every language, `{ordinals}` every ordinal prefix ("ke").
 * @example readingPattern('^(?:{parts.chapter})\\s+(\\d+)$') // matches "Chapter 3", "Bab 3"
 */
export function readingPattern(source: string, flags = 'iu'): RegExp {
  let byFlags = patterns.get(flags);
  if (!byFlags) patterns.set(flags, (byFlags = new Map()));
  let re = byFlags.get(source);
  if (!re) {
    const words = (path: string) =>
      path === 'numbers' ? numberWordsGroup() : path === 'ordinals' ? ordinalPrefixes() : anyWords(path);
    const filled = source.replace(/\{([a-z][a-zA-Z.]*)\}/g, (_m, path: string) => words(path));
    // A `\b` of the code's or of a language's words is a word's edge in every script (word-edges.ts).
    re = new RegExp(wordEdges(filled), withUnicode(flags));
    byFlags.set(source, re);
  }
  return re;
}

/**
 * The lower-case single words that name a part in some language ("chapter", "bab", "prologue"): never a character's
 * name.
 */
export function isPartWord(word: string): boolean {
  if (!partWords) {
    partWords = new Set(
      readLangs().flatMap((code) =>
        Object.values(readingOf(code).parts)
          .flatMap((p) => p.split('|'))
          .filter((w) => /^\p{L}[\p{L}\p{M}]*$/u.test(w))
          .map((w) => w.toLowerCase()),
      ),
    );
  }
  return partWords.has(word.toLowerCase());
}

/** Every number word of every language, longest first, as one group. */
function numberWordsGroup(): string {
  if (numberAlternation === undefined) {
    const words = new Set(readLangs().flatMap((code) => [...readingOf(code).numbers.words.keys()]));
    numberAlternation = words.size
      ? `(?:${[...words]
          .sort((a, b) => b.length - a.length)
          .map((w) => escape(w).replace(/ /g, '\\s+'))
          .join('|')})`
      : '(?!)';
  }
  return numberAlternation;
}

/** The ordinal prefixes of every language ("ke"), as one group, or a group that matches nothing. */
export function ordinalPrefixes(): string {
  const all = [...new Set(readLangs().flatMap((code) => readingOf(code).numbers.ordinalPrefix))];
  return all.length ? `(?:${all.map(escape).join('|')})` : '(?!)';
}

/** Every language's numbers written out (readers of large numbers walk them: import/headings.ts). */
export const allNumberWords = (): NumberWords[] => readLangs().map((code) => readingOf(code).numbers);

/** Lower-case words read as one number in some language of the table (the first that reads them), NaN otherwise. */
export function numberOfWords(tokens: readonly string[]): number {
  if (!tokens.length) return NaN;
  for (const code of readLangs()) {
    const v = numberIn(tokens, readingOf(code).numbers);
    if (Number.isFinite(v)) return v;
  }
  return NaN;
}
