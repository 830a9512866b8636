// KDP's rules for a book's title, subtitle and search keywords, as data and small checks. They are KDP's,
// the same for every generator, so they live here and not in the YAML.

/** Title and subtitle together, in characters (KDP's limit). */
export const KDP_TITLE_MAX = 200;
/** Keyword boxes KDP offers, and the characters each takes. */
export const KDP_KEYWORD_SLOTS = 7;
export const KDP_KEYWORD_MAX = 50;

/**
 * Words KDP refuses in titles, subtitles and keywords (promotional claims, prices, "new"), in English and
 * Malay, matched as whole words without regard to case.
 */
export const KDP_FORBIDDEN_WORDS = [
  'bestselling', 'best-selling', 'best selling', 'bestseller', 'best-seller', 'best seller', '#1', 'number one bestseller',
  'free', 'new', 'sale', 'on sale', 'discount', 'limited time', 'award-winning', 'award winning',
  'terlaris', 'percuma', 'jualan', 'diskaun', 'promosi', 'edisi terhad',
] as const;

/** Words that are also refused in keywords: other stores' programmes and names (KDP keyword guidelines). */
export const KDP_FORBIDDEN_KEYWORD_WORDS = [...KDP_FORBIDDEN_WORDS, 'kindle unlimited', 'kindle', 'amazon', 'ebook', 'e-book'] as const;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The forbidden words a text contains, as listed. */
export function forbiddenWordsIn(text: string, words: readonly string[] = KDP_FORBIDDEN_WORDS): string[] {
  return words.filter((w) => new RegExp(`(?:^|[^\\p{L}\\p{N}])${escapeRegExp(w)}(?=$|[^\\p{L}\\p{N}])`, 'iu').test(text));
}

export interface RuleProblem {
  /** What is wrong, e.g. 'title and subtitle are 214 characters (KDP allows 200)'. */
  problem: string;
  /** What to do about it. */
  fix: string;
}

/** What KDP would refuse in a title and subtitle. */
export function titleProblems(input: { title: string; subtitle?: string }): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const title = input.title.trim();
  const subtitle = input.subtitle?.trim() ?? '';
  if (!title) problems.push({ problem: 'the title is empty', fix: 'pass --title "…" or edit "title" in metadata.json' });
  const length = [...title].length + [...subtitle].length;
  if (length > KDP_TITLE_MAX) {
    problems.push({ problem: `title and subtitle are ${length} characters (KDP allows ${KDP_TITLE_MAX})`, fix: 'shorten the subtitle in metadata.json, or pass a shorter --title / --subtitle' });
  }
  const words = forbiddenWordsIn(`${title}\n${subtitle}`);
  if (words.length) {
    problems.push({ problem: `contains words KDP refuses in titles: ${words.map((w) => `"${w}"`).join(', ')}`, fix: 'remove them from the title or subtitle in metadata.json, or pass --title / --subtitle' });
  }
  return problems;
}

/** What KDP would refuse in a list of keywords (one per box). */
export function keywordProblems(keywords: readonly string[]): RuleProblem[] {
  const problems: RuleProblem[] = [];
  if (keywords.length === 0) problems.push({ problem: 'no keywords', fix: 'add up to 7 search phrases to keywords.txt, one a line' });
  if (keywords.length > KDP_KEYWORD_SLOTS) problems.push({ problem: `${keywords.length} keywords (KDP has ${KDP_KEYWORD_SLOTS} boxes)`, fix: `keep the best ${KDP_KEYWORD_SLOTS} lines of keywords.txt` });
  const long = keywords.filter((k) => [...k].length > KDP_KEYWORD_MAX);
  if (long.length) problems.push({ problem: `longer than ${KDP_KEYWORD_MAX} characters: ${long.map((k) => `"${k}"`).join(', ')}`, fix: 'shorten those lines of keywords.txt' });
  const refused = keywords.flatMap((k) => forbiddenWordsIn(k, KDP_FORBIDDEN_KEYWORD_WORDS).map((w) => `"${w}" in "${k}"`));
  if (refused.length) problems.push({ problem: `words KDP refuses: ${refused.join(', ')}`, fix: 'remove those lines of keywords.txt' });
  return problems;
}

/**
 * Up to 7 keywords KDP accepts from candidates in order of preference: trimmed, without duplicates, those
 * too long or with refused words left out (and said why).
 */
export function kdpKeywords(candidates: readonly string[]): { keywords: string[]; dropped: Array<{ keyword: string; reason: string }> } {
  const keywords: string[] = [];
  const dropped: Array<{ keyword: string; reason: string }> = [];
  const seen = new Set<string>();
  for (const raw of candidates) {
    const keyword = raw.replace(/\s+/g, ' ').trim();
    const key = keyword.toLowerCase();
    if (!keyword || seen.has(key)) continue;
    seen.add(key);
    const refused = forbiddenWordsIn(keyword, KDP_FORBIDDEN_KEYWORD_WORDS);
    if (refused.length) dropped.push({ keyword, reason: `KDP refuses ${refused.map((w) => `"${w}"`).join(', ')}` });
    else if ([...keyword].length > KDP_KEYWORD_MAX) dropped.push({ keyword, reason: `longer than ${KDP_KEYWORD_MAX} characters` });
    else if (keywords.length >= KDP_KEYWORD_SLOTS) dropped.push({ keyword, reason: `KDP has ${KDP_KEYWORD_SLOTS} boxes` });
    else keywords.push(keyword);
  }
  return { keywords, dropped };
}
