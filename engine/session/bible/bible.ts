// The story bible: what a long book must remember, structured and bounded. It replaces one free
// "story so far" text: the premise and the planned ending (from the outline), one line per recent part,
// older parts folded into arcs, a character table (name, role, current state, last seen), open threads
// (where opened, resolved or not) and established facts. After every part the model answers a small
// update (templates/memory.hbs asks for it); the session merges it here, and the limits below keep the
// bible (and so every chapter's request) the same size at chapter 100 as at chapter 10.
//
// The bible is kept as Markdown in the book's `memory` (both databases store it as they stored the
// memory text), so the studio shows and edits it as text and a hand edit is read back by parseBible.
// Here: the bible as the writer reads it and the writer's brief in it; reading it back is read.ts, merging an
// update merge.ts.
import { countWords } from '../../words.js';
import type { FieldShape, ResolvedSpec } from '../../spec/types.js';
import type { BookState } from '../../compile/flow.js';
import { parsedOutlineOf } from '../../compile/book-outline.js';
import { writerBriefOf, type WriterBrief } from '../../compile/brief.js';
import type { StoryBible } from './types.js';
import { characterKey } from './character-key.js';
import { bounded } from './bounds.js';
import { renderBible } from './render.js';
import { parseBible } from './read.js';

export { renderBible } from './render.js';
export { BIBLE_LIMITS, capWords, parseThread } from './entries.js';
export { bounded, shownBible } from './bounds.js';
export { EMPTY_BIBLE, parseBible, parseBibleUpdate } from './read.js';
export { applyBibleUpdate, linesToFold } from './merge.js';

export type { BibleCharacter, BibleLine, BibleThread, BibleUpdate, StoryBible } from './types.js';

/** Words of a bible as rendered (the figure `npm run eval` prints by chapter). */
export function bibleWords(text: string | undefined): number {
  return text ? countWords(text) : 0;
}

/**
 * The story bible of a book as the writer reads it (the studio, `--with-bible` exports): the premise and
 * planned ending from the outline, then what the session keeps; '' before anything exists.
 */
export function bookBible(
  spec: Pick<ResolvedSpec, 'kind' | 'flow'> & { readonly fields: readonly FieldShape[] },
  state: BookState,
): string {
  if (spec.kind !== 'book') return '';
  const parsed = parsedOutlineOf(spec, state);
  const brief = writerBriefOf(spec, state.settings);
  const kept = withWriterBrief(parseBible(state.memory), brief);
  return renderBible(
    bounded({ ...kept, premise: brief.premise || parsed.premise || '', ending: parsed.ending ?? '' }),
    state.lang,
  );
}

/**
 * The bible with the writer's brief in it: the writer's characters head the character table from
 * the start (a character the bible already has keeps its entry); nothing else changes.
 */
export function withWriterBrief(b: StoryBible, brief: WriterBrief): StoryBible {
  if (!brief.characters.length) return b;
  const key = characterKey;
  const known = new Map(b.characters.map((c) => [key(c.name), c]));
  const writers = brief.characters.map(
    (c) => known.get(key(c.name)) ?? { name: c.name, role: c.role, state: '', lastSeen: '' },
  );
  const mine = new Set(writers.map((c) => key(c.name)));
  return { ...b, characters: [...writers, ...b.characters.filter((c) => !mine.has(key(c.name)))] };
}
