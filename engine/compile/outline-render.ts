// The outline as chapter entries and back: the writer edits the outline as chapters (a title and a plan
// each), and the outline is written again with those entries between what came before and after them. Pure.

import {
  blockOf,
  cellsOf,
  headingLevel,
  isChatter,
  isEndingPhrase,
  isIntro,
  isRule,
  numberHeadOf,
  splitHead,
  trimEnd,
  unmark,
  unquote,
  wordHeadOf,
} from './outline-lines.js';
import { outlineEntry, parseOutline, type ParsedOutline } from './outline-parse.js';
import { bookWordsOf } from '../book-words.js';
import type { Lang } from '../spec/types.js';
import { readingPattern } from '../reading-words.js';

/** One chapter of an outline as the writer edits it: its title and what happens in it. */
export interface ChapterEntry {
  readonly title: string;
  readonly plan: string;
}

/**
 * A line of a plan the parser would read as something else (a chapter head, a block label, a closing remark, a rule, a
 * table row, a heading) is kept behind this mark.
 */
const PLAN_LINE_MARK = '— ';

function isStructural(line: string): boolean {
  const plain = unmark(line);
  return (
    !!wordHeadOf(line) ||
    !!numberHeadOf(line) ||
    !!blockOf(line) ||
    isRule(line) ||
    !!cellsOf(line) ||
    headingLevel(line) > 0 ||
    isChatter(plain) ||
    isIntro(plain) ||
    isEndingPhrase(plain) ||
    /^[-*•+]\s/.test(line.trim())
  );
}

/**
 * A title as an entry head keeps it: one line, without Markdown marks, quotes, a closing period or a length in words,
 * at most 14 words and 120 characters.
 */
function cleanTitle(title: string): string {
  const one = title
    .replace(/\s+/g, ' ')
    .replace(/[*_`]+/g, '')
    .replace(
      readingPattern(
        String.raw`\((?:[^()]{0,40}?\d[^()]{0,40}?(?:{outline.wordUnit})[^()]{0,20}|~?\s?\d[\d,.\s]{0,20})\)`,
        'giu',
      ),
      ' ',
    );
  const t = trimEnd(unquote(one.replace(/^[\s:.\-–—|#>]+/, '')), '.:')
    .replace(/\s+/g, ' ')
    .trim();
  return t.split(' ').slice(0, 14).join(' ').slice(0, 120).trim();
}

/**
 * A plan as an entry body keeps it: trimmed lines without blank ones, a line the parser would read as structure marked.
 */
function cleanPlan(plan: string): string {
  return plan
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .map((l) => (isStructural(l) ? PLAN_LINE_MARK + l : l))
    .join('\n');
}

/** "Chapter 3: The Storm" / "Bab 3: Ribut", then the plan's lines. */
function entryLines(n: number, entry: ChapterEntry, lang: Lang): string {
  const word = bookWordsOf(lang).chapter;
  const title = cleanTitle(entry.title);
  const plain = splitHead(title);
  const plan = cleanPlan(entry.plan);
  // An untitled chapter with a plan is headed by its numbered label ("Chapter 3: Chapter 3"), which reads
  // back as no title: the plan's first line is never taken for one. A title the head would split (a dash,
  // a colon) or read as a sentence goes in bold, which keeps it whole.
  const head = !title
    ? plan
      ? `${word} ${n}: ${word} ${n}`
      : `${word} ${n}:`
    : plain.title === title && !plain.plan
      ? `${word} ${n}: ${title}`
      : `${word} ${n}: **${title}**`;
  return plan ? `${head}\n${plan}` : head;
}

/**
 * An entry as the outline keeps it: what the parser reads back from it (an untitled entry stays untitled,
 * its plan the plan). Idempotent.
 */
export function normalizeChapterEntry(entry: ChapterEntry, lang: Lang = 'en'): ChapterEntry {
  const read = parseOutline(entryLines(1, entry, lang)).entries[0];
  return { title: read?.title ?? '', plan: read?.plan ?? '' };
}

/** The entries of an outline, chapters 1..count (an entry the outline lacks is empty). */
export function chapterEntriesOf(parsed: ParsedOutline, count: number): ChapterEntry[] {
  return Array.from({ length: Math.max(0, count) }, (_, k) => {
    const e = outlineEntry(parsed, k + 1);
    return { title: e?.title ?? '', plan: e?.plan ?? '' };
  });
}

/**
 * The outline with its chapter entries replaced by `entries` (chapter 1 first), as the rest of the engine
 * reads it: what comes before the first entry (title, premise, characters…) and after the last (the
 * ending) is kept as written; the entries are written "Chapter N: Title" / "Bab N: Tajuk" with their plan
 * under them. parseOutline of the result gives the entries back as normalizeChapterEntry keeps them.
 * @example renderOutline('Title: Rain\n\nChapter 1: Storm\nAisha runs.', [{ title: 'Calm', plan: 'Aisha rests.' }],
 * 'en') // 'Title: Rain\n\nChapter 1: Calm\nAisha rests.'
 */
export function renderOutline(outline: string | undefined, entries: readonly ChapterEntry[], lang: Lang): string {
  const lines = (outline ?? '').replace(/\r\n?/g, '\n').split('\n');
  const parsed = parseOutline(outline);
  let before = lines;
  let after: string[] = [];
  const first = parsed.entries[0];
  const last = parsed.entries[parsed.entries.length - 1];
  if (first && last) {
    const start = lines.findIndex((l) => l.trim() === first.text.split('\n')[0]);
    if (start >= 0) {
      const lastHead = lines.findIndex((l, i) => i >= start && l.trim() === last.text.split('\n')[0]);
      // The last entry runs on over the lines of its text, in order (blank lines between them skipped).
      let end = Math.max(start, lastHead) + 1;
      let i = end;
      for (const wanted of last.text
        .split('\n')
        .slice(1)
        .filter((l) => l.trim())) {
        while (i < lines.length && lines[i]!.trim() !== wanted) i++;
        if (i >= lines.length) break;
        end = ++i;
      }
      before = lines.slice(0, start);
      // A table's header rows go with its rows.
      while (before.length && (!before[before.length - 1]!.trim() || cellsOf(before[before.length - 1]!)))
        before = before.slice(0, -1);
      after = lines.slice(end);
    }
  }
  const head = before.join('\n').trim();
  const tail = after.join('\n').trim();
  const body = entries.map((e, k) => entryLines(k + 1, e, lang)).join('\n\n');
  return [head, body, tail].filter(Boolean).join('\n\n');
}
