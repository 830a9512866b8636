// The book's story bible read once and dated for the continuity checks (its own laid over its series'), and what
// the whole book shows from it: its promises as they stand after its last part, and, for each part, the rewritten
// earlier part whose old version established something it mentions.
import { wordList } from '../../words.js';
import type { BookSpec } from '../../spec/types.js';
import type { BookState } from '../../compile/flow.js';
// The bible's light door, not its index: a batch's book-end thread reads continuity without the bible's updates (their
// prompts, Handlebars and zod).
import {
  parseBible,
  type StoryBible,
  bibleAsOf,
  retractions,
  threadStatus,
  type PartOf,
  partsOf,
  hasSeriesBible,
  isSeriesLabel,
  seriesOf,
  withSeries,
} from '../bible/light.js';
import { wordsOf } from './text.js';

/** A book's story bible, read once, and where its labels stand. */
export interface Dated {
  bible: StoryBible;
  partOf: PartOf;
  undated: number;
  asOf(upTo: number): StoryBible;
}

export function dated(spec: BookSpec, state: BookState): Dated {
  const bible = parseBible(state.memory);
  const partOf = partsOf(spec, state);
  const undated = state.memoryUpTo ?? state.content.length - 1;
  // A book of a series is checked against the series before it too (a finding names that book's part).
  const series = seriesOf(state);
  return { bible, partOf, undated, asOf: (upTo) => withSeries(bibleAsOf(bible, upTo, partOf, undated), series) };
}

/** True when there is a bible to check a book against: its own, or its series'. */
export const hasBible = (state: BookState) => !!state.memory?.trim() || hasSeriesBible(seriesOf(state));

/** The book's promises as they stand after its last written part. */
export function bookThreads(
  spec: BookSpec,
  state: BookState,
  isFinished: boolean,
): Array<{
  thread: string;
  opened: string;
  due?: string;
  status: 'open' | 'advanced' | 'resolved' | 'dropped';
  is_overdue: boolean;
}> {
  if (spec.kind !== 'book' || !hasBible(state)) return [];
  const d = dated(spec, state);
  const last = state.content.length - 1;
  return d.asOf(Math.max(last, d.undated)).threads.map((t) => {
    const due = t.due ? d.partOf(t.due) : undefined;
    const isOpen = !t.isResolved && !isSeriesLabel(t.opened);
    return {
      thread: t.thread,
      opened: t.opened,
      ...(t.due ? { due: t.due } : {}),
      status: threadStatus(t),
      is_overdue: isOpen && ((due !== undefined && due < last) || (isFinished && due === undefined)),
    };
  });
}

/**
 * True when a text mentions a retracted subject: a character's first name, or every longer word of a fact's subject.
 */
function mentions(text: string, kind: string, subject: string): boolean {
  const words = new Set(wordsOf(text).map((w) => w.toLowerCase()));
  if (kind === 'character') return words.has(subject.split(/\s+/)[0]!.toLowerCase());
  const key = wordList(subject).filter((w) => w.length >= 4);
  return key.length > 0 && key.every((w) => words.has(w.toLowerCase()));
}

/**
 * For each part, the label of an earlier part the writer rewrote whose old version established something
 * this part mentions (the most recent such rewrite): "check against the rewritten Chapter 4".
 */
export function checksAgainst(spec: BookSpec, state: BookState): Array<string | undefined> {
  if (spec.kind !== 'book' || !state.memory?.trim()) return state.content.map(() => undefined);
  const d = dated(spec, state);
  const retracted = retractions(d.bible);
  return state.content.map(
    (text, p) =>
      [...retracted].reverse().find((r) => (d.partOf(r.until) ?? p) < p && mentions(text, r.kind, r.subject))?.until,
  );
}
