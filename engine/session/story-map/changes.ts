// What one part changed in the story bible: the bible as of the part against the bible as of the part before
// (bibleAsOf both). New: an entry the part before did not hold. Changed: a character's state, a thread's status
// or a fact's value (the same subject) that differs. Gone: a character now recorded dead or absent, or any
// entry the bible no longer holds.
import { type StoryBible, factSubject, threadStatus } from '../bible/index.js';
import { isGoneState as isGone } from './place.js';
import type { MapChange, MapChanges, MapPart } from './schema.js';

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Entries of two lists, matched by key: each key's value before and now (either may be absent). */
function paired<T>(before: readonly T[], now: readonly T[], key: (t: T) => string): Array<{ before?: T; now?: T }> {
  const out = new Map<string, { before?: T; now?: T }>();
  for (const b of before) out.set(key(b), { before: b });
  for (const n of now) out.set(key(n), { ...out.get(key(n)), now: n });
  return [...out.values()];
}

interface Sorted {
  new: MapChange[];
  changed: MapChange[];
  gone: MapChange[];
}

function characterChanges(before: StoryBible, now: StoryBible, into: Sorted): void {
  for (const { before: b, now: n } of paired(before.characters, now.characters, (c) => norm(c.name))) {
    if (!b) into.new.push({ kind: 'character', subject: n!.name, to: n!.state });
    else if (!n) into.gone.push({ kind: 'character', subject: b.name, from: b.state });
    else if (norm(b.state) !== norm(n.state))
      (isGone(n.state) && !isGone(b.state) ? into.gone : into.changed).push({
        kind: 'character',
        subject: n.name,
        from: b.state,
        to: n.state,
      });
  }
}

function threadChanges(before: StoryBible, now: StoryBible, into: Sorted): void {
  for (const { before: b, now: n } of paired(before.threads, now.threads, (t) => norm(t.thread))) {
    if (!b) into.new.push({ kind: 'thread', subject: n!.thread, to: threadStatus(n!) });
    else if (!n) into.gone.push({ kind: 'thread', subject: b.thread, from: threadStatus(b) });
    else if (threadStatus(b) !== threadStatus(n))
      into.changed.push({ kind: 'thread', subject: n.thread, from: threadStatus(b), to: threadStatus(n) });
  }
}

function factChanges(before: StoryBible, now: StoryBible, into: Sorted): void {
  for (const { before: b, now: n } of paired(before.facts, now.facts, factSubject)) {
    if (b === undefined) into.new.push({ kind: 'fact', subject: factSubject(n!), to: n! });
    else if (n === undefined) into.gone.push({ kind: 'fact', subject: factSubject(b), from: b });
    else if (norm(b) !== norm(n)) into.changed.push({ kind: 'fact', subject: factSubject(n), from: b, to: n });
  }
}

/**
 * What the bible as of `now` holds that the bible as of the part before (`before`; none for the first part) did not.
 */
export function bibleChanges(
  before: StoryBible | undefined,
  now: StoryBible,
  parts: { at: MapPart; before: MapPart | null },
): MapChanges {
  const empty: StoryBible = { premise: '', ending: '', chapters: [], arcs: [], characters: [], threads: [], facts: [] };
  const sorted: Sorted = { new: [], changed: [], gone: [] };
  const was = before ?? empty;
  characterChanges(was, now, sorted);
  threadChanges(was, now, sorted);
  factChanges(was, now, sorted);
  return { at: parts.at, before: parts.before, ...sorted };
}
