// The outline as chapters: the writer sees one entry per chapter (title and plan) with a note
// ("what must happen here"), and edits, reorders, inserts and deletes the chapters not written yet. The
// outline text stays what the rest of the engine reads: the edited entries are written back into it
// (engine/compile/outline.ts renderOutline), the notes kept with the book by chapter position, and the
// chapter count follows the edited outline (so do progress, the plan of steps and the conclusion's
// place). Written chapters cannot be changed this way. Pure.
import type { BookSpec } from '../../spec/types.js';
import type { BookState } from '../../compile/flow.js';
import { chaptersWritten, conclusionPosition, totalChaptersFor } from '../../spec/conclusion.js';
import { parsedOutlineOf } from '../../compile/book-outline.js';
import { chapterEntriesOf, normalizeChapterEntry, renderOutline, type ChapterEntry } from '../../compile/outline.js';
import { EditError } from '../edits/index.js';

/** The most chapters an edited outline may have (as `karya generate --chapters`). */
export const MAX_OUTLINE_CHAPTERS = 100;
/** The longest chapter title (as the chapter title field). */
export const MAX_CHAPTER_TITLE_CHARS = 120;
/** The longest plan of one chapter. */
export const MAX_CHAPTER_PLAN_CHARS = 4000;
/** The longest note for one chapter (a sentence or a short paragraph). */
export const MAX_CHAPTER_NOTE_CHARS = 1000;
/** The longest outline the chapters may make (a 100-chapter outline of a model is about 40 000 characters). */
export const MAX_OUTLINE_CHARS = 120_000;

/** One chapter of the outline as the writer sees it. */
export interface OutlineChapter extends ChapterEntry {
  /** 1-based chapter number (its position in the book). */
  readonly number: number;
  /** The writer's note for the chapter ('' when none). */
  readonly note: string;
  /** The chapter is written: it cannot be changed through the outline. */
  readonly isWritten: boolean;
}

/**
 * The chapter edits a book takes: one with an outline step, numbered chapters (no fixed sections) and its outline
 * written.
 */
export function isOutlineEditable(spec: BookSpec, state: BookState): boolean {
  return spec.kind === 'book' && spec.flow.outline !== 'none' && !spec.flow.sections && state.outline !== undefined;
}

/** Chapters written (content holds the introduction, then chapters, then the conclusion). */
function writtenChapters(spec: BookSpec, state: BookState): number {
  return Math.max(0, Math.min(state.content.length - 1, chaptersWritten(spec.flow, state.totalChapters)));
}

/**
 * The book's chapters as the outline plans them, with the writer's notes; [] when the outline cannot be edited as
 * chapters.
 */
export function outlineChapters(spec: BookSpec, state: BookState): OutlineChapter[] {
  if (!isOutlineEditable(spec, state)) return [];
  const written = writtenChapters(spec, state);
  return chapterEntriesOf(parsedOutlineOf(spec, state), chaptersWritten(spec.flow, state.totalChapters)).map(
    (e, k) => ({
      number: k + 1,
      title: e.title,
      plan: e.plan,
      note: state.chapterNotes?.[k + 1] ?? '',
      isWritten: k + 1 <= written,
    }),
  );
}

/**
 * The book with its outline's chapters replaced by `chapters` (chapter 1 first): their entries written
 * into the outline, their notes kept by position, the chapter count following. The written chapters must
 * come first, unchanged (their notes stay as they were); refused otherwise (EditError `chapter_written`
 * naming the first one changed), as is any change once the conclusion is written (`book_finished`).
 * @example editOutline(spec, state, [{ title: 'The Return', plan: 'Aisha arrives.', note: 'Open in the rain.' }, …])
 */
export function editOutline(
  spec: BookSpec,
  state: BookState,
  chapters: ReadonlyArray<ChapterEntry & { readonly note?: string }>,
): BookState {
  if (!isOutlineEditable(spec, state)) throw new EditError('part_not_found');
  if (chapters.length < 1) throw new EditError('outline_too_short', { min: 1 });
  if (chapters.length > MAX_OUTLINE_CHAPTERS) throw new EditError('outline_too_long', { max: MAX_OUTLINE_CHAPTERS });
  for (const c of chapters) {
    if (
      c.title.length > MAX_CHAPTER_TITLE_CHARS ||
      c.plan.length > MAX_CHAPTER_PLAN_CHARS ||
      (c.note?.length ?? 0) > MAX_CHAPTER_NOTE_CHARS
    ) {
      throw new EditError('chapter_too_long', {
        title: MAX_CHAPTER_TITLE_CHARS,
        plan: MAX_CHAPTER_PLAN_CHARS,
        note: MAX_CHAPTER_NOTE_CHARS,
      });
    }
  }
  const lang = state.lang;
  const current = outlineChapters(spec, state);
  const written = current.filter((c) => c.isWritten);
  const entries = chapters.map((c) => normalizeChapterEntry(c, lang));
  const same = (a: ChapterEntry, b: ChapterEntry) => a.title === b.title && a.plan === b.plan;
  for (const w of written) {
    const given = entries[w.number - 1];
    if (!given || !same(given, normalizeChapterEntry(w, lang)))
      throw new EditError('chapter_written', { chapter: w.number });
  }
  const total = totalChaptersFor(spec.flow, entries.length);
  const isConclusionWritten = state.content.length > conclusionPosition(spec.flow, state.totalChapters);
  if (
    isConclusionWritten &&
    (total !== state.totalChapters || entries.some((e, k) => !same(e, normalizeChapterEntry(current[k]!, lang))))
  ) {
    throw new EditError('book_finished');
  }
  const notes: Record<number, string> = {};
  for (const w of written) if (state.chapterNotes?.[w.number]) notes[w.number] = state.chapterNotes[w.number]!;
  chapters.forEach((c, k) => {
    const note = c.note?.replace(/\r\n?/g, '\n').trim();
    if (k + 1 > written.length && note) notes[k + 1] = note;
  });
  const outline = renderOutline(state.outline, entries, lang);
  if (outline.length > MAX_OUTLINE_CHARS) throw new EditError('part_too_long', { max: MAX_OUTLINE_CHARS });
  return { ...state, outline, totalChapters: total, chapterNotes: notes };
}
