// The story bible a step is sent: the book's bible as it stood after the part before the step (a rewrite,
// "write more" or a passage edit of chapter k never sees what later chapters established), without the
// replaced values and the dates the session keeps for itself.
import { voiceGuidanceOf } from '../voice/index.js';
import type { BookSpec, ResolvedSpec } from '../../spec/types.js';
import type { BookState } from '../../compile/flow.js';
import { conclusionPosition } from '../../spec/conclusion.js';
import { parseBible, renderBible, shownBible, type StoryBible } from './bible.js';
import { bibleAsOf, type PartOf } from './time.js';
import { partsOf } from './parts-of.js';
import { characterKey } from './character-key.js';
import { dueThreadLines, plannedThreads, withOutlineThreads } from './outline-threads.js';
import type { PromptState } from '../../compile/prompt.js';
import { hasSeriesBible, isSeriesLabel, seriesOf, withSeries } from './series.js';
import { arcParts } from './labels.js';
import { byText, TEXTS_KEPT } from '../../text-cache.js';

/** The book's bible (structured) as of part `upTo`, with the planned promises (outline, brief) opened by then. */
export function structuredAsOf(spec: ResolvedSpec, state: BookState, upTo: number): StoryBible {
  const partOf = partsOf(spec, state);
  return withOutlineThreads(
    bibleAsOf(parseBible(state.memory), upTo, partOf, state.memoryUpTo ?? upTo),
    plannedThreads(spec, state),
    upTo,
    partOf,
  );
}

/**
 * The book with the bible a step at `position` is sent (the bible as of the part before it), for rendering only.
 * With `cast`, a step that writes a part again (a rewrite, "write more", a passage edit) is also told the characters
 * that part brings in (as of it), so the part written again keeps the people the rest of the book knows.
 */
export function stateForStep(
  spec: ResolvedSpec,
  state: BookState,
  position: number,
  opts: { cast?: boolean } = {},
): PromptState {
  const withBible = bibleForStep(spec, state, position, opts);
  // A prose part is told the writer's voice and the overused phrases to keep out (the ones this book already leans on
  // first).
  if (spec.kind !== 'book' || position < 0) return withBible;
  const guidance = voiceGuidanceOf(state.voice, state.lang, state.content.slice(0, position));
  return guidance ? { ...withBible, voiceGuidance: guidance } : withBible;
}

/**
 * The state a step of the book is rendered from, as far as its story bible goes (stateForStep without the writer's
 * voice).
 */
export function bibleForStep(
  spec: ResolvedSpec,
  state: BookState,
  position: number,
  opts: { cast?: boolean } = {},
): PromptState {
  // Everything the shown bible is made from; a book's step and the update after it ask for the same one.
  const from = [
    spec,
    position,
    state.memoryUpTo,
    state.lang,
    state.totalChapters,
    state.outline,
    state.settings,
    state.chapterNotes,
    state.series,
    opts.cast === true,
  ];
  const kept = shownOf(state.memory ?? '');
  let shown = kept.find((k) => k.from.every((v, i) => v === from[i]));
  if (!shown) {
    shown = { from, ...showBible(spec, state, position, opts.cast === true) };
    kept.push(shown);
    if (kept.length > SHOWN_KEPT) kept.shift();
  }
  if (!shown.isShown) return state;
  const { memory: _m, ...rest } = state;
  return {
    ...rest,
    ...(shown.memory ? { memory: shown.memory } : {}),
    ...(shown.due ? { dueThreads: shown.due } : {}),
  };
}

/**
 * A step's bible as it is shown (its text and the threads due), kept with what it was made from (compared by identity).
 */
interface Shown {
  readonly from: readonly unknown[];
  readonly isShown: boolean;
  readonly memory: string;
  readonly due: string;
}
/** The bibles shown, by the book's bible text: a few steps of a book share one text. */
const shownOf = byText(TEXTS_KEPT, (): Shown[] => []);
const SHOWN_KEPT = 4;

function showBible(spec: ResolvedSpec, state: BookState, position: number, isCast: boolean): Omit<Shown, 'from'> {
  // A book of a series is also sent the series as of the end of the book before it (its own entries win by key).
  const series = seriesOf(state);
  const isSeries = hasSeriesBible(series);
  if (
    spec.kind !== 'book' ||
    position < 0 ||
    (!state.memory?.trim() && !plannedThreads(spec, state).length && !isSeries)
  )
    return { isShown: false, memory: '', due: '' };
  const partOf = partsOf(spec, state);
  const before = seenBy(withSeries(structuredAsOf(spec, state, position - 1), series), position - 1, partOf);
  // Within the request's bounds (shownBible): the characters seen most recently, the first and latest facts.
  const bible = shownBible(
    isCast ? withCast(before, seenBy(structuredAsOf(spec, state, position), position, partOf)) : before,
    partOf,
  );
  const due = dueThreadLines(bible.threads, position, partOf, state.lang);
  const memory =
    state.memory?.trim() || isSeries
      ? renderBible(bible, state.lang, { omit: ['premise', 'ending', 'replaced', 'since'] })
      : '';
  return { isShown: true, memory, due };
}

/**
 * The bible with each character's last-seen part as of `upTo`: a later one is not known yet, the part their state holds
 * from is.
 */
function seenBy(b: StoryBible, upTo: number, partOf: PartOf): StoryBible {
  // A part of an earlier book of the series ("Book 1, Conclusion") is before every part of this one, whatever its
  // number.
  const isLater = (label: string) => !!label && !isSeriesLabel(label) && (partOf(label) ?? -1) > upTo;
  return b.characters.some((c) => isLater(c.lastSeen))
    ? {
        ...b,
        characters: b.characters.map((c) =>
          isLater(c.lastSeen) ? { ...c, lastSeen: c.since && !isLater(c.since) ? c.since : '' } : c,
        ),
      }
    : b;
}

/**
 * The bible with the characters of `at` (the bible as of the part) it does not hold yet: the people the part brings in.
 */
function withCast(before: StoryBible, at: StoryBible): StoryBible {
  const key = characterKey;
  const known = new Set(before.characters.map((c) => key(c.name)));
  const cast = at.characters.filter((c) => !known.has(key(c.name)));
  return cast.length ? { ...before, characters: [...before.characters, ...cast] } : before;
}

/**
 * The parts the story bible holds, by position: each part with a line of its own in "Chapters so far" and
 * each part inside the span an arc's label names. Only the labels the session wrote count: a character's
 * "last seen" or a thread's "where opened" is the model's cell and may name a part not written yet.
 */
export function bibleParts(spec: BookSpec, state: Pick<BookState, 'memory' | 'totalChapters'>): number[] {
  if (spec.kind !== 'book' || !state.memory?.trim()) return [];
  const bible = parseBible(state.memory);
  const partOf = partsOf(spec, state);
  const end = conclusionPosition(spec.flow, state.totalChapters);
  const held = new Set<number>();
  for (const c of bible.chapters) {
    const at = c.label ? partOf(c.label) : undefined;
    if (at !== undefined) held.add(at);
  }
  for (const a of bible.arcs) {
    const span = arcParts(a.label, partOf);
    if (span) for (let i = span[0]; i <= span[1]; i++) held.add(i);
  }
  return [...held].filter((i) => i >= 0 && i <= end).sort((x, y) => x - y);
}

/**
 * The last part the story bible has taken in, by the parts it holds (bibleParts); -1 for none. A part at or
 * before it that the bible must take in again (after an edit) is re-derived, replacing what it said, rather
 * than added a second time; a part after it is new, and its line is added.
 */
export function bibleReadUpTo(spec: ResolvedSpec, state: BookState): number {
  return Math.max(-1, ...bibleParts(spec, state));
}
