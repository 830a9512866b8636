// The title of a content-history item: what the item itself is called, computed once when it is saved
// and stored with it, so that a list of items needs no content. A book's part: the book's own title
// and the part ("Hujan di Kuala Lumpur — Chapter 3: The Storm"); a single output (a poem, a
// description): the working title the writer gave it, else its heading or title line, else its first
// line of text. Never the generator's name unless the item has no text (an image). Pure (the server,
// migrations and the studio can use it).
import type { ResolvedSpec } from '../spec/types.js';
import type { StepSave } from './ports.js';
import { bookTitleOf, workingTitleOf } from './book.js';
import { plainLine } from '../markdown.js';
import { wordIn } from '../languages/index.js';
import { readingPattern } from '../reading-words.js';

const MAX_TITLE = 120;
/** How many lines from the top are looked at. */
const HEAD_LINES = 16;

/** Markdown markers at the start of a line: headings, quotes, list bullets and numbers. */
const LINE_MARKERS = /^\s*(?:#{1,6}\s+|>\s*|[-*+]\s+|\d+[.)]\s+)+/;
/**
 * "Title: …" / "Tajuk: …" lines (what the prompts ask models to start with): every language's `reading.outline.title`.
 */
const titleLinePattern = () => readingPattern(String.raw`^[#>*_\s]*(?:{outline.title})[*_\s]*[:：][*_\s]*(.+)$`);

/** A line's plain text: no leading markers, no emphasis or code marks, no link syntax, one space between words. */
function plain(line: string): string {
  return plainLine(line.replace(LINE_MARKERS, ''))
    .replace(/[#:\s]+$/, '')
    .replace(/^["“'‘]+|["”'’]+$/g, '')
    .trim();
}

function shorten(text: string): string {
  if (text.length <= MAX_TITLE) return text;
  const cut = text.slice(0, MAX_TITLE - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > MAX_TITLE / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}

function headLines(content: string): string[] {
  return content.startsWith('data:') ? [] : content.slice(0, 6000).split(/\r?\n/).slice(0, HEAD_LINES);
}

/**
 * A wholly emphasised line: `**A Title**` (bold: a title) or `*a note*` / `_a note_` (italic: a note about the text,
 * skipped).
 */
const BOLD_LINE = /^\s*(\*\*|__)(?!\s)(.+?)\1\s*$/;
const ITALIC_LINE = /^\s*([*_])(?![*_\s])(.+?)\1\s*$/;

/**
 * What the text calls itself on its first lines: a heading, a "Title:" line or a wholly bold line; undefined when none.
 */
export function contentTitle(content: string): string | undefined {
  const lines = headLines(content);
  for (const [i, line] of lines.entries()) {
    const next = lines[i + 1] ?? '';
    const titleLine = titleLinePattern().exec(line.trim())?.[1];
    const text =
      titleLine ??
      (/^\s*#{1,6}\s+\S/.test(line) || BOLD_LINE.test(line) || (line.trim() && /^\s*(=+|-+)\s*$/.test(next))
        ? line
        : undefined);
    const title = text === undefined ? '' : plain(text);
    if (title) return shorten(title);
  }
  return undefined;
}

/** The first line of text (not a wholly italic note such as the offline demo mark); undefined when none. */
export function firstLine(content: string): string | undefined {
  for (const line of headLines(content)) {
    if (ITALIC_LINE.test(line) || /^[-=*_\s]*$/.test(line)) continue;
    const text = plain(line);
    // A first line of prose: its first sentence.
    if (text) return shorten(text.length > 60 ? (/^.{20,}?[.!?](?=\s)/u.exec(text)?.[0] ?? text) : text);
  }
  return undefined;
}

/** An item's title from its content alone: its own title, else its first line, else `fallback`. */
export function historyTitle(content: string, fallback: string): string {
  return contentTitle(content) ?? firstLine(content) ?? fallback;
}

/** Between a book's title and its part in a part's history title. */
const BOOK_PART = ' — ';

/** The history title of a saved step (`chapterTitle`: the user's title of the chapter, when given). */
export function stepHistoryTitle(spec: ResolvedSpec, save: StepSave, chapterTitle?: string): string {
  const lang = save.state.lang;
  if (spec.kind === 'image') return imageTitle(spec, save);
  // A single output the writer titled (role workingTitle) is listed by that title, as its exports are.
  const given = spec.kind === 'book' ? '' : plain(workingTitleOf(spec, save.state));
  if (given) return shorten(given);
  if (spec.kind !== 'book') return historyTitle(save.text, wordIn(spec.title, lang, `${spec.id} title`));
  const part =
    save.step.kind === 'outline'
      ? save.label
      : (contentTitle(save.text) ?? `${save.label}${chapterTitle ? `: ${chapterTitle}` : ''}`);
  return shorten(`${bookTitleOf(spec, save.state)}${BOOK_PART}${part}`);
}

/**
 * The history title of a publishing piece made for a book (its cover, copyright page, keywords, description):
 * under the book's own title, as its parts are, so Content History shows them with the book.
 */
export function pieceHistoryTitle(bookTitle: string, piece: string): string {
  return shorten(`${bookTitle}${BOOK_PART}${piece}`);
}

/**
 * A picture is called by the title it was drawn for (a cover: its book's), else by its kind; never by its image prompt.
 */
function imageTitle(spec: ResolvedSpec, save: StepSave): string {
  const field = spec.fields.find((f) => f.role === 'bookTitle');
  const value = field ? save.state.settings[field.name] : undefined;
  const title = typeof value === 'string' ? plain(value) : '';
  return title ? shorten(title) : wordIn(spec.title, save.state.lang, `${spec.id} title`);
}

/**
 * A book part's history title taken apart: the book's title and the part ("Hujan — Chapter 3: The
 * Storm" → book "Hujan", part "Chapter 3: The Storm"); undefined for a title with no part.
 */
export function historyBookOf(title: string): { book: string; part: string } | undefined {
  const at = title.indexOf(BOOK_PART);
  if (at <= 0) return undefined;
  return { book: title.slice(0, at), part: title.slice(at + BOOK_PART.length) };
}
