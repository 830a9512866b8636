// The language an answer is written in, told from the table's guard sections (languages/<code>/guard.yaml, read
// by language-words.ts) in one pass over the words, read by char codes (language-scan.ts: a 1,500-word chapter in
// about 0.25 ms on this machine, npm run bench:checks). The code is the same for every language. The verdict from the
// counts is language-verdict.ts's; a neighbour's words below the refusal level are language-neighbours.ts's.
//
// Families: each sentence votes for the family whose function words lead it (the, and, of… against yang, dan,
// di…), weighted by its words; the share of the judged words in another family's sentences is that family's
// share, so a Malay answer with English loan words, names and places stays Malay while a Malay answer with a
// quarter of its sentences in English is caught (drift: SHARE_DRIFT), and the reverse.
//
// Languages of one family (Malaysian Malay and Indonesian): weighted markers, counted outside the sentences of
// a family without markers: spellings and words that differ (kerana/karena, bahawa/bahwa, wang/uang,
// kereta/mobil, universiti/universitas…), the vocabulary of each press (kerajaan/pemerintah, peratus/persen…),
// verbs of saying, number and clock formats, datelines, colloquial particles (nggak, banget / nak, je, jom).
// Words that mean something else across the strait (pejabat: an office in Malaysia, an official in Indonesia)
// are no markers or weigh little. The guard is symmetric: a text is the language expected of it unless another
// language of its family has firm markers (weight 1 or more adding up to 2, or a lead of 3) outweighing it by
// ID_MARGIN: an Indonesian book refuses Malaysian Malay as a Malay book refuses Indonesian, by the same
// evidence. A text under MIN_JUDGED_WORDS gets no verdict, except a sentence of MIN_FIRM_SHORT_WORDS or more
// whose firm markers outweigh the expected language's by FIRM_SHORT_MARKERS (and one with no function word at
// all by FIRM_UNJUDGED_MARKERS). Asked with no language expected, a family's text is its first language
// (Malay) unless another's markers are firm.
//
// Libraries were measured first, on real news a few sentences at a time (71 Malaysian and 240 Indonesian
// samples from the Malaysian and Indonesian press, read for the measure and not kept here):
//   franc 6 / franc-all 7 (zlm vs ind)  Malay 38/71   Indonesian 154/240
//   tinyld 1.3 (heavy)                  Malay 0/71    Indonesian 236/240 (calls everything Indonesian)
//   eld 2.1                             has no Indonesian at all
//   cld3-asm 4 (wasm, async load)       Malay 69/71   Indonesian 164/240
//   fasttext.wasm.js lid.176 (async)    Malay 28/71   Indonesian 239/240
//   cld 2.10 (CLD2, native node-gyp)    Malay 71/71   Indonesian 220/240
// None reaches 95 % on both sides, the best is a native build and the others load asynchronously, so no
// library is used: these markers do better on their own (Malay 71/71, Indonesian 430/440 on the same
// sources, those 240 included). On real text read only after they were written: Malaysian news 66/66; Indonesian
// 3-sentence
// chunks of another corpus 134/137, other news pages 13/14, and 632/672 on short 2005 feature passages of
// one to three sentences (95.4 % of those with three). (Those figures are from before the single-sentence
// work below and were not measured again: their sources are not kept.)
//
// Single sentences, before → after the news vocabulary and the short-text rules, counting an
// Indonesian sentence right when refused for a Malay request and a Malaysian one when kept:
// - written for it (tests/fixtures/language/*-sentences.txt): Indonesian tuned on 45/57 → 57/57, held out
//   20/26 → 23/26; Malaysian tuned on 57/57 → 57/57, held out 26/26 → 26/26;
// - real Indonesian news, sentences of 12 words or more: 2005 Kompas passages 1666/2105 → 1801/2105 (86 %),
//   2024 Detik and CNN Indonesia 37/44 → 41/44 (both looked at while tuning); held out, Antara-style
//   sentences 581/727 → 608/727 (84 %);
// - real Indonesian news, sentences of 6 to 11 words: no verdict before; now 232/550, held out 26/73;
// - real Malaysian news sentences: 853/855 → 853/855 kept; held out 52/52 → 52/52;
// - real Indonesian passages of 1 to 3 sentences 1204/1295 → 1240/1295; held out, 3 sentences 262/266 →
//   266/266; real Malaysian news, 3 sentences, 210/210 → 210/210
// (real text from public corpora, read for the measure and not kept here). Short of 95 % on real single
// Indonesian sentences: most of those missed hold no word or form the two standards write differently (a
// sentence on comets, or "Namun ada beberapa nama besar yang cukup menarik perhatian"), and lowering
// the bar for the mild words would refuse Malay chapters. The labelled sample in tests/fixtures/language/
// is what the tests hold them to (npm run eval -- --language prints it). The other way, an Indonesian book: those
// Malaysian sentences are refused 79/83 and the Indonesian kept 83/83; every language's own samples
// (languages/<code>/samples.yaml, tests/languages/guard-samples.test.ts) 20/20 each way.
import type { Lang } from '../../spec/types.js';
import { guard, hasHashBit, type Guard } from './language-words.js';
import { addMarkersAt, addPatternMarkers, markerSums } from './language-markers.js';
import { SHARE_DRIFT, type ScriptLanguage, scriptOfText } from './language-script.js';
import { LOWER, NON_ASCII, UPPER, wordAt, type LatinWords } from './language-scan.js';
import { readingOf } from './reading.js';
import { verdictOf, type LanguageVerdict, type TextLanguage } from './language-verdict.js';

export { SHARE_DRIFT, scriptLanguageOf, type ScriptLanguage } from './language-script.js';

/** What an answer turned out to be written in, when that is not the language asked for. */
export interface LanguageDrift {
  /** The language asked for (the book's or the piece's). */
  readonly expected: Lang;
  /** The language found (a language of another script: told by the script, language-script.ts scriptLanguageOf). */
  readonly found: TextLanguage | ScriptLanguage;
  /** The share of the judged words in `found` (0–1). */
  readonly share: number;
}

/** An acronym (AS, IT, US): not an English word even when its letters spell one. */
const isAcronym = (token: string) =>
  token.length >= 2 && token === token.toUpperCase() && token !== token.toLowerCase();

/**
 * A word's family in the vote (an index of Guard.families), or NONE; ACRONYM flags a function word written as an
 * acronym (AS, IT), which does not vote.
 */
const NONE = -1;
const ACRONYM = 1 << 16;

/** A word of other letters than ASCII ones (an accent): looked up lower-cased, as written. */
function functionWordOf(g: Guard, token: string): number {
  const family = g.functionWordFamily.get(wordAt(token, 0, token.length));
  if (family === undefined) return NONE;
  return isAcronym(token) && g.families[family]!.members.length === 1 && !g.families[family]!.hasMarkers
    ? family | ACRONYM
    : family;
}

/**
 * What word `w` of the scan is to the vote, as functionWordOf tells it, found by the hash the scan worked out (most
 * words are no function word: their hash is not in Guard.functionWords), its letters read only to make sure.
 */
function functionWordAt(g: Guard, text: string, words: LatinWords, w: number): number {
  const start = words.starts[w]!;
  const end = words.ends[w]!;
  const marks = words.marks[w]!;
  if (marks & NON_ASCII) return functionWordOf(g, text.slice(start, end));
  const hash = words.hashes[w]!;
  // Most words are no function word: told by a bit, the map asked only for the few that may be.
  if (!hasHashBit(g.functionWordBits, hash)) return NONE;
  const candidates = g.functionWords.get(hash);
  if (!candidates) return NONE;
  for (const [word, family] of candidates) {
    if (word.length !== end - start) continue;
    let i = 0;
    for (; i < word.length; i++) {
      const c = text.charCodeAt(start + i);
      if ((c === 0x2019 ? 0x27 : c >= 0x41 && c <= 0x5a ? c | 0x20 : c) !== word.charCodeAt(i)) break;
    }
    // An acronym (two letters or more, all capitals: AS, IT) is no word of a family told by function words alone
    // (English).
    if (i === word.length)
      return end - start >= 2 && marks & UPPER && !(marks & LOWER) && !g.families[family]!.hasMarkers
        ? family | ACRONYM
        : family;
  }
  return NONE;
}

/**
 * The language of a text: each sentence votes for a family by its function words (weighted by its words); a
 * family's part is the language `expected` when it is of that family, unless another's markers outweigh it
 * firmly (and with no language expected, the first its markers name, Malay before Indonesian).
 * @example detectLanguage('Dia tidak tahu mengapa hatinya berat kerana hujan…').language // 'ms'
 */
export function detectLanguage(text: string, expected?: Lang): LanguageVerdict {
  const g = guard();
  // A text mostly in the script of a language of the table (Cyrillic for a table's `script: cyrillic`) is in it.
  const inScript = scriptOfText(text, expected)?.table;
  if (inScript) return { language: inScript, words: { [inScript]: readingOf(text).wordCount }, markers: {} };
  const counted = new Array<number>(g.families.length).fill(0);
  const hits = new Array<number>(g.families.length).fill(0);
  // Sentences with no function word of any family (a headline, a line of names and nouns): their words go to
  // the family the judged sentences are on, once those are counted.
  let neutral = 0;
  const sums = markerSums();
  // The text's words and units as its reading holds them (read once, language-scan.ts), a sentence or a line at a
  // time. A word is looked up by its char codes (functionWordAt); a unit's words are made lower-case strings only
  // when no family without markers leads it (for its markers).
  const words = readingOf(text).latin;
  const { starts, ends, unitEnds, units } = words;
  // A book of a family with no function words of its own (Family.wordsOf) counts the words it shares as its own.
  const own = expected === undefined ? -1 : (g.familyOf[g.members.indexOf(expected)] ?? -1);
  const borrowed = own >= 0 ? (g.families[own]!.wordsOf ?? NONE) : NONE;
  for (let u = 0, from = 0; u < units; from = unitEnds[u++]!) {
    const to = unitEnds[u]!;
    const count = to - from;
    hits.fill(0);
    for (let i = from; i < to; i++) {
      if (ends[i]! - starts[i]! > g.longestFunctionWord) continue;
      const family = functionWordAt(g, text, words, i);
      if (family >= 0 && family < ACRONYM) hits[family === borrowed ? own : family]!++;
    }
    const lead = leaderOf(hits);
    // A sentence counts for the family whose function words lead it; a tie is not judged.
    if (lead >= 0 && (hits[lead]! >= 2 || count >= 3)) counted[lead]! += count;
    else if (lead < 0 && hits.every((n) => n === 0) && count >= 3) neutral += count;
    if (lead < 0 || g.families[lead]!.hasMarkers) addMarkersAt(text, words, count, sums, from);
  }
  // Text with no sentence of a family with markers is told by function words alone whatever its markers say: the
  // patterns' scans of the whole text are left out, most of the cost of checking an English answer.
  if (g.families.some((f, i) => f.hasMarkers && counted[i]! > 0) || counted.every((n) => n === 0))
    addPatternMarkers(text, sums);
  return verdictOf(g, counted, neutral, sums, expected);
}

/** The family whose count leads strictly, or -1 on a tie (or none). */
function leaderOf(counts: readonly number[]): number {
  let lead = -1;
  let best = 0;
  let tie = false;
  for (let i = 0; i < counts.length; i++) {
    if (counts[i]! > best) [lead, best, tie] = [i, counts[i]!, false];
    else if (counts[i]! === best && best > 0) tie = true;
  }
  return tie ? -1 : lead;
}

/**
 * The drift of an answer away from the language asked for, or undefined when it is in that language or
 * too short to tell: another family's words (English in a Malay answer, Malay in an English one) when over
 * SHARE_DRIFT of its judged words are in its sentences, or another language of the same family (Indonesian in a
 * Malay answer, Malay in an Indonesian one) by its markers. Cheap: a pass over the words with map look-ups.
 * @example findLanguageDrift(englishChapter, 'ms') // { expected: 'ms', found: 'en', share: 0.97 }
 */
export function findLanguageDrift(text: string, expected: Lang): LanguageDrift | undefined {
  // In its own script, a book of a language written in it (`script` in its table) keeps the text; in another's, the
  // drift names the table's language of that script when there is one.
  const script = scriptOfText(text, expected);
  if (script && script.table === expected) return undefined;
  if (script) return { expected, found: script.table ?? script.language, share: script.share };
  const verdict = detectLanguage(text, expected);
  if (verdict.language === null) return undefined;
  const g = guard();
  const entries = Object.entries(verdict.words);
  const total = entries.reduce((a, [, n]) => a + n, 0);
  const share = (n: number) => Number((n / total).toFixed(2));
  const own = g.familyOf[g.members.indexOf(expected)];
  const inFamily = (code: string) => g.familyOf[g.members.indexOf(code)] === own;
  const outside = entries.filter(([code]) => !inFamily(code));
  const away = outside.reduce((a, [, n]) => a + n, 0);
  if (away / total > SHARE_DRIFT) {
    const [found] = outside.reduce((a, b) => (b[1] > a[1] ? b : a));
    return { expected, found, share: share(away) };
  }
  const sibling = entries.find(([code, n]) => code !== expected && n > 0 && inFamily(code));
  return sibling ? { expected, found: sibling[0], share: share(sibling[1]) } : undefined;
}
