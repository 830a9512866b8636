// The words the continuity checks read, as data: each language's `continuity-words` section
// (languages/<code>/continuity-words.yaml): verbs of speech and action that put a character in a scene, the words
// that make a mention a memory, a dream or a grave rather than the character acting, and capitalised words that are
// never a character's name, and how a family is made of a name (an ending, or a word beside it). A book in one
// language may quote another, so every language's words are read at once.
// The states that mean a character is dead, absent or elsewhere are each language's `book` section.
import { defineSection, langs, languageTable, onLanguagesLoaded, type LanguageTable } from '../../languages/index.js';
import { languageTableError } from '../../languages/errors.js';
import { isPartWord } from '../../reading-words.js';
import { wordEdges } from '../../word-edges.js';

interface ContinuityWords {
  /** Verbs of a character speaking or acting ("said", "berkata"), lower case. */
  readonly acts: readonly string[];
  /** A regular expression (case ignored) of what makes a sentence a memory, a dream, a grave or a picture. */
  readonly notPresent: string;
  /** Capitalised words that are never a name: months, days, titles, common nouns a heading capitalises (lower case). */
  readonly notNames: readonly string[];
  /**
   * Endings that make a family of a name ("the Ravenels", "the Joneses"), lower case; none in a language that marks it
   * by a word.
   */
  readonly familyEndings: readonly string[];
  /**
   * Words that mark a family beside a name ("the Ravenel family", "keluarga Ravenel"), lower case: never part of the
   * name.
   */
  readonly familyWords: readonly string[];
}

function parse(raw: unknown, table: LanguageTable): ContinuityWords {
  const file = `languages/${table.code}/continuity-words.yaml`;
  const fail = (key: string, expected: string) => languageTableError(table.code, `${file}: ${key}`, expected);
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    throw fail('*', 'a mapping of acts, notPresent and notNames');
  const r = raw as Record<string, unknown>;
  const words = (key: 'acts' | 'notNames' | 'familyEndings' | 'familyWords', isOptional = false): string[] => {
    const v = r[key];
    if (isOptional && v === undefined) return [];
    const list = typeof v === 'string' ? v.split(/\s+/).filter(Boolean) : v;
    if (!Array.isArray(list) || (!list.length && !isOptional) || list.some((w) => typeof w !== 'string' || !w.trim()))
      throw fail(key, 'a list of words (or one line of words)');
    return list.map((w: string) => w.toLowerCase().trim());
  };
  const notPresent = r.notPresent;
  if (typeof notPresent !== 'string' || !notPresent.trim())
    throw fail('notPresent', 'a regular expression of the words');
  try {
    new RegExp(wordEdges(`\\b(?:${notPresent})\\b`), 'iu');
  } catch (e) {
    throw fail('notPresent', `a regular expression (${(e as Error).message})`);
  }
  return {
    acts: words('acts'),
    notPresent,
    notNames: words('notNames'),
    familyEndings: words('familyEndings', true),
    familyWords: words('familyWords', true),
  };
}

/** A language's continuity words, from its table. */
const continuityWordsOf = defineSection('continuity-words', parse);

let all:
  | { acts: Set<string>; notPresent: RegExp; notNames: Set<string>; familyEndings: string[]; familyWords: Set<string> }
  | undefined;
onLanguagesLoaded(() => void (all = undefined));

/** Every read language's words at once. */
function allWords(): NonNullable<typeof all> {
  if (all) return all;
  const read = langs()
    .filter((code) => !languageTable(code).later)
    .map(continuityWordsOf);
  all = {
    acts: new Set(read.flatMap((w) => w.acts)),
    notPresent: new RegExp(wordEdges(`\\b(?:${read.map((w) => w.notPresent).join('|')})\\b`), 'iu'),
    notNames: new Set(read.flatMap((w) => w.notNames)),
    familyEndings: [...new Set(read.flatMap((w) => w.familyEndings))],
    familyWords: new Set(read.flatMap((w) => w.familyWords)),
  };
  return all;
}

/** A verb of a character speaking or acting, in any language of the table. */
export const isAct = (word: string): boolean => allWords().acts.has(word.toLowerCase());

/** A sentence that is a memory, a dream, a grave or a picture: the character is not acting in it. */
export const isNotPresent = (sentence: string): boolean => allWords().notPresent.test(sentence);

/**
 * A capitalised word that is never a character's name: a language's notNames, or a word that names a part in some
 * language (`reading.parts`: chapter, bab, prologue…).
 */
export const isNotName = (word: string): boolean =>
  allWords().notNames.has(word.toLowerCase()) || isFamilyWord(word) || isPartWord(word);

/** A word that marks a family beside a name ("family", "keluarga"), in any language of the table. */
export const isFamilyWord = (word: string): boolean => allWords().familyWords.has(word.toLowerCase());

/**
 * True when one word is the other's family form in some language of the table: the name with a family ending
 * ("Ravenel" and "Ravenels", "Jones" and "Joneses"), either way round (a bible may record the family, a text the one).
 */
export function isFamilyForm(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a.toLowerCase(), b.toLowerCase()] : [b.toLowerCase(), a.toLowerCase()];
  return long.startsWith(short) && allWords().familyEndings.includes(long.slice(short.length));
}
