// KDP's rules for a book's title, subtitle, search keywords and description, as data and small checks
// (its page limits are page-limits.ts's, title case per language title-case.ts's). They are the stores' and the
// languages', the same for every generator, so they live here and not in the YAML. Their problems are texts of the
// readiness catalogue (readiness-words.ts).
import { countLetteredWords } from '../words.js';
import { sayShared as say, type ReadinessText } from './readiness/text.js';
import { langs, type Lang } from '../languages/index.js';
import { publishingOf } from './language-data.js';
import { escapeRegExp } from '../markup.js';

/** Title and subtitle together, in characters (KDP's limit). */
export const KDP_TITLE_MAX = 200;
/** Keyword boxes KDP offers, and the characters each takes. */
export const KDP_KEYWORD_SLOTS = 7;
export const KDP_KEYWORD_MAX = 50;

/**
 * Words KDP refuses in titles, subtitles and keywords (promotional claims, prices, "new"), in every language of
 * the table (each language's `publishing.refusedWords`), matched as whole words without regard to case: a
 * book in one language may still carry another's promotional word.
 */
export function kdpForbiddenWords(): readonly string[] {
  return [...new Set(langs().flatMap((lang) => publishingOf(lang).refusedWords))];
}

/** Words that are also refused in keywords: other stores' programmes and names (KDP keyword guidelines). */
export function kdpForbiddenKeywordWords(): readonly string[] {
  return [...kdpForbiddenWords(), 'kindle unlimited', 'kindle', 'amazon', 'ebook', 'e-book'];
}

/** The forbidden words a text contains, as listed. */
export function forbiddenWordsIn(text: string, words: readonly string[] = kdpForbiddenWords()): string[] {
  return words.filter((w) =>
    new RegExp(`(?:^|[^\\p{L}\\p{N}])${escapeRegExp(w)}(?=$|[^\\p{L}\\p{N}])`, 'iu').test(text),
  );
}

export interface RuleProblem {
  /** What is wrong, e.g. 'title and subtitle are 214 characters (KDP allows 200)'. */
  problem: ReadinessText;
  /** What to do about it. */
  fix: ReadinessText;
}

const quoteAll = (words: readonly string[]) => words.map((w) => `"${w}"`).join(', ');

/** What KDP would refuse in a title and subtitle. */
export function titleProblems(input: { title: string; subtitle?: string }): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const title = input.title.trim();
  const subtitle = input.subtitle?.trim() ?? '';
  if (!title) problems.push({ problem: say('title.empty'), fix: say('title.empty-fix') });
  const length = [...title].length + [...subtitle].length;
  if (length > KDP_TITLE_MAX) {
    problems.push({ problem: say('title.too-long', { length, max: KDP_TITLE_MAX }), fix: say('title.too-long-fix') });
  }
  const words = forbiddenWordsIn(`${title}\n${subtitle}`);
  if (words.length) {
    problems.push({ problem: say('title.refused', { words: quoteAll(words) }), fix: say('title.refused-fix') });
  }
  return problems;
}

/** What KDP would refuse in a list of keywords (one per box). */
export function keywordProblems(keywords: readonly string[]): RuleProblem[] {
  const problems: RuleProblem[] = [];
  if (keywords.length === 0)
    problems.push({ problem: say('keywords.none'), fix: say('keywords.none-fix', { slots: KDP_KEYWORD_SLOTS }) });
  if (keywords.length > KDP_KEYWORD_SLOTS)
    problems.push({
      problem: say('keywords.too-many', { n: keywords.length, slots: KDP_KEYWORD_SLOTS }),
      fix: say('keywords.too-many-fix', { slots: KDP_KEYWORD_SLOTS }),
    });
  const long = keywords.filter((k) => [...k].length > KDP_KEYWORD_MAX);
  if (long.length)
    problems.push({
      problem: say('keywords.too-long', { max: KDP_KEYWORD_MAX, list: quoteAll(long) }),
      fix: say('keywords.too-long-fix'),
    });
  const short = keywords.filter(isTooShortKeyword);
  if (short.length)
    problems.push({
      problem: say('keywords.too-short', { list: quoteAll(short) }),
      fix: say('keywords.too-short-fix'),
    });
  const refused = keywords.flatMap((k) =>
    forbiddenWordsIn(k, kdpForbiddenKeywordWords()).map((w) => say('keywords.refused-word', { word: w, keyword: k })),
  );
  if (refused.length)
    problems.push({ problem: say('keywords.refused', { list: refused }), fix: say('keywords.refused-fix') });
  return problems;
}

/**
 * Up to 7 keywords KDP accepts from candidates in order of preference: trimmed, without duplicates, those
 * too long or with refused words left out (and said why).
 */
export function kdpKeywords(candidates: readonly string[]): {
  keywords: string[];
  dropped: Array<{ keyword: string; reason: ReadinessText }>;
} {
  const keywords: string[] = [];
  const dropped: Array<{ keyword: string; reason: ReadinessText }> = [];
  const seen = new Set<string>();
  for (const raw of candidates) {
    const keyword = raw.replace(/\s+/g, ' ').trim();
    const key = keyword.toLowerCase();
    if (!keyword || seen.has(key)) continue;
    seen.add(key);
    const refused = forbiddenWordsIn(keyword, kdpForbiddenKeywordWords());
    if (isTooShortKeyword(keyword)) dropped.push({ keyword, reason: say('keyword.too-short') });
    else if (refused.length)
      dropped.push({
        keyword,
        reason: say('keyword.refused', { words: refused.map((w) => say('quoted', { text: w })) }),
      });
    else if ([...keyword].length > KDP_KEYWORD_MAX)
      dropped.push({ keyword, reason: say('keyword.too-long', { max: KDP_KEYWORD_MAX }) });
    else if (keywords.length >= KDP_KEYWORD_SLOTS)
      dropped.push({ keyword, reason: say('keyword.no-box', { slots: KDP_KEYWORD_SLOTS }) });
    else keywords.push(keyword);
  }
  return { keywords, dropped };
}

/** A word may stand in this many keywords; one more is stuffing (KDP's metadata guidelines: no repeated words). */
export const KEYWORD_WORD_MAX = 2;

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}#']+/gu) ?? [];

/** Keywords that repeat the whole title ("Love in Penang", "love in penang romance"): the title is searched already. */
export function titleKeywords(keywords: readonly string[], title: string): string[] {
  const t = wordsOf(title).join(' ');
  return t ? keywords.filter((k) => ` ${wordsOf(k).join(' ')} `.includes(` ${t} `)) : [];
}

/**
 * The words that stand in more than KEYWORD_WORD_MAX keywords, with their count; the language's minor
 * words (of, the, dan, di) and words of one or two letters are not counted.
 * @example repeatedKeywordWords(['romance novel', 'romance books', 'romance KL'], 'en') // [{ word: 'romance', n: 3 }]
 */
export function repeatedKeywordWords(keywords: readonly string[], lang: Lang): Array<{ word: string; n: number }> {
  const counts = new Map<string, number>();
  for (const k of keywords)
    for (const w of new Set(wordsOf(k)))
      if ([...w].length > 2 && !publishingOf(lang).titleCase.minor.has(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
  return [...counts].filter(([, n]) => n > KEYWORD_WORD_MAX).map(([word, n]) => ({ word, n }));
}

/**
 * Labels of a model's working notes (an outline's or a brief's) that leaked into a description: a
 * description is the writer's blurb, never "Character Details: …". Every language's (`publishing.workingLabels`),
 * matched at the start of the text, a line or a sentence.
 */
export function leakedLabelList(): readonly string[] {
  return [...new Set(langs().flatMap((lang) => publishingOf(lang).workingLabels))];
}

/** A description has at least this many words, ending a sentence: anything shorter is not a blurb. */
export const DESCRIPTION_MIN_WORDS = 25;

const leakedLabel = () => new RegExp(`(?:^|[.!?]\\s+|\\n)\\s*((?:${leakedLabelList().join('|')}))\\s*:`, 'giu');

/** The leaked labels a description's text carries, as written ("Character Details"). */
export function leakedLabels(text: string): string[] {
  return [...new Set([...text.matchAll(leakedLabel())].map((m) => m[1]!.trim()))];
}

/** What makes a description's text not a description: leaked labels, or less than a sentence of blurb. */
export function descriptionTextProblems(text: string): ReadinessText[] {
  const words = countLetteredWords(text);
  const labels = leakedLabels(text);
  return [
    ...(labels.length ? [say('description.labels', { labels: labels.map((l) => `"${l}:"`).join(', ') })] : []),
    ...(text && (words < DESCRIPTION_MIN_WORDS || !/[.!?…]["'”’)]?\s*$/u.test(text.trim()))
      ? [say('description.short', { n: words, min: DESCRIPTION_MIN_WORDS })]
      : []),
  ];
}

/** Keywords that are only a character's name ("Aisha"): no reader searches a store for a name they have not met. */
export function nameOnlyKeywords(keywords: readonly string[], names: readonly string[]): string[] {
  const nameWords = new Set(names.flatMap((n) => n.toLowerCase().split(/\s+/).filter(Boolean)));
  return keywords.filter((k) => {
    const words = k.toLowerCase().split(/\s+/).filter(Boolean);
    return words.length > 0 && words.every((w) => nameWords.has(w));
  });
}

/** Keywords shorter than this many letters are refused (a one-letter keyword finds nothing a reader types). */
export const KEYWORD_MIN_LETTERS = 2;

/** True when a keyword has too few letters or digits to be a search phrase ("a", "x", "-"). */
export function isTooShortKeyword(keyword: string): boolean {
  return (keyword.match(/[\p{L}\p{N}]/gu) ?? []).length < KEYWORD_MIN_LETTERS;
}
