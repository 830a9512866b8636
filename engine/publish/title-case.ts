// Title case per language: the rule (the language table's `publishing.titleCase`: minor words and source), a
// title's words that title case would capitalise, and a title put in title case.
import type { Lang } from '../languages/index.js';
import { publishingOf } from './language-data.js';

/**
 * Title case per language, as data with its source (the table's `publishing.titleCase`). English headline
 * style: every word capitalised except articles, coordinating conjunctions and prepositions that are not first
 * or last. Malay and Indonesian: every word of a title begins with a capital except the prepositions and
 * conjunctions (di, ke, dari, dan, yang, untuk …) that are not its first word.
 */
export function titleCaseRule(lang: Lang): { readonly minor: ReadonlySet<string>; readonly source: string } {
  return publishingOf(lang).titleCase;
}

interface TitleWord {
  word: string;
  /** Letters only, lower case, for the minor-word list. */
  bare: string;
  /** First or last word, or the first after a colon or dash: always capitalised. */
  isEdge: boolean;
}

function titleWords(title: string): TitleWord[] {
  const tokens = title.trim().split(/\s+/).filter(Boolean);
  return tokens.map((word, i) => {
    const previous = tokens[i - 1] ?? '';
    return {
      word,
      bare: word.replace(/^[^\p{L}]+|[^\p{L}.]+$/gu, '').toLowerCase(),
      isEdge: i === 0 || i === tokens.length - 1 || /[:–—]$/.test(previous) || previous === '-',
    };
  });
}

/** The first letter of a word, after opening quotes and brackets; '' when it has none. */
const firstLetter = (word: string): string => /\p{L}/u.exec(word)?.[0] ?? '';
/** A word that starts lower case but has a capital inside (iPhone, eBook) is written so on purpose. */
const isStyledOnPurpose = (word: string): boolean => /^[^\p{L}]*\p{Ll}.*\p{Lu}/u.test(word);

/**
 * The words of a title that title case would capitalise but are in lower case, e.g.
 * `["enemies", "lovers"]` for "A Tale of enemies to lovers Beginnings".
 */
export function uncapitalisedTitleWords(title: string, lang: Lang): string[] {
  const { minor } = titleCaseRule(lang);
  return titleWords(title)
    .filter(({ word, bare, isEdge }) => {
      const letter = firstLetter(word);
      if (!letter || /^[^\p{L}]*\p{N}/u.test(word) || isStyledOnPurpose(word)) return false;
      if (letter === letter.toUpperCase()) return false;
      return isEdge || !minor.has(bare);
    })
    .map(({ word }) => word);
}

/**
 * A title in title case for its language: major words (and the first and last) capitalised, minor ones
 * in lower case; words styled on purpose (iPhone) and words already in capitals are kept.
 * @example titleCase('a tale of enemies to lovers beginnings', 'en') // 'A Tale of Enemies to Lovers Beginnings'
 */
export function titleCase(title: string, lang: Lang): string {
  const { minor } = titleCaseRule(lang);
  return titleWords(title)
    .map(({ word, bare, isEdge }) => {
      if (isStyledOnPurpose(word)) return word;
      if (!isEdge && minor.has(bare)) return word === word.toUpperCase() && word.length > 1 ? word : word.toLowerCase();
      return word.replace(/\p{L}/u, (c) => c.toUpperCase());
    })
    .join(' ');
}
