// The story bible after a part was rewritten: what the part established before replaced by what it establishes
// now, what later parts established kept, and what the part no longer establishes kept as retracted (replaced from
// the part to itself), so the parts after it that mention it can be listed to check.
import type { BibleLine, Replaced, StoryBible } from './types.js';
import { arcParts } from './labels.js';
import { compactHistory, factSubject, norm, type PartOf } from './time.js';

/**
 * The bible after part `label` (at `position`) was rewritten: `derived` is its update re-run on the bible
 * as of the part before it. What the part established before is replaced by what it establishes now;
 * what later parts established stays (a later value of the same subject still wins); a value the part
 * no longer establishes is kept as replaced from `label` to `label` (retracted), so the parts after it
 * that mention it can be listed to check.
 */
export function rederived(
  old: StoryBible,
  derived: StoryBible,
  label: string,
  position: number,
  partOf: PartOf,
  undated: number,
): StoryBible {
  const at = (l: string | undefined) => (l ? (partOf(l) ?? undated) : undated);
  const isLater = (l: string | undefined) => at(l) > position;
  const retracted: Replaced[] = [];
  const derivedChars = new Map(derived.characters.map((c) => [norm(c.name), c]));
  const characters = [
    ...derived.characters.map(
      (c) => old.characters.find((o) => norm(o.name) === norm(c.name) && isLater(o.since ?? o.lastSeen)) ?? c,
    ),
    ...old.characters.filter(
      (o) =>
        !derivedChars.has(norm(o.name)) && (isLater(o.since ?? o.lastSeen) || at(o.since ?? o.lastSeen) < position),
    ),
  ];
  for (const o of old.characters) {
    const now = derivedChars.get(norm(o.name));
    if (at(o.since) === position && (!now || norm(now.state) !== norm(o.state)))
      retracted.push({
        kind: 'character',
        subject: o.name,
        value: [o.role, o.state, o.lastSeen].join(' | '),
        since: label,
        until: label,
      });
  }
  const laterFacts = old.facts.filter((f) => isLater(old.factSince?.[f]));
  const laterSubjects = new Set(laterFacts.map(factSubject));
  const facts = [...derived.facts.filter((f) => !laterSubjects.has(factSubject(f))), ...laterFacts];
  const factSince = Object.fromEntries(
    facts.flatMap((f) => {
      const since = derived.factSince?.[f] ?? old.factSince?.[f];
      return since ? [[f, since]] : [];
    }),
  );
  for (const f of old.facts)
    if (at(old.factSince?.[f]) === position && !derived.facts.includes(f))
      retracted.push({ kind: 'fact', subject: factSubject(f), value: f, since: label, until: label });
  const threads = [
    ...derived.threads.map(
      (t) => old.threads.find((o) => norm(o.thread) === norm(t.thread) && isLater(o.changed)) ?? t,
    ),
    ...old.threads.filter((o) => isLater(o.opened)),
  ];
  const replaced = [
    ...(old.replaced ?? []).filter((r) => at(r.until) !== position),
    ...(derived.replaced ?? []).filter((r) => at(r.until) === position),
    ...retracted,
  ];
  return {
    ...old,
    chapters: rederivedLines(old, derived, label, position, partOf),
    characters,
    facts,
    factSince,
    threads,
    replaced: compactHistory(replaced),
  };
}

/**
 * The chapter lines after part `label` (at `position`) was read again: its line replaced where it stands, or,
 * when the bible had none for it and no arc folds it, put in its place among the others (never dropped).
 */
function rederivedLines(
  old: StoryBible,
  derived: StoryBible,
  label: string,
  position: number,
  partOf: PartOf,
): BibleLine[] {
  const line = derived.chapters.find((d) => d.label === label);
  if (old.chapters.some((c) => c.label === label))
    return old.chapters.map((c) => (c.label === label ? (line ?? c) : c));
  const isFolded = old.arcs.some((a) => {
    const span = arcParts(a.label, partOf);
    return span !== undefined && span[0] <= position && position <= span[1];
  });
  if (!line || isFolded) return [...old.chapters];
  const after = old.chapters.findIndex((c) => (partOf(c.label) ?? -1) > position);
  return after < 0 ? [...old.chapters, line] : [...old.chapters.slice(0, after), line, ...old.chapters.slice(after)];
}

/** The values a rewrite of a part retracted (kept from the part to itself), the most recent last. */
export function retractions(b: StoryBible): Replaced[] {
  return (b.replaced ?? []).filter((r) => r.since === r.until);
}
