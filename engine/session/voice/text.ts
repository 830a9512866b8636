// Prose cut into what a voice is measured on: paragraphs, sentences and words, in English and Malay.
// Sentences come from Intl.Segmenter (ICU's Unicode sentence segmentation, built into Node and every
// browser: the maintained segmenter both languages have), with one mend ICU leaves to its caller: a
// sentence "ending" on a title or an abbreviation ("Dr.", "Mr.", "En.", "Pn.", "Sdn. Bhd.", "Jln.") is
// joined to the next one. Words are runs of letters and digits with inner apostrophes and hyphens (what ICU's
// word segmentation gives for the Latin script of both languages, with Malay reduplications kept whole, at a
// fiftieth of its cost: a book view measures every part). Dialogue is the words inside quotation marks.
import { firstLetterWord, letterWords } from '../../letter-words.js';
import { isSpace } from '../reading/index.js';
import type { Lang } from '../../spec/types.js';
import { voiceLanguageOf } from './language.js';

const segmenters = new Map<string, Intl.Segmenter>();
function segmenterOf(lang: Lang): Intl.Segmenter {
  let found = segmenters.get(lang);
  if (!found) {
    found = new Intl.Segmenter(lang, { granularity: 'sentence' });
    segmenters.set(lang, found);
  }
  return found;
}

/**
 * The paragraphs of a text: blocks between blank lines (or its lines, in a text with no blank line at all), headings
 * and rules left out.
 */
export function paragraphsOf(text: string): string[] {
  const lines = text.replace(/\r\n?/g, '\n').trim();
  // A sample pasted with one line break between paragraphs (no blank line anywhere, as a chat box or a word
  // processor's copy gives it) is read a line a paragraph; otherwise every part would measure as one paragraph.
  const breaks = /\n\s*\n/.test(lines) ? /\n\s*\n/ : /\n/;
  return lines
    .split(breaks)
    .map((p) => p.trim())
    .filter((p) => p && !/^#{1,6}\s/.test(p) && !/^([-*_])\1{2,}$/.test(p));
}

/** The words of a text (letters and digits, with inner apostrophes and hyphens: "don't", "kanak-kanak"), lowercased. */
export function wordsOf(text: string, _lang?: Lang): string[] {
  return letterWords(text);
}

/** The first of wordsOf(text), or undefined: found without making the others (a sentence's opener). */
export function firstWordOf(text: string): string | undefined {
  return firstLetterWord(text);
}

const isUpper = (c: number) => c >= 0x41 && c <= 0x5a;
const isAsciiLetter = (c: number) => (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;
/** A word character as \b reads it: A–Z, a–z, 0–9 and _. */
const isBoundaryWord = (c: number) =>
  (c >= 0x30 && c <= 0x39) || c === 0x5f || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a);
const isClosingQuote = (c: number) => c === 0x22 || c === 0x201d || c === 0x2019 || c === 0x27;

/**
 * True when a sentence ends on an abbreviation (its lastToken is listed) or an initial ("J."): ICU cut after
 * it, and the next piece is joined to it. Read from the end by char codes; a sentence with another letter
 * than an ASCII one there is read by the patterns (lastToken's, and /\b\p{Lu}\.\s*$/u).
 */
function endsOnAbbreviation(sentence: string, abbreviations: ReadonlySet<string>): boolean {
  let e = sentence.length - 1;
  while (e >= 0 && isSpace(sentence.charCodeAt(e))) e--;
  if (e < 1) return abbreviations.has(lastToken(sentence)) || /\b\p{Lu}\.\s*$/u.test(sentence);
  // The stop: the last character, or the last before a closing quote and spaces.
  let q = e;
  if (isClosingQuote(sentence.charCodeAt(q))) for (q--; q >= 0 && isSpace(sentence.charCodeAt(q)); q--);
  if (q < 1 || sentence.charCodeAt(q) !== 0x2e) return false;
  // The token before the stop: letters and stops, back to the first other character.
  let p = q;
  for (; p > 0; p--) {
    const c = sentence.charCodeAt(p - 1);
    if (c >= 0x80) return abbreviations.has(lastToken(sentence)) || /\b\p{Lu}\.\s*$/u.test(sentence);
    if (c !== 0x2e && !isAsciiLetter(c)) break;
  }
  if (p < q && abbreviations.has(sentence.slice(p, q).toLowerCase().replace(/^\.+/, ''))) return true;
  // An initial: a capital after a word boundary, then the stop as the last character.
  return q === e && isUpper(sentence.charCodeAt(q - 1)) && (q < 2 || !isBoundaryWord(sentence.charCodeAt(q - 2)));
}

/** The last word-like token of a sentence before its final stop, lowercased ("Dr." → "dr", "e.g." → "e.g"). */
function lastToken(sentence: string): string {
  const m = /([\p{L}.]+)\.\s*["”’']?\s*$/u.exec(sentence.trimEnd());
  return m ? m[1]!.toLowerCase().replace(/^\.+/, '') : '';
}

/** The sentences of one paragraph: ICU's cuts, mended after abbreviations. */
export function sentencesOf(paragraph: string, lang: Lang): string[] {
  return mended(
    [...segmenterOf(lang).segment(paragraph)].map((s) => s.segment),
    lang,
  );
}

/**
 * The sentences of each paragraph in turn, as sentencesOf gives them, from one segmentation of the paragraphs
 * joined by blank lines (a call per paragraph costs more than the cutting): ICU breaks after every line
 * break and never looks past one, so each paragraph is cut as it is alone.
 */
export function sentencesIn(paragraphs: readonly string[], lang: Lang): string[] {
  const out: string[] = [];
  let p = 0;
  let end = paragraphs[0]?.length ?? 0;
  let pieces: string[] = [];
  for (const { segment, index } of segmenterOf(lang).segment(paragraphs.join('\n\n'))) {
    // The blank line after paragraph p: its line breaks, cut alone or after p's last sentence.
    if (index >= end) {
      if (index < end + 2) continue;
      out.push(...mended(pieces, lang));
      pieces = [];
      end += 2 + paragraphs[++p]!.length;
    }
    pieces.push(index + segment.length > end ? segment.slice(0, end - index) : segment);
  }
  out.push(...mended(pieces, lang));
  return out;
}

/** ICU's cuts of a paragraph mended after abbreviations, trimmed, those with no letter or digit left out. */
function mended(raw: readonly string[], lang: Lang): string[] {
  const abbreviations = voiceLanguageOf(lang).abbreviations;
  const out: string[] = [];
  for (const piece of raw) {
    if (!piece.trim()) continue;
    const last = out[out.length - 1];
    if (last !== undefined && endsOnAbbreviation(last, abbreviations)) out[out.length - 1] = last + piece;
    else out.push(piece);
  }
  return out.map((s) => s.trim()).filter((s) => /[\p{L}\p{N}]/u.test(s));
}

const DOUBLE_QUOTED = /“[^”]*”|"[^"\n]*"|«[^»]*»|„[^“”]*[“”]/g;
const SINGLE_QUOTED = /(?<=^|[\s([—–-])[‘'](?:[^‘’'\n]|(?<=\p{L})['’](?=\p{L}))+?[’'](?=[\s.,;:!?)\]—–-]|$)/gmu;

/** Quoted spans: “…”, "…", «…», and ‘…’ / '…' only where a text has no double quotes (British dialogue). */
export function quotedSpans(text: string): string[] {
  const double = text.match(DOUBLE_QUOTED) ?? [];
  if (double.length) return double;
  return text.match(SINGLE_QUOTED) ?? [];
}

/** The quotation marks a quoted span starts with (“ " « „ ‘ '), by char code. */
const OPENERS = new Set([0x201c, 0x22, 0xab, 0x201e, 0x2018, 0x27]);

/**
 * The text outside its quotations: what the narrator says. Each span, in turn, is replaced by a space where
 * it first occurs in the text as replaced so far; that is where it was found unless the same opening mark
 * stands in the narration before it (a stray quote, an apostrophe), so the text is cut once at the places
 * found, and replaced span by span only then.
 */
export function narrationOf(text: string): string {
  const double = [...text.matchAll(DOUBLE_QUOTED)];
  const spans = double.length ? double : [...text.matchAll(SINGLE_QUOTED)];
  const pieces: string[] = [];
  const marks = new Set<number>();
  let from = 0;
  for (const m of spans) {
    // Any earlier occurrence of the span in the text as replaced starts with its opening mark, outside the spans before
    // it.
    for (let i = from; i < m.index; i++) if (OPENERS.has(text.charCodeAt(i))) marks.add(text.charCodeAt(i));
    if (marks.has(m[0].charCodeAt(0)))
      return replacedOneByOne(
        text,
        spans.map((x) => x[0]),
      );
    pieces.push(text.slice(from, m.index), ' ');
    from = m.index + m[0].length;
  }
  pieces.push(text.slice(from));
  return pieces.join('');
}

function replacedOneByOne(text: string, spans: readonly string[]): string {
  let out = text;
  for (const span of spans) out = out.replace(span, ' ');
  return out;
}

/**
 * A piece that ends a sentence: a sentence terminal of any script (`.`, `!`, `?`, `。`, `।`…, Unicode's
 * Sentence_Terminal) or an ellipsis, then the quotes, brackets and emphasis marks that close after it (`.”`, `?)`,
 * `!*`).
 */
const SENTENCE_END = /[\p{Sentence_Terminal}…](?:[\p{Pf}\p{Pe}"'’”»*_]|\s(?=[\p{Pf}”»]))*$/u;
/** A line that is not prose: a Markdown heading, a rule, a list's bullet alone. */
const NOT_PROSE_LINE = /(?:^|\n)\s*(?:#{1,6}\s[^\n]*|([-*_])\1{2,}|[-*+]|\d+[.)])\s*$/;

/** True when a blank line follows `at` (spaces, a line break, spaces, a line break). */
function isBlankLineAt(text: string, at: number): boolean {
  BLANK_LINE.lastIndex = at;
  return BLANK_LINE.test(text);
}
const BLANK_LINE = /[^\S\n]*\n[^\S\n]*\n/y;

/**
 * Where the whole sentences of a text end: the offsets just past each sentence's last mark (and the quotes that
 * close after it), as the language's sentence segmentation cuts the text (ICU's, mended after an abbreviation or an
 * initial: "Dr." ends nothing), and the end of each paragraph that ends without a mark (a blank line after it: a
 * stanza of a poem, a line of a list), not after a heading or a rule. Ascending; an answer cut mid-sentence ("…and
 * then she") has its last whole end before the cut.
 */
export function wholeEnds(text: string, lang: Lang): number[] {
  const abbreviations = voiceLanguageOf(lang).abbreviations;
  const ends: number[] = [];
  let from = 0;
  for (const { segment, index } of segmenterOf(lang).segment(text)) {
    let e = index + segment.length;
    while (e > index && isSpace(text.charCodeAt(e - 1))) e--;
    if (e === index) continue;
    const sentence = text.slice(from, e);
    if (SENTENCE_END.test(sentence)) {
      if (endsOnAbbreviation(sentence, abbreviations)) continue;
      ends.push(e);
      from = e;
    } else if (isBlankLineAt(text, e) && !NOT_PROSE_LINE.test(text.slice(from, e))) {
      ends.push(e);
      from = e;
    }
  }
  return ends;
}
