// An outline as models really write it: a working title, a premise, the main characters, one entry per
// chapter and how the book ends. Entries come in many shapes ("Chapter 3: The Storm", "**3. The Storm**",
// "### Bab Tiga — Ribut", "3) …", "Chapter Three", "Bab ke-3", a row of a Markdown table, a fixed
// section's name); the parser first decides which shape the outline uses for its entries (so a guide's
// numbered key points inside "Chapter N" entries are not taken for chapters, and "Part One" groups
// chapters rather than being chapter 1), then reads each entry up to the next one, the ending block, a
// heading that is not part of it or the model's closing remarks. Linear in the outline's length. Pure.

import { isRule, isTitleLike, splitHead, unmark, withTitle } from './outline-lines.js';
import { startReading, type Reading, type Rec } from './outline-reading.js';
import { readLine } from './outline-stages.js';
import { readingPattern } from '../reading-words.js';

export interface OutlineEntry {
  /** The chapter number (1-based) the entry is for. */
  readonly number: number;
  /**
   * The chapter's own title when the entry gives one ("Chapter 3: The Storm" → "The Storm"), without Markdown marks or
   * quotes; absent when the entry's head is a plan sentence rather than a title.
   */
  readonly title?: string;
  /** What happens in the chapter: the entry's text without its heading, number and title ('' for a title only). */
  readonly plan: string;
  /** The entry as written, trimmed (heading line and the lines under it), for prompts. */
  readonly text: string;
}

export interface ParsedOutline {
  /** The working title ("Title:" / "Tajuk:" line, as extractTitle reads it; else the outline's own top heading). */
  readonly title?: string;
  /** The premise ("Premise:" / "Premis:" block, or the text between the title and the first entry). */
  readonly premise?: string;
  /** The main characters block ("Main characters:", "Watak utama:"…). */
  readonly characters?: string;
  /**
   * How the book ends: the block headed "Ending", "Conclusion", "Kesimpulan", "Pengakhiran"…, or the closing paragraph
   * after the last entry.
   */
  readonly ending?: string;
  /** One entry per chapter found, in chapter order, at most one per number (the first wins). */
  readonly entries: readonly OutlineEntry[];
  /**
   * Every entry as written, in the outline's order, a number written twice included (1, 2, 2, 4): how the outline
   * numbered itself.
   */
  readonly written: readonly OutlineEntry[];
}

/**
 * Parse an outline. `sectionLabels` (fixed-section guides) lets an entry be found by its section's name,
 * numbered by its index + 1. The stages: the outline's style and where entries can start (startReading),
 * each line read as an entry's head, a labelled block, an entry's text or a block's text (readLine), then
 * the book's ending told from the entries' own and the entries numbered (finishReading).
 * @example parseOutline('Title: Rain\nChapter 1: The Storm\nAisha runs.').entries[0] // { number: 1, title: 'The
 * Storm', plan: 'Aisha runs.', text: 'Chapter 1: The Storm\nAisha runs.' }
 */
export function parseOutline(
  outline: string | undefined,
  opts: { sectionLabels?: readonly string[] } = {},
): ParsedOutline {
  const lines = (outline ?? '')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.trimEnd());
  const reading = startReading(lines, opts.sectionLabels?.filter((l) => l.trim()) ?? []);
  for (let i = 0; i < lines.length; i++) readLine(reading, lines[i]!, i);
  return finishReading(reading);
}

/**
 * The parsed outline. The book's ending: the ending blocks no entry follows (else the last block, as when
 * missing entries were written after it); an earlier ending block an entry follows, or one inside the last
 * entry with the same label as a later block ("**Ending:** …" of the last chapter, then "## Ending"), was
 * that entry's own.
 */
function finishReading(r: Reading): ParsedOutline {
  const { endings } = r;
  const trailing = endings.filter(
    (e, k) => !e.followed && !(e.after && endings.slice(k + 1).some((later) => later.label === e.label)),
  );
  const bookEndings = trailing.length ? trailing : endings.slice(-1);
  for (const e of endings) if (!bookEndings.includes(e) && e.after) e.after.lines.push('', ...e.raw);

  const entries: OutlineEntry[] = [];
  const written: OutlineEntry[] = [];
  const seen = new Set<number>();
  for (const rec of r.recs) {
    const entry = entryOf(rec);
    written.push(entry);
    if (seen.has(rec.number)) continue;
    seen.add(rec.number);
    entries.push(entry);
  }
  entries.sort((a, b) => a.number - b.number);

  const joined = (list: readonly string[]) =>
    list
      .filter((l) => !isRule(l))
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim() || undefined;
  const premiseText = joined(r.premise) ?? joined(r.preamble);
  const charactersText = joined(r.characters);
  const endingText = joined(bookEndings.flatMap((e) => e.text));
  return {
    ...(r.title ? { title: r.title } : {}),
    ...(premiseText ? { premise: premiseText } : {}),
    ...(charactersText ? { characters: charactersText } : {}),
    ...(endingText ? { ending: endingText } : {}),
    entries,
    written,
  };
}

function entryOf(rec: Rec): OutlineEntry {
  const body = rec.lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const text = [rec.first.trim(), body].filter(Boolean).join('\n');
  if (rec.table)
    return {
      number: rec.number,
      ...(rec.table.title ? { title: rec.table.title } : {}),
      plan: [rec.table.plan, body].filter(Boolean).join('\n'),
      text,
    };
  let split = splitHead(rec.head);
  let rest = body;
  // "Chapter 3: Chapter 3" / "Bab 3: Bab 3" names no title (an untitled chapter as renderOutline writes it): its body
  // is all plan.
  const isUntitled = !split.plan && split.title !== undefined && isNumberedLabel(split.title, rec.number);
  if (isUntitled) split = { plan: '' };
  // "CHAPTER 3" on its own line, the title on the next ("The Storm" or "Title: The Storm").
  if (!isUntitled && !split.title && !split.plan && body) {
    const [firstLine, ...others] = body.split('\n');
    const labelled = readingPattern(String.raw`^[*_\s]*(?:{outline.chapterTitle})[*_\s]*[:：][*_\s]*(.+)$`).exec(
      firstLine!,
    );
    const candidate = labelled ? labelled[1]! : firstLine!;
    if (isTitleLike(candidate) || (labelled && unmark(candidate))) {
      split = withTitle(candidate, '');
      rest = others.join('\n').trim();
    }
  }
  const plan = [split.plan, rest].filter(Boolean).join('\n').trim();
  return { number: rec.number, ...(split.title ? { title: split.title } : {}), plan, text };
}

/** "Chapter 3" / "Bab 3" for chapter 3: the chapter's own numbered label, no title of its own. */
function isNumberedLabel(title: string, n: number): boolean {
  const m = readingPattern(String.raw`^(?:{parts.chapter})\s+(\d{1,3})$`).exec(title.trim());
  return m !== null && Number(m[1]) === n;
}

/** The entry for chapter n, or undefined. */
export function outlineEntry(parsed: ParsedOutline, n: number): OutlineEntry | undefined {
  return parsed.entries.find((e) => e.number === n);
}
