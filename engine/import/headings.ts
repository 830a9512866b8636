// What a manuscript's chapter headings look like, in English and Malay: `Chapter 3`, `CHAPTER III`,
// `Chapter Three`, `Bab 3`, `BAB III`, `Bab Tiga`, a Roman numeral or a number alone on its line,
// `Prologue`/`Prolog`, `Epilogue`/`Epilog`, `Part`/`Bahagian`, and Markdown's `#` headings. Each
// pattern reads one line; chapters.ts chooses which reading of the whole text is right. Pure data and
// small functions.
import { countWords } from '../words.js';
import { numberOf } from '../compile/outline-numbers.js';
import { wordsPattern } from './heading-words.js';
import { allNumberWords, type NumberWords } from '../reading-words.js';

/** A heading line as read: what kind of part it opens, its number (chapters) and the title on its own line. */
export interface HeadingLine {
  /** The reading it belongs to: one pattern family, so one book's headings are read one way. */
  family: 'chapter-word' | 'roman-alone' | 'number-alone' | 'markdown' | 'regex' | 'caps-title';
  /**
   * `front`: front matter a book keeps (a preface, a dedication: front-matter.ts), never a chapter; `letter`: a
   * numbered letter (an epistolary novel's opening).
   */
  kind: 'chapter' | 'prologue' | 'epilogue' | 'part' | 'front' | 'letter';
  number?: number;
  /** The title written on the heading's own line ("Chapter 3: The Storm" → "The Storm"). */
  title?: string;
  /** Markdown's heading level (1 for `#`). */
  level?: number;
}

const ROMAN: Readonly<Record<string, number>> = { I: 1, V: 5, X: 10, L: 50, C: 100, D: 500, M: 1000 };

/** A Roman numeral's value (I to MMMCMXCIX, written the standard way), or undefined. */
export function romanValue(text: string): number | undefined {
  const upper = text.toUpperCase();
  if (!/^M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$/.test(upper) || upper === '') return undefined;
  let total = 0;
  for (let i = 0; i < upper.length; i++) {
    const value = ROMAN[upper[i]!]!;
    const next = ROMAN[upper[i + 1] ?? ''] ?? 0;
    total += value < next ? -value : value;
  }
  return total;
}

const ROMAN_DIGITS: ReadonlyArray<[number, string]> = [
  [1000, 'M'],
  [900, 'CM'],
  [500, 'D'],
  [400, 'CD'],
  [100, 'C'],
  [90, 'XC'],
  [50, 'L'],
  [40, 'XL'],
  [10, 'X'],
  [9, 'IX'],
  [5, 'V'],
  [4, 'IV'],
  [1, 'I'],
];

/** How a numbered list writes its numbers: Roman (upper, lower), letters (upper, lower) or digits, as HTML's `type`. */
export type ListStyle = 'I' | 'i' | 'A' | 'a' | '1';

/**
 * A list item's number as its list writes it (1 to 3999; letters 1 to 26, else digits).
 * @example listNumber(4, 'I') // 'IV'
 */
export function listNumber(n: number, style: ListStyle): string {
  if ((style === 'I' || style === 'i') && n >= 1 && n < 4000) {
    let rest = n;
    let out = '';
    for (const [value, digits] of ROMAN_DIGITS) for (; rest >= value; rest -= value) out += digits;
    return style === 'i' ? out.toLowerCase() : out;
  }
  if ((style === 'A' || style === 'a') && n >= 1 && n <= 26) return String.fromCharCode((style === 'A' ? 64 : 96) + n);
  return String(n);
}

/**
 * A chapter's number as written: digits, a Roman numeral or a number in words, in any language of the table (the
 * outline's
 * numberOf below a hundred; hundreds and thousands here, since a long serial runs past a hundred chapters).
 * @example chapterNumber('One Hundred and Twenty-One') // 121
 */
export function chapterNumber(text: string): number | undefined {
  const t = text.trim().replace(/[.:]$/, '');
  const n = /^\d+$/.test(t) ? Number(t) : (romanValue(t) ?? (largeNumber(t) || numberOf(t)));
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/**
 * A number in words from a hundred up ("two hundred and first", "seribu dua ratus"), or 0 when it is not one: each
 * language's `reading.numbers` scales.
 */
function largeNumber(text: string): number {
  for (const n of allNumberWords()) {
    const value = largeNumberIn(text, n);
    if (value > 0) return value;
  }
  return 0;
}

function largeNumberIn(text: string, n: NumberWords): number {
  let words = text
    .toLowerCase()
    .replace(/[–—]/g, '-')
    .split(/[-\s]+/)
    .filter((w) => w !== '' && !n.joiners.includes(w));
  // A word that is one of a scale ("seratus", "seribu"), or its ordinal ("keseratus").
  const oneOf = (w: string, value: number) =>
    [w, ...n.ordinalPrefix.filter((p) => w.startsWith(p)).map((p) => w.slice(p.length))].some(
      (x) => n.words.get(x) === value && !n.scales.has(x),
    );
  let total = 0;
  const scales = [...new Set(n.scales.values())].sort((a, b) => b - a);
  for (const value of scales) {
    const at = words.findIndex((w) => n.scales.get(w) === value || oneOf(w, value));
    if (at === -1) continue;
    const before = words.slice(0, at);
    const isOneWord = n.scales.get(words[at]!) !== value;
    const times = isOneWord
      ? before.length === 0
        ? 1
        : NaN
      : before.length === 1 && n.articles.includes(before[0]!)
        ? 1
        : numberOf(before.join(' '));
    if (!(times >= 1 && times < 100)) return 0;
    total += times * value;
    words = words.slice(at + 1);
  }
  if (total === 0) return 0;
  const rest = words.length === 0 ? 0 : numberOf(words.join(' '));
  return rest >= 0 && rest < 100 ? total + rest : 0;
}

const ROMAN_ALONE = /^([IVXLCDM]+)\.?\s*$/;
const ROMAN_TITLED = /^([IVXLCDM]+)\.\s+(\S.*?)\s*$/;
/** Digits alone: up to six, more than the words limit leaves room for (a chapter has a word or more). */
const NUMBER_ALONE = /^(\d{1,6})\.?\s*$/;
/** A chapter's word and its number ("Chapter 3", "BAB III"); the words are every language's (heading-words.ts). */
const CHAPTER_WORD = () => wordsPattern('^{chapter}\\s+(\\S.*?)\\s*$');
/** A prologue opens the book, as an introduction does (`Introduction`, `Pendahuluan`): the book's introduction part. */
const PROLOGUE = () => wordsPattern('^({prologue}|{introduction}|{epilogue})(?:\\s*[.:—–-]\\s*(.*?))?\\s*$');
const EPILOGUE = () => wordsPattern('^{epilogue}$');
const PART = () => wordsPattern('^{part}\\s+(\\S.*?)\\s*$');
/**
 * A letter of an epistolary novel ("Letter 1", "LETTER IV", "Surat 2"): a part of the story before or among the
 * chapters.
 */
const LETTER = () => wordsPattern('^{letter}\\s+(\\S.*?)\\s*$');
/** What may stand between a heading's number and its title. */
const TITLE_AFTER = /^\s*[.:—–-]\s*(.*?)$/;

/**
 * The number that opens a heading's rest and the title after it ("Twenty-One: The Storm" → 21, "The Storm"). The
 * longest run of words that reads as one number wins, so the hyphen inside "Twenty-One" is not taken for the
 * one before a title; the rest must be empty or start with a separator.
 */
function numberAndTitle(rest: string): { number: number; title?: string } | undefined {
  const words = [...rest.matchAll(/[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu)];
  let end = 0;
  const ends: number[] = [];
  for (const w of words.slice(0, 8)) {
    // A number's words are joined by spaces and hyphens only ("One Hundred and One"): any other mark ends it.
    if (!/^[-–—\s]*$/.test(rest.slice(end, w.index)) || (ends.length === 0 && w.index !== 0)) break;
    end = w.index + w[0].length;
    ends.push(end);
  }
  for (const at of ends.reverse()) {
    const after = rest.slice(at);
    const title = after.trim() === '' ? '' : TITLE_AFTER.exec(after)?.[1];
    const number = title === undefined ? undefined : chapterNumber(rest.slice(0, at));
    if (number !== undefined) return { number, ...titleOf(title) };
  }
  return undefined;
}

const MARKDOWN = /^(#{1,6})\s+(.*?)\s*#*\s*$/;

/** A heading line read by the built-in patterns, or undefined for a line of prose. */
export function readHeading(raw: string): HeadingLine | undefined {
  const line = raw.trim().replace(/^[*_]+|[*_]+$/g, '');
  if (line.length === 0 || line.length > 120) return undefined;
  const md = MARKDOWN.exec(raw.trim());
  if (md) {
    const inner = readHeading(md[2]!);
    const level = md[1]!.length;
    if (inner && inner.family !== 'markdown') return { ...inner, family: 'markdown', level };
    return { family: 'markdown', kind: 'chapter', level, ...(md[2] ? { title: md[2] } : {}) };
  }
  const chapter = CHAPTER_WORD().exec(line);
  const numbered = chapter && numberAndTitle(chapter[1]!);
  if (numbered) return { family: 'chapter-word', kind: 'chapter', ...numbered };
  const prologue = PROLOGUE().exec(line);
  if (prologue)
    return {
      family: 'chapter-word',
      kind: EPILOGUE().test(prologue[1]!) ? 'epilogue' : 'prologue',
      ...titleOf(prologue[2]),
    };
  const letter = LETTER().exec(line);
  const letterNumbered = letter && numberAndTitle(letter[1]!);
  if (letterNumbered) return { family: 'chapter-word', kind: 'letter', ...letterNumbered };
  if (frontKindOf(line)) return { family: 'chapter-word', kind: 'front', title: line };
  const part = PART().exec(line);
  const partNumbered = part && numberAndTitle(part[1]!);
  if (partNumbered) return { family: 'chapter-word', kind: 'part', ...partNumbered };
  const roman = ROMAN_ALONE.exec(line) ?? ROMAN_TITLED.exec(line);
  if (roman && romanValue(roman[1]!) !== undefined)
    return { family: 'roman-alone', kind: 'chapter', number: romanValue(roman[1]!)!, ...titleOf(roman[2]) };
  const number = NUMBER_ALONE.exec(line);
  if (number) return { family: 'number-alone', kind: 'chapter', number: Number(number[1]) };
  return undefined;
}

function titleOf(text: string | undefined): { title?: string } {
  const title = text?.trim();
  return title ? { title } : {};
}

/**
 * A title on the line after a heading: short (12 words or fewer, 100 characters), not a sentence's end
 * (no full stop, question or exclamation mark, unless it is all capitals), not a heading itself.
 */
export function isTitleLine(line: string): boolean {
  const t = line.trim();
  if (t.length === 0 || t.length > 100 || countWords(t) > 12) return false;
  if (readHeading(t)) return false;
  const isCapitals = t === t.toUpperCase() && /\p{Lu}/u.test(t);
  return isCapitals || !/[.!?…,;:]["'”’)]*$/.test(t);
}

/**
 * A title alone in capitals ("THE OLD HOUSE": letters, none lower-case, 8 words or fewer, no closing
 * punctuation), a chapter's heading when its number was lost (a converter that drops an empty numbered line).
 */
export function isCapsTitle(line: string): boolean {
  const t = line.trim();
  return (
    t.length > 0 &&
    t.length <= 60 &&
    /\p{Lu}{2}/u.test(t) &&
    !/\p{Ll}/u.test(t) &&
    countWords(t) <= 8 &&
    !/[.!?,;:…"'”’)]$/.test(t)
  );
}

/** A line of prose: a sentence's end, or more than 12 words. */
export function isProse(line: string | undefined): boolean {
  const t = line?.trim() ?? '';
  return countWords(t) > 12 || /[.!?…]["'”’)]*$/.test(t);
}

/** The kinds of front matter a book keeps (front-matter.ts). */
export type FrontKind =
  'preface' | 'foreword' | 'authorsNote' | 'introduction' | 'dedication' | 'epigraph' | 'acknowledgements' | 'letter';

/** The front matter kinds whose names head a section (the words are every language's: heading-words.ts). */
const FRONT_KEYS: readonly FrontKind[] = [
  'preface',
  'foreword',
  'authorsNote',
  'introduction',
  'dedication',
  'epigraph',
  'acknowledgements',
];
const FRONT_NAME = (kind: FrontKind) => wordsPattern(`^{${kind}}$`);
const CONTENTS = () => wordsPattern('^{contents}$');

/**
 * A heading line as compared with the names: no Markdown marks, emphasis, closing full stop or curly apostrophe, lower
 * case.
 */
const normalHeading = (line: string) =>
  line
    .trim()
    .replace(/^#{1,6}\s+/, '')
    .replace(/^[*_\s]+|[*_\s]+$/g, '')
    .replace(/[’‘]/g, "'")
    .replace(/[.:]$/, '')
    .replace(/\s+/g, ' ')
    .toLowerCase();

/** The kind of front matter a heading line names ("PREFACE", "## Kata Pengantar"), or undefined. */
export function frontKindOf(line: string): FrontKind | undefined {
  const t = normalHeading(line);
  if (t.length === 0 || t.length > 60) return undefined;
  return FRONT_KEYS.find((kind) => FRONT_NAME(kind).test(t));
}

/** Whether a heading line names a contents list. */
export const isContentsHeading = (line: string) => CONTENTS().test(normalHeading(line));
