// Lines of justified text for the print layouts (the paperback interior, the manuscript PDF and the wrap
// cover's back): words measured with the embedded fonts, broken greedily into lines of a width,
// hyphenated in the book's language where a word does not fit (where a word may break: hyphenation.ts), and
// words longer than a line cut into pieces that fit. Every step is linear in the length of the text: pdfkit's own line
// wrapper is quadratic on a long unbroken word, so pdfkit only ever draws pieces that fit a line.
import type { Span } from '../../markdown.js';

// The fonts and their measuring live in fonts.ts; named here too, for the layouts that import them from here.
export { FONT_DIR, MissingFontError, Measure, registerFonts, type FontName } from './fonts.js';
import type { FontName, Measure } from './fonts.js';
import { wordBreaks, type Hyphenate } from './hyphenation.js';
// Where a word may break lives in hyphenation.ts; named here too, for the layouts that import it from here.
export { hyphenatorOf } from './hyphenation.js';

// ---- words and lines -------------------------------------------------------------------------------

/** A stretch of one font inside a word. */
export interface Piece {
  text: string;
  font: FontName;
}

/** Text between spaces: one or more pieces (a word half in bold), and its width. */
export interface Word {
  pieces: Piece[];
  width: number;
}

/** A line as laid out: its words, where each starts (from the line's left), and the spaces' font. */
export interface Line {
  words: Word[];
  /** x of each word from the left of the text block. */
  xs: number[];
  /** The line's own width (last word's right end). */
  width: number;
  /** Extra space added to each gap when justified (0 when not). */
  extra: number;
}

export interface Run {
  text: string;
  font: FontName;
}

export const NEWLINE = '\n';

/** Spans as runs of one font each; a line break is a run of "\n" alone. */
export function spanRuns(
  spans: readonly Span[],
  style: { bold?: boolean; italic?: boolean } = {},
  out: Run[] = [],
): Run[] {
  const font = (): FontName =>
    style.bold && style.italic ? 'boldItalic' : style.bold ? 'bold' : style.italic ? 'italic' : 'serif';
  for (const s of spans) {
    if (s.kind === 'text') out.push({ text: s.text, font: font() });
    else if (s.kind === 'code') out.push({ text: s.text, font: 'mono' });
    else if (s.kind === 'break') out.push({ text: NEWLINE, font: font() });
    else spanRuns(s.children, s.kind === 'strong' ? { ...style, bold: true } : { ...style, italic: true }, out);
  }
  return out;
}

/** Characters a page cannot show (soft hyphens, zero-width and control characters), removed. */
function clean(text: string): string {
  return text.replace(/[\u00ad\u200b-\u200d\u2060\ufeff\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
}

/**
 * Runs as the words of each line the text forces (its line breaks): a space (not a no-break space) ends
 * a word; pieces of different fonts with no space between them are one word.
 */
export function runsToWords(runs: readonly Run[], m: Measure, size: number): Word[][] {
  const segments: Word[][] = [[]];
  let word: Piece[] = [];
  const endWord = () => {
    if (!word.length) return;
    const width = word.reduce((n, p) => n + m.width(p.text, p.font, size), 0);
    segments[segments.length - 1]!.push({ pieces: word, width });
    word = [];
  };
  for (const run of runs) {
    if (run.text === NEWLINE) {
      endWord();
      segments.push([]);
      continue;
    }
    const text = clean(run.text);
    // Split on spaces without a regular expression over the whole run: linear on any text.
    let start = 0;
    for (let i = 0; i <= text.length; i++) {
      const c = i < text.length ? text.charCodeAt(i) : 32;
      const isSpace = c === 32 || c === 9 || c === 10 || c === 13;
      if (!isSpace) continue;
      if (i > start) word.push({ text: text.slice(start, i), font: run.font });
      if (i < text.length) endWord();
      start = i + 1;
    }
  }
  endWord();
  return segments;
}

export interface BreakOptions {
  /** The width of every line. */
  width: number;
  /** The first line's indent (a paragraph's first-line indent). */
  indent?: number;
  size: number;
  align: 'justify' | 'left' | 'center' | 'right';
  /** null: no hyphenation (Malay, headings). */
  hyphenate: Hyphenate | null;
}

/** A piece of a word as its own word (width measured). */
function wordOf(pieces: Piece[], m: Measure, size: number): Word {
  return { pieces, width: pieces.reduce((n, p) => n + m.width(p.text, p.font, size), 0) };
}

/**
 * Cut a word into pieces that each fit `first` (the first) and then `width` (the rest), by characters,
 * in one pass: the width of each character once (remembered per font), never the remaining text again.
 */
function cutWord(word: Word, first: number, width: number, m: Measure, size: number): Word[] {
  const out: Word[] = [];
  let pieces: Piece[] = [];
  let text = '';
  let font: FontName | undefined;
  let used = 0;
  let room = first;
  const flushPiece = () => {
    if (text && font) pieces.push({ text, font });
    text = '';
  };
  const flushWord = () => {
    flushPiece();
    if (pieces.length) out.push({ pieces, width: used });
    pieces = [];
    used = 0;
    room = width;
  };
  for (const piece of word.pieces) {
    if (font !== piece.font) flushPiece();
    font = piece.font;
    for (const ch of piece.text) {
      const w = m.width(ch, piece.font, size);
      if (used + w > room && used > 0) {
        flushWord();
        font = piece.font;
      }
      text += ch;
      used += w;
    }
  }
  flushWord();
  return out;
}

/**
 * A word broken at its last hyphenation point (or hyphen/dash) whose head, with a hyphen, fits `room`:
 * [head, tail], or null. Only a word of one font; punctuation around it stays with its part.
 */
function hyphenSplit(
  word: Word,
  room: number,
  m: Measure,
  size: number,
  hyphenate: Hyphenate | null,
): [Word, Word] | null {
  if (word.pieces.length !== 1) return null;
  const { text, font } = word.pieces[0]!;
  if (font === 'mono') return null;
  for (const c of wordBreaks(text, hyphenate)) {
    const head = text.slice(0, c.at) + (c.hyphen ? '-' : '');
    const w = m.width(head, font, size);
    if (w <= room)
      return [wordOf([{ text: head, font }], m, size), wordOf([{ text: text.slice(c.at), font }], m, size)];
  }
  return null;
}

/**
 * Words broken into lines of `width` (greedy, first fit), hyphenated where the language allows and a
 * word does not fit, longer-than-a-line words cut; justified lines get the extra space spread over their
 * gaps, except a paragraph's last line and a line of one word. Linear in the number of characters.
 */
export function breakLines(segments: readonly (readonly Word[])[], opts: BreakOptions, m: Measure): Line[] {
  const { width, size } = opts;
  const spaceAfter = (w: Word | undefined) => (w ? m.width(' ', w.pieces[w.pieces.length - 1]!.font, size) : 0);
  const lines: Line[] = [];
  let isFirst = true;
  for (const segment of segments) {
    let current: Word[] = [];
    let used = 0;
    let hyphenRun = 0;
    const avail = () => width - (isFirst ? (opts.indent ?? 0) : 0);
    const flush = (isLast: boolean) => {
      const indent = isFirst ? (opts.indent ?? 0) : 0;
      lines.push(placeLine(current, { indent, width: width - indent, spaceAfter, align: opts.align, isLast }));
      isFirst = false;
      current = [];
      used = 0;
    };
    const queue: Word[] = [...segment].reverse();
    while (queue.length) {
      const word = queue.pop()!;
      const gap = spaceAfter(current[current.length - 1]);
      if (used + gap + word.width <= avail()) {
        current.push(word);
        used += gap + word.width;
        continue;
      }
      const room = avail() - used - gap;
      if (opts.align === 'justify' && hyphenRun < 2 && room > size * 1.5) {
        const split = hyphenSplit(word, room, m, size, opts.hyphenate);
        if (split) {
          current.push(split[0]);
          used += gap + split[0].width;
          flush(false);
          hyphenRun++;
          queue.push(split[1]);
          continue;
        }
      }
      if (current.length) {
        flush(false);
        hyphenRun = 0;
        queue.push(word);
        continue;
      }
      // Alone on its line and still too long: hyphenate it, else cut it into pieces that fit.
      const split = hyphenSplit(word, avail(), m, size, opts.hyphenate);
      if (split) {
        current.push(split[0]);
        flush(false);
        queue.push(split[1]);
        continue;
      }
      const pieces = cutWord(word, avail(), width, m, size);
      for (const piece of pieces.slice(0, -1)) {
        current.push(piece);
        flush(false);
      }
      queue.push(pieces[pieces.length - 1]!);
    }
    if (current.length || !lines.length || segment.length === 0) flush(true);
  }
  return lines;
}

function placeLine(
  words: Word[],
  o: { indent: number; width: number; spaceAfter: (w: Word) => number; align: BreakOptions['align']; isLast: boolean },
): Line {
  const natural = words.reduce((n, w, i) => n + w.width + (i < words.length - 1 ? o.spaceAfter(w) : 0), 0);
  const gaps = words.length - 1;
  const extra = o.align === 'justify' && !o.isLast && gaps > 0 ? Math.max(0, (o.width - natural) / gaps) : 0;
  let x =
    o.indent +
    (o.align === 'center'
      ? Math.max(0, (o.width - natural) / 2)
      : o.align === 'right'
        ? Math.max(0, o.width - natural)
        : 0);
  const xs: number[] = [];
  for (const w of words) {
    xs.push(x);
    x += w.width + o.spaceAfter(w) + extra;
  }
  return { words, xs, width: words.length ? xs[xs.length - 1]! + words[words.length - 1]!.width : 0, extra };
}
