// One heading per part: a model often starts a part with its own heading ("# Chapter 3: The Storm",
// "**Bab 3**", "Introduction"), which would print under the part's own heading in every export and the
// studio. Only a heading that repeats or names the part is taken off the text (a chapter title it names is
// kept as the part's title when the part has none, engine/session); a sub-heading that starts the part's
// content ("### Coconut Rice for Two") or a bold label ("**Ingredients**") is the writer's text and stays.
import type { Step } from './step.js';
import { plainLine } from '../markdown.js';
import { firstTextLine, oneKindOfBreak } from '../lines.js';
import { readingPattern } from '../reading-words.js';
import { leadingNumber } from './outline-numbers.js';
import { countWords } from '../words.js';

/** Words that name a part in a heading, in every language of the table (`reading.parts`). */
const partWords = () =>
  readingPattern(
    String.raw`^(?:{parts.chapter}|{parts.section}|{parts.part}|{parts.introduction}|` +
      String.raw`{parts.prologue}|{parts.conclusion}|{parts.epilogue})(?!\p{L})`,
  );
/** The length of the number a heading's words start with (3, III, three, tiga, ketiga), or 0. */
function numberLength(s: string): number {
  const roman = /^[ivxlc]{1,7}\b/i.exec(s);
  if (roman) return roman[0].length;
  const n = leadingNumber(s);
  return n ? s.length - n.rest.length : 0;
}

export interface LeadingHeading {
  /** The text without its leading heading. */
  readonly text: string;
  /** The chapter's title the heading gave ("The Storm"), when it gave one beyond the part's label. */
  readonly title?: string;
}

/** Markdown marks and quotes off a heading's words. */
function plain(line: string): string {
  return plainLine(line)
    .replace(/^["“'‘]+|["”'’]+$/g, '')
    .trim();
}

/** A heading's words, whatever their case, marks and punctuation. */
const wordsOf = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The part's text without a leading heading the model wrote for the part, and the title it named. Taken:
 * a first line naming the part ("Chapter 3: The Storm", "**Bab 3**", "Introduction"), a first line that is
 * the part's own title (`ownTitle`), or a Markdown heading at the part's level or above (`#`, `##`: the
 * book sets parts at `##`). A sub-heading (`###` and below) or a bold label is kept unless it names the
 * part; a first line of prose is never taken. Only parts of a book are looked at (a poem's title is part
 * of the poem).
 * @example takeLeadingHeading('## Chapter 3: The Storm\n\nRain fell…', { kind: 'chapter', position: 3 }) // { text:
 * 'Rain fell…', title: 'The Storm' }
 * @example takeLeadingHeading('### Coconut Rice for Two\n\nServes 2.', { kind: 'chapter', position: 1 }).text // '###
 * Coconut Rice for Two\n\nServes 2.'
 */
export function takeLeadingHeading(text: string, step: Step, ownTitle?: string): LeadingHeading {
  if (step.kind !== 'introduction' && step.kind !== 'chapter' && step.kind !== 'conclusion') return { text };
  const first = firstTextLine(text);
  if (!first) return { text };
  const line = first.line.trim();
  const isMarkdownHeading = /^#{1,6}\s+\S/.test(line);
  const isBold = /^(\*\*|__)[^*_].*\1[:.]?$/.test(line) && !/\*\*.*\*\*.+\*\*/.test(line);
  // The line's plain words, read once (a first line of prose is a whole paragraph), and counted only when they are
  // asked.
  const plainText = plain(line);
  const wordCount = () => countWords(plainText);
  const namesPart = partWords().test(plainText);
  const isShortLabel =
    namesPart && wordCount() <= 14 && !/[.!?]["”’]?$/.test(plainText.replace(/\b(?:no|bil)\.$/i, ''));
  if (!(isMarkdownHeading || isBold || isShortLabel)) return { text };
  const heading = plainText.replace(/[.:]$/, '').trim();
  const isPartLevel = /^#{1,2}\s/.test(line);
  if (!namesPart && !isPartLevel && !(ownTitle && wordsOf(heading) === wordsOf(ownTitle))) return { text };
  if (!heading || wordCount() > 16) return { text };
  // Nothing else follows: the heading is the whole answer, not a heading.
  const rest = first.next < 0 ? '' : oneKindOfBreak(text.slice(first.next)).trim();
  if (!rest) return { text };
  let title: string | undefined;
  if (step.kind === 'chapter') {
    const m = readingPattern(String.raw`^(?:{parts.chapter}|{parts.section}|{parts.part})\s+(.+)$`).exec(heading);
    if (m) {
      // "Chapter 3: The Storm", "Bab Tiga — Ribut", "Chapter 3": the words after the number.
      const afterWord = m[1]!;
      const length = numberLength(afterWord);
      const after = length ? afterWord.slice(length) : '';
      title = length ? after.replace(/^\s*[:.\-–—|]\s*/, '').trim() || undefined : undefined;
    } else if (!namesPart) title = heading;
  }
  return { text: rest, ...(title ? { title: title.slice(0, 120) } : {}) };
}
