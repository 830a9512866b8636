// The story map: the book's story bible and continuity findings laid out part by part, computed whenever it is
// asked from the saved book (no model call, nothing stored), so it is current after every part, rewrite, edit
// and import. One lane per character (from the part they first appear in to the part they were last seen in,
// a mark at each state the bible recorded, dead or absent from the part that said so), one per thread (opened
// to resolved, its due part, overdue when open past it), the facts with their span, relations between two
// characters that a fact or a state names together, the findings in their parts, and what the last part
// changed in the bible. As of a part, it holds only what that part knew (bibleAsOf).
import type { BookSpec, ResolvedSpec } from '../../spec/types.js';
import { nextStep, type BookState } from '../../compile/flow.js';
import { partLabel } from '../../compile/labels.js';
import type { Lang } from '../../languages/index.js';
import {
  parseBible,
  type StoryBible,
  bibleAsOf,
  threadStatus,
  type ThreadStatus,
  type BibleCharacter,
  type Replaced,
  partsOf,
  isSeriesLabel,
} from '../bible/index.js';
import { openContinuityFindings } from '../continuity/index.js';
import { bookSummary } from '../book.js';
import { bibleChanges } from './changes.js';
import { isGoneState, placeOf, type MapPlace } from './place.js';
import { relationsOf } from './relations.js';
import type { CharacterLane, FactPoint, MapFinding, MapPart, StoryMap, ThreadLane } from './schema.js';

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
const STATUSES: readonly ThreadStatus[] = ['open', 'advanced', 'resolved', 'dropped'];

/** A replaced value that a rewrite took back (kept from its part to itself) was never true: it makes no mark. */
const isRetracted = (r: Replaced) => r.since === r.until;

/** Marks by part, oldest first; two at one part keep the later. */
function byPart<T extends { at: number }>(marks: readonly T[]): T[] {
  const kept = new Map<number, T>();
  for (const m of [...marks].sort((a, b) => a.at - b.at)) kept.set(m.at, m);
  return [...kept.values()];
}

function characterLane(p: MapPlace, bible: StoryBible, c: BibleCharacter, upTo: number): CharacterLane {
  const past = (bible.replaced ?? []).filter(
    (r) => r.kind === 'character' && norm(r.subject) === norm(c.name) && !isRetracted(r),
  );
  const states = byPart([
    ...past.map((r) => {
      const [, state = '', lastSeen = ''] = r.value.split('|').map((s) => s.trim());
      return { at: p.at(r.since || lastSeen), state };
    }),
    { at: p.at(c.since ?? c.lastSeen), state: c.state },
  ]);
  const marks = states.map((s) => ({ ...p.refAt(Math.max(0, s.at)), state: s.state, is_gone: isGoneState(s.state) }));
  const first = Math.max(0, Math.min(...states.map((s) => s.at), c.lastSeen ? p.at(c.lastSeen) : Infinity));
  // The part they were last seen in: never before their latest state, never past the part the map is as of.
  const last = Math.max(first, Math.min(upTo, Math.max(c.lastSeen ? p.at(c.lastSeen) : -1, states.at(-1)!.at)));
  // Gone from the earliest part from which every recorded state is dead or absent.
  let goneAt = -1;
  for (let i = marks.length - 1; i >= 0 && marks[i]!.is_gone; i--) goneAt = i;
  return {
    name: c.name,
    role: c.role,
    state: c.state,
    first: p.refAt(first),
    last: p.refAt(last),
    marks,
    ...(goneAt >= 0 ? { gone: marks[goneAt]! } : {}),
  };
}

function threadLanes(p: MapPlace, bible: StoryBible, upTo: number, isFinished: boolean): ThreadLane[] {
  return bible.threads.map((t) => {
    const past = (bible.replaced ?? []).filter(
      (r) => r.kind === 'thread' && norm(r.subject) === norm(t.thread) && !isRetracted(r),
    );
    const status = threadStatus(t);
    const marks = byPart([
      ...past.map((r) => ({
        at: p.at(r.since || t.opened),
        status: STATUSES.find((s) => s === r.value.trim()) ?? 'open',
      })),
      { at: p.at(t.changed ?? t.opened), status },
    ]).map((m) => ({ ...p.refAt(Math.max(0, m.at)), status: m.status }));
    const due = t.due ? p.ref(t.due) : undefined;
    // As the book's threads say it (bookThreads): open past its due part, or open at the end of a finished book with
    // none.
    const isOpen = !t.isResolved && !isSeriesLabel(t.opened);
    const isOverdue = isOpen && ((due?.position != null && due.position < upTo) || (isFinished && !due));
    return {
      thread: t.thread,
      status,
      opened: p.ref(t.opened),
      ...(due ? { due } : {}),
      ...(t.isResolved ? { closed: p.ref(t.changed ?? t.opened) } : {}),
      marks,
      is_overdue: isOverdue,
    };
  });
}

function factPoints(p: MapPlace, bible: StoryBible): FactPoint[] {
  const now = bible.facts.map((fact) => ({
    fact,
    since: bible.factSince?.[fact] ? p.ref(bible.factSince[fact]) : null,
    until: null,
  }));
  const before = (bible.replaced ?? [])
    .filter((r) => r.kind === 'fact' && !isRetracted(r))
    .map((r) => ({ fact: r.value, since: r.since ? p.ref(r.since) : null, until: p.ref(r.until) }));
  return [...before, ...now].sort((a, b) => (a.since?.position ?? -1) - (b.since?.position ?? -1));
}

/**
 * The continuity findings a writer still has to look at (as the book's page lists them), each in its part, up to
 * `upTo`.
 */
function findingsOf(spec: BookSpec, state: BookState, p: MapPlace, upTo: number, isFinished: boolean): MapFinding[] {
  return openContinuityFindings(spec, state, isFinished).findings.flatMap((found, position) =>
    position > upTo
      ? []
      : found.map((f) => ({
          ...p.refAt(position),
          kind: f.kind,
          detail: f.detail,
          part: f.part,
          ...(f.key ? { key: f.key } : {}),
        })),
  );
}

/**
 * The story map of a book, whole (as of its last written part) or as of part `asOf` (a position: 0 the
 * introduction, n chapter n), holding only what that part knew. A position past the last written part is
 * the last written part. `labelsIn`: the language its parts are named in (the book's by default; the page's for a
 * studio page, whose sentences name them).
 * @example storyMap(spec, state, { asOf: 2 }).characters.map((c) => c.name) // the characters Chapter 2 knows
 */
export function storyMap(
  spec: ResolvedSpec,
  state: BookState,
  opts: { asOf?: number; labelsIn?: Lang } = {},
): StoryMap {
  const labelsIn = opts.labelsIn ?? state.lang;
  const lastWritten = state.content.length - 1;
  const isAsOf = opts.asOf !== undefined && opts.asOf < lastWritten;
  const upTo = Math.max(0, isAsOf ? opts.asOf! : lastWritten);
  const partOf = partsOf(spec, state);
  const undated = state.memoryUpTo ?? lastWritten;
  const p = placeOf(spec, state, partOf, undated, labelsIn);
  const full = parseBible(state.memory);
  const bible = bibleAsOf(full, isAsOf ? upTo : Math.max(upTo, undated), partOf, undated);
  const isFinished = !isAsOf && spec.kind === 'book' && nextStep(spec, state) === null;
  const characters = bible.characters.map((c) => characterLane(p, bible, c, upTo));
  return {
    title: bookSummary(spec, state).title,
    generator_id: spec.id,
    lang: state.lang,
    as_of: p.refAt(upTo),
    is_as_of: isAsOf,
    parts: state.content
      .slice(0, upTo + 1)
      .map((_, i) => ({ position: i, label: partLabel(spec, i, state.totalChapters, labelsIn) })),
    characters,
    threads: threadLanes(p, bible, upTo, isFinished),
    facts: factPoints(p, bible),
    relations: relationsOf(p, bible, characters),
    findings: spec.kind === 'book' && state.content.length ? findingsOf(spec, state, p, upTo, isFinished) : [],
    changes: bibleChanges(upTo > 0 ? bibleAsOf(full, upTo - 1, partOf, undated) : undefined, bible, {
      at: p.refAt(upTo),
      before: upTo > 0 ? p.refAt(upTo - 1) : null,
    }),
  };
}
