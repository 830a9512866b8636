// The promises an outline makes: its "Threads:" block ("Urusan:" / "Janji:" in Malay), one line each,
// "- thread | opened Chapter 2 | due Chapter 5". The story bible takes them in from the part they open in,
// and every part is told the promises due in it or overdue (templates/partials/threads-due.hbs). The
// writer can mark promises too, in the brief's premise or a chapter's note: "Promise: the missing key | due
// Chapter 5" ("Janji: kunci yang hilang | sasaran Bab 5"), opened from the introduction or that chapter.
import type { BookSpec, Lang } from '../../spec/types.js';
import type { BookState } from '../../compile/flow.js';
import { writerBriefOf } from '../../compile/brief.js';
import { partLabel } from '../../compile/labels.js';
import type { BibleThread, StoryBible } from './types.js';
import { parseThread } from './bible.js';
import type { PartOf } from './time.js';
import { bibleWord } from './words.js';
import { byText, TEXTS_KEPT } from '../../text-cache.js';
import { readingPattern } from '../../reading-words.js';

/**
 * The heading of an outline's threads block and the word before where one was opened: every language's `reading.bible`.
 */
const block = () =>
  readingPattern(
    String.raw`^\s*(?:#{1,6}\s*)?(?:\*\*|__)?\s*(?:{bible.threads})\s*(?:\*\*|__)?\s*:?\s*(?:\*\*|__)?\s*$`,
  );
const opened = () => readingPattern(String.raw`^(?:{bible.opened})\s+`);

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The threads of an outline's "Threads:" block (none without one); read once per outline (every step's request asks)
 * and frozen.
 */
export function outlineThreads(outline: string | undefined): readonly BibleThread[] {
  return threadsOfOutlines(outline ?? '');
}

const threadsOfOutlines = byText(TEXTS_KEPT, (outline: string): readonly BibleThread[] =>
  Object.freeze(readThreads(outline).map((t) => Object.freeze(t))),
);

function readThreads(outline: string): BibleThread[] {
  const lines = outline.replace(/\r\n?/g, '\n').split('\n');
  const start = lines.findIndex((l) => block().test(l));
  if (start < 0) return [];
  const out: BibleThread[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.trim()) {
      if (out.length) break;
      continue;
    }
    if (!/^\s*([-*•]|\d+[.)])\s/.test(line)) break;
    const cells = line.split('|').map((c, i) => (i === 1 ? c.trim().replace(opened(), '') : c));
    const thread = parseThread(cells.join('|'));
    if (thread) out.push(thread);
  }
  return out;
}

const PROMISE = /^\s*(?:[-*•]\s*)?(?:\*\*|__)?(?:promise|janji)(?:\*\*|__)?\s*:\s*(?:\*\*|__)?\s*(.+)$/i;

/** The promises a writer's text marks ("Promise: … | due Chapter 5"), opened in the part labelled `opened`. */
export function writerPromises(text: string, opened: string): BibleThread[] {
  return text.split(/\r?\n/).flatMap((line) => {
    const m = PROMISE.exec(line);
    const thread = m ? parseThread(m[1]!) : undefined;
    return thread ? [{ ...thread, opened }] : [];
  });
}

/**
 * The promises planned before a part is written: the outline's, then those the writer marked in the brief's premise and
 * the chapter notes.
 */
export function plannedThreads(
  spec: BookSpec,
  state: Pick<BookState, 'outline' | 'settings' | 'chapterNotes' | 'totalChapters' | 'lang'>,
): BibleThread[] {
  const label = (position: number) => partLabel(spec, position, state.totalChapters, state.lang);
  const notes = Object.entries(state.chapterNotes ?? {}).flatMap(([n, note]) => writerPromises(note, label(Number(n))));
  const planned = [
    ...outlineThreads(state.outline),
    ...writerPromises(writerBriefOf(spec, state.settings).premise, label(0)),
    ...notes,
  ];
  const seen = new Set<string>();
  return planned.filter((t) => !seen.has(norm(t.thread)) && !!seen.add(norm(t.thread)));
}

/** The bible with the outline's threads opened by part `upTo` that it does not hold yet. */
export function withOutlineThreads(
  b: StoryBible,
  threads: readonly BibleThread[],
  upTo: number,
  partOf: PartOf,
): StoryBible {
  const known = new Set(b.threads.map((t) => norm(t.thread)));
  const fresh = threads.filter((t) => !known.has(norm(t.thread)) && (partOf(t.opened) ?? 0) <= upTo);
  return fresh.length ? { ...b, threads: [...b.threads, ...fresh] } : b;
}

/** The promises still open that are due in part `position` or were due before it, one line each. */
export function dueThreadLines(threads: readonly BibleThread[], position: number, partOf: PartOf, lang: Lang): string {
  return threads
    .flatMap((t) => {
      const due = t.due ? partOf(t.due) : undefined;
      if (t.isResolved || due === undefined || due > position) return [];
      return [bibleWord(due === position ? 'dueIn' : 'wasDueIn', lang, { thread: t.thread, at: t.due! })];
    })
    .join('\n');
}
