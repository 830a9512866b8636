// The shapes of an outline's lines: an entry's head ("Chapter 3:", "Bab Tiga", "3.", a table row), a
// block's label ("Premise:", "## Ending"), headings and rules, a model's chatter around the outline, and an
// entry head read as a title and the start of its plan. Each tells what one line is, without context. Pure.

import { countWords } from '../words.js';
import { leadingNumber } from './outline-numbers.js';
import { readingPattern } from '../reading-words.js';

/**
 * Markdown decoration before a line's words: headings, quotes, a bullet, bold, italics. Matched once and
 * never given back (a lookahead and a back-reference make it atomic), so a line of 20,000 spaces or
 * asterisks costs one pass, not a quadratic backtrack.
 */
const LEAD = String.raw`^(?=(?<lead>[#>\s]*(?:[-*•+]\s+)?[*_\s]*))\k<lead>`;

export type Family = 'chapter' | 'section' | 'part';
/**
 * "Chapter 3", "Bab Tiga", "Section 2", "Bahagian ke-4", "Part One", optionally after a list number ("1. Chapter 1:"):
 * every language's part words.
 */
const wordHead = () =>
  readingPattern(
    `${LEAD}(?:\\d{1,3}[.)]\\s*)?[*_]*` +
      `(?:(?<chapter>{parts.chapter})|(?<section>{parts.section})|(?<part>{parts.part}))` +
      `(?:[*_\\s]+|(?=\\d))(?<after>.*)$`,
  );

interface WordHead {
  readonly family: Family;
  readonly number: number;
  /** The text after the number and its delimiter. */
  readonly head: string;
}

/** A "Chapter N" / "Bab N" / "Part N" head, or undefined ("Chapter 2 ends with…", "Section 1.1" are not heads). */
export function wordHeadOf(line: string): WordHead | undefined {
  const m = wordHead().exec(line);
  if (!m) return undefined;
  const num = leadingNumber(m.groups!.after!);
  if (!num) return undefined;
  if (/^['’]\p{L}/u.test(num.rest)) return undefined;
  const delimiter = /^[*_]*\s*([:.)|\-–—]+)?\s*(?:[*_]{1,2}(?=\s|$))?\s*/.exec(num.rest)!;
  const head = num.rest.slice(delimiter[0].length);
  // Without a delimiter, a head continuing in lower case is a sentence about a chapter, not its heading.
  if (!delimiter[1] && /^\p{Ll}/u.test(head)) return undefined;
  const family: Family =
    m.groups!.chapter !== undefined ? 'chapter' : m.groups!.section !== undefined ? 'section' : 'part';
  return { family, number: num.n, head };
}

/** "3. The Storm", "3) …", "**3. The Storm**", "## 3. The Storm", "3 – The Storm" (never "1.5 million"). */
const NUMBER_HEAD =
  /^(?=([#>\s]*)((?:[-*•+]\s+)?)([*_]*)(\s*))\1\2\3\4(\d{1,3})\s*(?:([.)])(?!\d)|([:–—-])(?=\s))[*_]*\s*(.*)$/;

interface NumberHead {
  readonly number: number;
  readonly head: string;
  readonly indent: number;
  /** The list's look (heading level, bold, delimiter), to tell entries from key points numbered the same way. */
  readonly signature: string;
}

export function numberHeadOf(line: string): NumberHead | undefined {
  const m = NUMBER_HEAD.exec(line);
  if (!m) return undefined;
  const lead = m[1]!;
  return {
    number: Number(m[5]),
    head: m[8]!,
    indent: lead.replace(/[#>]/g, '').length,
    signature: `${(lead.match(/#/g) ?? []).length}${m[3] ? 'b' : ''}${m[6] ?? m[7]}`,
  };
}

/** A Markdown table's cells, or undefined for a line that is not a table row. */
export function cellsOf(line: string): string[] | undefined {
  if (!/^\s*\|.*\|/.test(line)) return undefined;
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|\s*$/, '')
    .split('|')
    .map((c) => c.trim());
}
export const isSeparatorRow = (cells: readonly string[]) => cells.every((c) => /^:?-{2,}:?$/.test(c) || c === '');

/** The chapter a table row is for ("| 3 | The Storm | … |", "| Chapter 3 | … |"), with its head cell's text. */
export function tableRowOf(cells: readonly string[]): { number: number; head: string } | undefined {
  const first = unmark(cells[0] ?? '');
  const plain = /^(\d{1,3})\.?$/.exec(first);
  if (plain) return { number: Number(plain[1]), head: '' };
  const word = wordHeadOf(first);
  return word && word.family !== 'part' ? { number: word.number, head: word.head } : undefined;
}

export type BlockKind = 'title' | 'premise' | 'characters' | 'ending' | 'entries' | 'other';
/**
 * Blocks of the outline other than entries, by their label (lower case, parentheses removed): every language's
 * `reading.outline` labels.
 */
const BLOCK_KINDS: readonly BlockKind[] = ['title', 'premise', 'characters', 'ending', 'entries', 'other'];
const blockPattern = (kind: BlockKind) => readingPattern(`^(?:{outline.${kind}})$`);

/** A line that opens a block ("Premise:", "**Ending**", "## Main characters") and the text after its label. */
const BLOCK_LINE = new RegExp(`${LEAD}([^:*_#|]{2,48}?)[*_]*\\s*(?::|：|[*_]+\\s*$|$)[*_\\s]*(.*)$`);
export function blockOf(line: string): { kind: BlockKind; rest: string; label: string } | undefined {
  const m = BLOCK_LINE.exec(line);
  if (!m) return undefined;
  const [, , rawLabel, rawRest] = m as unknown as [string, string, string, string];
  const label = rawLabel
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const found = BLOCK_KINDS.find((kind) => blockPattern(kind).test(label));
  if (!found) return undefined;
  // A label stands as one: with a colon, as a heading or bold, or on a line of its own.
  const hasColon = /[:：]/.test(line.slice(0, line.indexOf(rawLabel) + rawLabel.length + 8));
  if (!hasColon && !isHeadingLike(line) && rawRest !== '') return undefined;
  return { kind: found, rest: trimEnd(rawRest, '*_').trim(), label };
}

/** A Markdown heading, a line in bold or a line in capitals (of any script: "ГЛАВА 1"). */
export function isHeadingLike(line: string): boolean {
  const t = line.trim();
  return /^#{1,6}\s/.test(t) || /^(\*\*|__)/.test(t) || (/\p{Lu}/u.test(t) && t === t.toUpperCase() && t.length <= 80);
}
export const headingLevel = (line: string) => /^\s*(#{1,6})\s/.exec(line)?.[1]!.length ?? 0;
export const isRule = (line: string) => /^\s*([-*_=])(?:\s*\1){2,}\s*$/.test(line);

/** What a model says around an outline rather than in it: a line opening with a language's `outline.chatter`. */
export const isChatter = (line: string) => readingPattern('^(?:{outline.chatter})').test(line);
/** The announcement an outline opens with ("Sure! Here is…", "Baiklah, berikut…"). */
export const isIntro = (line: string) =>
  readingPattern(String.raw`^(?:(?:{outline.interjection})\b[!,.]?\s*)?(?:{outline.announcer})`).test(line);
/** The opening words of a closing paragraph that tells how the book ends, written without a label. */
export const isEndingPhrase = (line: string) => readingPattern('^(?:{outline.endingPhrase})').test(line);

/** `s` without the given characters (and whitespace) at its end: a loop, as `/[…]+$/` is quadratic on long runs. */
export function trimEnd(s: string, chars: string): string {
  let end = s.length;
  while (end > 0 && (chars.includes(s[end - 1]!) || /\s/.test(s[end - 1]!))) end--;
  return s.slice(0, end);
}
export const unmark = (s: string) => trimEnd(s.replace(/\*\*|__|`/g, '').replace(/^[*_#\s]+/, ''), '*_').trim();
export const unquote = (s: string) => trimEnd(s.replace(/^["“'‘«]+/, ''), '"”\'’»').trim();

/** A line that can be a title: short, not a bullet, not a sentence, not a label. */
export function isTitleLike(s: string): boolean {
  const t = unmark(s);
  return !!t && countWords(t) <= 12 && !/[.:;,]["”’]?$/.test(t) && !/^[-*•+]\s/.test(s.trim()) && !/^\d/.test(t);
}

/** The head of an entry (after its number) as a title and the start of its plan. */
export function splitHead(head: string): { title?: string; plan: string } {
  // "(approx. 3,000 words)" says how long the chapter is, not what it is called.
  let h = head
    .replace(
      readingPattern(
        String.raw`\((?:[^()]{0,40}?\d[^()]{0,40}?(?:{outline.wordUnit})[^()]{0,20}|~?\s?\d[\d,.\s]{0,20})\)`,
        'giu',
      ),
      ' ',
    )
    .replace(/\s{2,}/g, ' ')
    .replace(/^[\s:.\-–—|]+/, '')
    .trim();
  if (!h) return { plan: '' };
  // "**The Storm**: Aisha…", "*The Storm* – Aisha…"
  const bold = /^(\*\*|__|\*|_)(.+?)\1\s*[:.\-–—]?\s*(.*)$/.exec(h);
  if (bold && countWords(bold[2]!) <= 14) return withTitle(bold[2]!, bold[3]!);
  h = unmark(h);
  const quoted = /^["“‘«](.+?)["”’»]\s*[:.\-–—]?\s*(.*)$/.exec(h);
  if (quoted) return withTitle(quoted[1]!, quoted[2]!);
  // "The Storm – Aisha finds…", "The Storm: Aisha…", "The Storm. Aisha finds…" (not "Dr. Tan arrives…")
  const sep = /^(.{1,90}?)\s*(?:\s[-–—]+\s|:\s|\.\s+(?=[A-Z"“]))\s*(.+)$/.exec(h);
  if (
    sep &&
    countWords(sep[1]!) <= 10 &&
    !/[.!?]$/.test(sep[1]!) &&
    !/(?:^|\s)(?:dr|mr|mrs|ms|st|prof|en|tn|pn|hj|cik|sr|jr)$/i.test(sep[1]!)
  )
    return withTitle(sep[1]!, sep[2]!);
  // A short head is a title unless it ends as a sentence does ("Where Does Your Salary Go?" is a title).
  const words = countWords(h);
  if (words <= 12 && !/\.["”’]?$/.test(h)) return withTitle(h, '');
  return { plan: h };
}

export function withTitle(title: string, plan: string): { title?: string; plan: string } {
  const t = trimEnd(unquote(unmark(title)), '.:')
    .replace(/[*_]+/g, '')
    .trim();
  return t ? { title: t.slice(0, 120), plan: plan.trim() } : { plan: plan.trim() };
}
