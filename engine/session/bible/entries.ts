// An entry of the story bible read off its line (a character, a thread, a fact, a replaced value, a part's or an
// arc's line), as renderBible writes it, a writer edits it or a model answers it; each cut at its word limit
// (BIBLE_LIMITS), so a bible read is already within its bounds. bible.ts reads the sections these lines are in.
import { countWordsUpTo, firstWords } from '../../words.js';
import type { BibleCharacter, BibleLine, BibleThread } from './types.js';
import { dueCell, sinceCell, withStatus, type Replaced, type ThreadStatus } from './time.js';
import { bibleKeyOf } from './words.js';
import { readingPattern } from '../../reading-words.js';

/**
 * The bounds of a bible. Chapter lines past `chapters` fold, `foldSize` at a time, into an arc; arcs past
 * `arcs` merge pairwise. Every entry is cut at its word limit, so the bible's size has a ceiling
 * (about 1,200 words) whatever the length of the book.
 */
export const BIBLE_LIMITS = {
  premiseWords: 80,
  endingWords: 70,
  chapters: 6,
  foldSize: 3,
  arcs: 3,
  lineWords: 40,
  characters: 10,
  threads: 8,
  facts: 20,
  entryWords: 30,
} as const;

/** At most `n` words of `text` (an ellipsis marks a cut). */
export function capWords(text: string, n: number): string {
  // Words one space apart and within the limit are their own first n words: every entry of every bible read is capped.
  return n > 0 && SPACED_WORDS.test(text) && countWordsUpTo(text, n + 1) <= n ? text : firstWords(text, n);
}
const SPACED_WORDS = /^\S+(?: \S+)*$/;

export const clean = (s: string) =>
  s
    .replace(/^[-*•\d.)\s]+/, '')
    .replace(/\*\*|__/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** "Name | role | state | last seen", or "Name: role, state" / "Name – role". */
export function parseCharacter(line: string): BibleCharacter | undefined {
  const text = clean(line);
  if (!text) return undefined;
  const all = text.split('|').map((c) => c.trim());
  const since = all.length > 2 ? sinceCell(all[all.length - 1]!) : undefined;
  const cells = since ? all.slice(0, -1) : all;
  if (cells.length >= 2) {
    const [name, role = '', state = '', lastSeen = ''] = since ? cells.map((c) => (c === '-' ? '' : c)) : cells;
    return name
      ? {
          name: capWords(name, 8),
          role: capWords(role, BIBLE_LIMITS.entryWords),
          state: capWords(state, BIBLE_LIMITS.entryWords),
          lastSeen: capWords(lastSeen, 6),
          ...(since ? { since: capWords(since, 6) } : {}),
        }
      : undefined;
  }
  const m = /^([^:–—-]{1,60}?)\s*[:–—-]\s*(.+)$/.exec(text);
  if (!m) return { name: capWords(text, 8), role: '', state: '', lastSeen: '' };
  return { name: m[1]!.trim(), role: '', state: capWords(m[2]!, BIBLE_LIMITS.entryWords), lastSeen: '' };
}

/** A thread's status words at a cell's start, in every language's `reading.bible`, tried in this order. */
const STATUSES: readonly ThreadStatus[] = ['resolved', 'dropped', 'advanced', 'open'];
const statusWords = (status: ThreadStatus) => readingPattern(String.raw`^(?:{bible.${status}})(?!\p{L})`);

/** "resolved Chapter 6" → the status and the part it changed in. */
function statusCell(cell: string): { status: ThreadStatus; changed?: string } | undefined {
  for (const status of STATUSES) {
    const m = statusWords(status).exec(cell);
    if (!m) continue;
    const rest = cell
      .slice(m[0].length)
      .replace(readingPattern(String.raw`^\s*(?:{bible.at})\s+`), '')
      .trim();
    return {
      status,
      ...(readingPattern(String.raw`\d|{parts.introduction}|{parts.conclusion}`).test(rest)
        ? { changed: capWords(rest, 6) }
        : {}),
    };
  }
  return undefined;
}

/** "thread | where opened | open|advanced|resolved|dropped [part] | due part", or a plain thread (open). */
export function parseThread(line: string): BibleThread | undefined {
  const text = clean(line);
  if (!text) return undefined;
  const cells = text
    .split('|')
    .map((c) => c.trim())
    .filter(Boolean);
  const dueAt = cells.findIndex((c, i) => i > 0 && dueCell(c));
  const due = dueAt > 0 ? dueCell(cells[dueAt]!) : undefined;
  const rest = cells.filter((_, i) => i !== dueAt && !(i > 0 && sinceCell(cells[i]!)));
  const found = rest.length >= 2 ? statusCell(rest[rest.length - 1]!) : undefined;
  const marked = readingPattern(String.raw`\((?:{bible.resolved})\)\s*$`).test(text) ? 'resolved' : undefined;
  const body = found ? rest.slice(0, -1) : rest;
  const thread = (body[0] ?? text)
    .replace(readingPattern(String.raw`\((?:{bible.resolved}|{bible.open})\)\s*$`), '')
    .trim();
  if (!thread) return undefined;
  const base: BibleThread = {
    thread: capWords(thread, BIBLE_LIMITS.entryWords),
    opened: capWords(body[1] ?? '', 6),
    isResolved: false,
  };
  return {
    ...withStatus(base, found?.status ?? marked ?? 'open'),
    ...(found?.changed ? { changed: found.changed } : {}),
    ...(due ? { due: capWords(due, 6) } : {}),
  };
}

/** "fact | since Chapter 2": the fact and its part. */
export function parseFact(line: string): { fact: string; since?: string } {
  const text = clean(line);
  const cells = text.split('|').map((c) => c.trim());
  const since = cells.length > 1 ? sinceCell(cells[cells.length - 1]!) : undefined;
  return { fact: (since ? cells.slice(0, -1) : cells).join(' | ').trim(), ...(since ? { since } : {}) };
}

/** The kinds a replaced value is written with (render.ts), in any language of the table. */
const REPLACED_KINDS = ['character', 'fact', 'thread'] as const;

/** "kind | subject | value… | Chapter 1 → Chapter 4": a replaced value. */
export function parseReplaced(line: string): Replaced | undefined {
  const cells = clean(line)
    .split('|')
    .map((c) => c.trim());
  const range = /^(.*?)\s*(?:→|->)\s*(.+)$/.exec(cells[cells.length - 1] ?? '');
  const kind = bibleKeyOf(cells[0] ?? '', REPLACED_KINDS);
  if (!range || !kind || cells.length < 4) return undefined;
  return {
    kind,
    subject: cells[1]!,
    value: cells.slice(2, -1).join(' | '),
    since: range[1]!.trim(),
    until: range[2]!.trim(),
  };
}

/** "Chapter 3: line" (a recent part or an arc). */
export function parseLabelled(line: string): BibleLine | undefined {
  const text = clean(line);
  const m = /^([^:]{1,40}?)\s*:\s*(.+)$/.exec(text);
  if (m) return { label: m[1]!.trim(), line: capWords(m[2]!, BIBLE_LIMITS.lineWords) };
  return text ? { label: '', line: capWords(text, BIBLE_LIMITS.lineWords) } : undefined;
}
