// Merging a part's update into the story bible: the part's line added (or put back in its place), the oldest lines
// folded into arcs and arcs merged past their limits, the tables taking the update's versions (dated by time.ts),
// and the characters past the kept table's limit kept as replaced values.
import type { Lang } from '../../spec/types.js';
import type { BibleCharacter, BibleLine, BibleUpdate, StoryBible } from './types.js';
import { datedUpdate, factSubject, KEPT_LIMITS, type Replaced } from './time.js';
import { characterKey } from './character-key.js';
import { bounded } from './bounds.js';
import { BIBLE_LIMITS, capWords } from './entries.js';
import { arcLabel, mergeLabels } from './labels.js';

/** The chapter lines the next update is asked to fold into one arc (empty while the bible has room). */
export function linesToFold(b: StoryBible): readonly BibleLine[] {
  return b.chapters.length >= BIBLE_LIMITS.chapters ? b.chapters.slice(0, BIBLE_LIMITS.foldSize) : [];
}

/** Join two lines into one within the line limit (a fold the model did not write). */
function joined(lines: readonly BibleLine[]): string {
  const share = Math.max(6, Math.floor(BIBLE_LIMITS.lineWords / Math.max(1, lines.length)));
  return (
    lines
      .map((l) =>
        capWords(l.line, share)
          .replace(/ …$/, '')
          .replace(/[.;]+$/, ''),
      )
      .join('; ') + '.'
  );
}

/**
 * The bible after part `label` was written and the model answered `update`: the part's line is added,
 * the oldest lines fold into an arc once there are too many (with the model's arc line when it wrote
 * one), arcs merge pairwise past their limit, and the tables take the update's versions. Pure.
 */
export function applyBibleUpdate(
  bible: StoryBible,
  update: BibleUpdate,
  input: { label: string; lang: Lang; premise?: string; ending?: string },
): StoryBible {
  // A part's line replaces the line it had (a rewritten part keeps its place); a new part's line goes last.
  const line = update.chapterLine ? { label: input.label, line: update.chapterLine } : undefined;
  const at = bible.chapters.findIndex((c) => c.label === input.label);
  let chapters =
    at >= 0
      ? bible.chapters.flatMap((c, i) => (i === at ? (line ? [line] : []) : [c]))
      : [...bible.chapters, ...(line ? [line] : [])];
  let arcs = [...bible.arcs];
  while (chapters.length > BIBLE_LIMITS.chapters) {
    const fold = chapters.slice(0, BIBLE_LIMITS.foldSize);
    const isAsked = linesToFold(bible).length > 0 && fold[0]?.label === linesToFold(bible)[0]?.label;
    arcs.push({ label: arcLabel(fold, input.lang), line: isAsked && update.arcLine ? update.arcLine : joined(fold) });
    chapters = chapters.slice(BIBLE_LIMITS.foldSize);
  }
  while (arcs.length > BIBLE_LIMITS.arcs) {
    const [a, b, ...rest] = arcs;
    arcs = [{ label: mergeLabels(a!.label, b!.label, input.lang), line: joined([a!, b!]) }, ...rest];
  }
  return bounded(
    withOverflow(
      datedUpdate(
        bible,
        {
          ...bible,
          premise: input.premise ?? bible.premise,
          ending: input.ending ?? bible.ending,
          chapters,
          arcs,
          characters: update.characters?.length
            ? mergeCharacters(bible.characters, update.characters)
            : bible.characters,
          threads: update.threads?.length ? update.threads : bible.threads,
          facts: update.facts?.length ? mergeFacts(bible.facts, update.facts) : bible.facts,
        },
        input.label,
      ),
      bible,
      input.label,
    ),
  );
}

/**
 * The bible with its character table within KEPT_LIMITS: past it, the last listed of those the bible already held
 * (the update's table comes first, those it left out after) leave the table, their value kept as replaced until
 * `label` (bibleAsOf brings them back before it; a value from `label` itself was replaced there, its earlier one
 * kept); a character new in this part leaves it only when the part brought in more than the table holds.
 */
function withOverflow(b: StoryBible, old: StoryBible, label: string): StoryBible {
  let over = b.characters.length - KEPT_LIMITS.characters;
  if (over <= 0) return b;
  const held = new Set(old.characters.map((c) => characterKey(c.name)));
  const leaving = new Set<BibleCharacter>();
  for (let i = b.characters.length - 1; i >= 0 && over > 0; i--) {
    const c = b.characters[i]!;
    if (!held.has(characterKey(c.name))) continue;
    leaving.add(c);
    over--;
  }
  const staying = b.characters.filter((c) => !leaving.has(c)).slice(0, KEPT_LIMITS.characters);
  const gone: Replaced[] = [...leaving]
    .reverse()
    .filter((c) => (c.since ?? c.lastSeen) !== label)
    .map((c) => ({
      kind: 'character',
      subject: c.name,
      value: [c.role, c.state, c.lastSeen].join(' | '),
      since: c.since ?? c.lastSeen,
      until: label,
    }));
  return { ...b, characters: staying, replaced: [...(b.replaced ?? []), ...gone] };
}

/**
 * The update's facts, after the facts it left out (a request is shown only some: shownBible): a fact of a subject
 * the update gives another value is replaced (time.ts keeps the old value), any other is kept.
 */
function mergeFacts(old: readonly string[], fresh: readonly string[]): string[] {
  const subjects = new Set(fresh.map(factSubject));
  return [...old.filter((f) => !subjects.has(factSubject(f))), ...fresh];
}

/**
 * The update's table, with characters it left out kept after it while there is room (a minor character who left the
 * scene is not forgotten).
 */
function mergeCharacters(old: readonly BibleCharacter[], fresh: readonly BibleCharacter[]): BibleCharacter[] {
  // A name the update lists twice (a model's habit, "Aisha" and "Aisha."), is one character, its first row: the
  // table's rows are people, compared as the history compares them (characterKey).
  const names = new Set<string>();
  const once = fresh.filter((c) => !names.has(characterKey(c.name)) && names.add(characterKey(c.name)));
  return [...once, ...old.filter((c) => !names.has(characterKey(c.name)))];
}
