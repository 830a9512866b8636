// The words Karya writes around a book's own text, per language: the `book` section of the language table
// (languages/<code>/book.yaml). A part's label in a story bible ("Chapter 3", "Chapters 1–3"), a book of a
// series ("Book 2"), the time cells of the bible ("since Chapter 4", "due Chapter 5") and the states that
// mean a character is gone (dead, away) are read from it by code that is the same for every language.
import { defineSection, langs, type Lang, type LanguageTable } from './languages/index.js';
import { languageTableError } from './languages/errors.js';
import { wordEdges } from './word-edges.js';

export interface BookWords {
  /** Before one chapter's number: "Chapter" (Chapter 3), "Bab". */
  readonly chapter: string;
  /** Before a span of chapters: "Chapters" (Chapters 1–3), "Bab". */
  readonly chapters: string;
  /** Before a book's number in a series: "Book" (Book 2, Chapter 3), "Buku". */
  readonly book: string;
  /** Before the part a story-bible entry became true in: "since" (since Chapter 4). */
  readonly since: string;
  /** Before the part a thread is due to pay off in: "due" (due Chapter 5). */
  readonly due: string;
  /** A character's state that means gone from the story (dead, away, imprisoned), as the bible words it. */
  readonly gone: RegExp;
}

const TEXTS = ['chapter', 'chapters', 'book', 'since', 'due'] as const;

function parseBookWords(raw: unknown, table: LanguageTable): BookWords {
  const where = (key: string) =>
    table.raw.book === undefined ? `languages/${table.code}/book.yaml: ${key}` : `book.${key}`;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    throw languageTableError(table.code, where('*'), `a mapping of ${[...TEXTS, 'gone'].join(', ')}`);
  const r = raw as Record<string, unknown>;
  for (const key of TEXTS)
    if (typeof r[key] !== 'string' || !r[key].trim()) throw languageTableError(table.code, where(key), 'a text');
  if (typeof r.gone !== 'string' || !r.gone.trim())
    throw languageTableError(
      table.code,
      where('gone'),
      'a regular expression of the states that mean a character is gone',
    );
  let gone: RegExp;
  try {
    gone = new RegExp(wordEdges(`\\b(?:${r.gone})\\b`), 'iu');
  } catch (e) {
    throw languageTableError(table.code, where('gone'), `a regular expression (${(e as Error).message})`);
  }
  const [chapter, chapters, book, since, due] = TEXTS.map((k) => r[k] as string) as [
    string,
    string,
    string,
    string,
    string,
  ];
  return { chapter, chapters, book, since, due, gone };
}

/** A language's book words, from its table. */
export const bookWordsOf: (code: Lang) => BookWords = defineSection('book', parseBookWords);

/** True when a state means the character is gone, in any language of the table (a book may quote another's words). */
export function isGoneInAnyLanguage(state: string): boolean {
  return langs().some((code) => bookWordsOf(code).gone.test(state));
}
