// How a text's counts become its language (detectLanguage's last step, language.ts): the words counted per family
// and those of no family, and each language's markers, against the thresholds the header of language.ts explains
// (ID_MARGIN, MIN_JUDGED_WORDS, the firm markers of a short text or of one with no function word).
import type { Lang } from '../../spec/types.js';
import type { Guard } from './language-words.js';
import type { MarkerSums } from './language-markers.js';

/**
 * A language an answer can be found in: one the guard tells (a language of the table, or a neighbour its markers name).
 */
export type TextLanguage = Lang;

export interface LanguageVerdict {
  /** The language most of the text is in, or null when too little of it could be judged. */
  readonly language: TextLanguage | null;
  /** Judged words per language the guard tells: a family's words all go to the one language it was told to be. */
  readonly words: Readonly<Record<TextLanguage, number>>;
  /** The weight of each language's markers found (see the header). */
  readonly markers: Readonly<Record<TextLanguage, number>>;
}

/**
 * Another language of a family wins over the one expected when its markers outweigh it by this much (and some are
 * firm).
 */
export const ID_MARGIN = 1;
/**
 * A text with fewer judged words gets no verdict and no drift: a title, an author's name, a one-line
 * answer, a list of keywords or names (no function words at all) are never asked again.
 */
const MIN_JUDGED_WORDS = 12;
/**
 * A shorter text (a news sentence of MIN_FIRM_SHORT_WORDS to 11 words) is still told another language of the
 * family when its firm markers weigh this much and outweigh the expected one's by as much: "Dengan suntikan dana
 * itu, kini valuasi xAI mencapai USD 40 miliar." A title, a name or a one-line reply has no such marker.
 */
const FIRM_SHORT_MARKERS = 3;
const MIN_FIRM_SHORT_WORDS = 6;
/**
 * A text with no function word of any family (a list of nouns, a dateline sentence) is told a language only on
 * firm markers this heavy: one could be an English word (film, bus) in a list of keywords.
 */
const FIRM_UNJUDGED_MARKERS = 6;
/**
 * A family's language needs firm markers of this weight (of 1 or more each), or a lead of MILD_LEAD, to win over the
 * expected one.
 */
const FIRM_MARKERS = 2;
const MILD_LEAD = 3;
/**
 * The language a family's part is told to be, and how firmly: the expected one (or the first the markers name)
 * unless another's markers are firm (FIRM_MARKERS of firm weight, or a lead of MILD_LEAD) and outweigh it by
 * ID_MARGIN; `firmBy(w)` is true when that other language's firm markers weigh `w` and lead by as much.
 */
function toldIn(
  g: Guard,
  family: number,
  sums: MarkerSums,
  expected?: Lang,
): { member: number; firmBy: (weight: number) => boolean } {
  const members = g.families[family]!.members;
  const asked = members.find((m) => g.members[m] === expected) ?? members[0]!;
  let member = asked;
  for (const m of members) {
    if (m === asked) continue;
    const lead = sums.sum[m]! - Math.max(...members.filter((o) => o !== m).map((o) => sums.sum[o]!));
    if (
      (sums.strong[m]! >= FIRM_MARKERS || lead >= MILD_LEAD) &&
      lead >= ID_MARGIN &&
      (member === asked || sums.sum[m]! > sums.sum[member]!)
    )
      member = m;
  }
  const lead = sums.sum[member]! - Math.max(...members.filter((o) => o !== member).map((o) => sums.sum[o]!));
  return { member, firmBy: (weight) => member !== asked && sums.strong[member]! >= weight && lead >= weight };
}

/** The verdict from the words counted per family, those of no family, and the markers (detectLanguage's last step). */
export function verdictOf(
  g: Guard,
  counted: number[],
  neutral: number,
  sums: MarkerSums,
  expected?: Lang,
): LanguageVerdict {
  const told = g.families.map((f, i) =>
    f.hasMarkers ? toldIn(g, i, sums, expected) : { member: f.members[0]!, firmBy: () => false },
  );
  // Sentences with no function word go to the family the judged sentences are on; when none is judged (a dateline
  // sentence of nouns: "Tuban, Kompas - Empat bulan mendatang pabrik aromatik pertama… siap beroperasi."), to a
  // language on FIRM_UNJUDGED_MARKERS, and otherwise nowhere.
  const total = counted.reduce((a, b) => a + b, 0);
  if (total > 0) counted[counted.indexOf(Math.max(...counted))]! += neutral;
  else {
    const firm = told.findIndex((t) => t.firmBy(FIRM_UNJUDGED_MARKERS));
    if (firm >= 0) counted[firm] = neutral;
  }
  const words: Record<TextLanguage, number> = {};
  const markers: Record<TextLanguage, number> = {};
  g.members.forEach((code, m) => {
    words[code] = told[g.familyOf[m]!]!.member === m ? counted[g.familyOf[m]!]! : 0;
    markers[code] = sums.sum[m]!;
  });
  const judged = counted.reduce((a, b) => a + b, 0);
  const top = counted.indexOf(Math.max(...counted));
  const firmShort =
    counted[top]! * 2 > judged && counted[top]! >= MIN_FIRM_SHORT_WORDS && told[top]!.firmBy(FIRM_SHORT_MARKERS);
  if (judged < MIN_JUDGED_WORDS && !firmShort) return { language: null, words, markers };
  return { language: g.members[told[top]!.member]!, words, markers };
}
