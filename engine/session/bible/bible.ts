// The story bible: what a long book must remember, structured and bounded. It replaces one free
// "story so far" text: the premise and the planned ending (from the outline), one line per recent part,
// older parts folded into arcs, a character table (name, role, current state, last seen), open threads
// (where opened, resolved or not) and established facts. After every part the model answers a small
// update (templates/memory.hbs asks for it); the session merges it here, and the limits below keep the
// bible (and so every chapter's request) the same size at chapter 100 as at chapter 10.
//
// The bible is kept as Markdown in the book's `memory` (both databases store it as they stored the
// memory text), so the studio shows and edits it as text and a hand edit is read back by parseBible.
import { countWords } from '../../words.js';
import type { FieldShape, Lang, ResolvedSpec } from '../../spec/types.js';
import type { BookState } from '../../compile/flow.js';
import { parsedOutlineOf } from '../../compile/book-outline.js';
import { writerBriefOf, type WriterBrief } from '../../compile/brief.js';
import type { BibleCharacter, BibleLine, BibleThread, BibleUpdate, StoryBible } from './types.js';
import { datedUpdate, factSubject, KEPT_LIMITS, type Replaced } from './time.js';
import { characterKey } from './character-key.js';
import { bounded } from './bounds.js';
import { BIBLE_LIMITS, capWords, clean, parseCharacter, parseFact, parseLabelled, parseReplaced, parseThread } from './entries.js';
import { renderBible } from './render.js';
import { arcLabel, mergeLabels, partHeadingOf, withoutPartLabel } from './labels.js';
import { byText, TEXTS_KEPT } from '../../text-cache.js';
import { bibleKeyOf } from './words.js';
import { readingPattern } from '../../reading-words.js';

export { renderBible } from './render.js';
export { BIBLE_LIMITS, capWords, parseThread } from './entries.js';
export { bounded, shownBible } from './bounds.js';

export type { BibleCharacter, BibleLine, BibleThread, BibleUpdate, StoryBible } from './types.js';

export const EMPTY_BIBLE: StoryBible = { premise: '', ending: '', chapters: [], arcs: [], characters: [], threads: [], facts: [] };

type Section = 'premise' | 'ending' | 'chapters' | 'arcs' | 'characters' | 'threads' | 'facts' | 'replaced' | 'chapter' | 'arc';

/**
 * The headings a bible or an update answer may use besides its own (every language's `reading.bible`, the words models
 * write instead).
 */
const SECTION_KEYS: readonly Section[] = ['premise', 'ending', 'chapters', 'arcs', 'chapter', 'arc', 'characters', 'threads', 'facts', 'replaced'];
const sectionName = (section: Section) => readingPattern(`^(?:{bible.${section}})$`);

/** The sections a bible is written with (render.ts), by their words' keys. */
const WRITTEN_SECTIONS = ['premise', 'ending', 'chapters', 'arcs', 'characters', 'threads', 'facts', 'replaced'] as const;

/** A heading line's section: `## Characters`, `**Characters**`, `Characters:`. */
function sectionOf(line: string): Section | undefined {
  const m = /^(?:#{1,6}\s*|\*\*|__)?\s*([^:*#_|]{2,40}?)\s*(?:\*\*|__)?\s*:?\s*(?:\*\*|__)?\s*$/.exec(line.trim());
  if (!m) return undefined;
  const name = m[1]!.toLowerCase().replace(/\s+/g, ' ').trim();
  // Then the headings as any language of the table writes them (a language added to it reads back its own bible).
  return SECTION_KEYS.find((section) => sectionName(section).test(name)) ?? bibleKeyOf(name, WRITTEN_SECTIONS);
}


/**
 * The lines of a text under each section heading; lines before any heading are under `undefined`. In an
 * update answer (`update`), a heading that names the part ("## Chapter 1: The Quiet Harbour", "**Bab 1**") opens
 * the part's line and one that names an arc ("## Arc (Chapters 1–3)") the arc's.
 */
function sections(text: string, update?: { label?: string }): Map<Section | undefined, string[]> {
  const out = new Map<Section | undefined, string[]>();
  let current: Section | undefined;
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const heading = sectionOf(line) ?? (update ? partHeadingOf(line, update.label) : undefined);
    if (heading && (/^#|^\*\*|^__|:$/.test(line) || line.length < 40)) {
      current = heading;
      if (!out.has(current)) out.set(current, []);
      continue;
    }
    // "Premise: text" on one line.
    const inline = /^([^:]{2,40}):\s*(\S.*)$/.exec(line.replace(/^\*\*|\*\*(?=:)/g, ''));
    const inlineSection = inline ? sectionOf(`${inline[1]}:`) : undefined;
    if (inlineSection && (inlineSection === 'premise' || inlineSection === 'ending' || inlineSection === 'chapter' || inlineSection === 'arc')) {
      current = inlineSection;
      out.set(current, [...(out.get(current) ?? []), inline![2]!]);
      continue;
    }
    out.set(current, [...(out.get(current) ?? []), line]);
  }
  return out;
}

const isItem = (line: string) => /^[-*•]|^\d+[.)]\s/.test(line);

/** Items of a list section: bullet lines (a line without a bullet continues the item before it). */
function items(lines: readonly string[] | undefined): string[] {
  const out: string[] = [];
  for (const line of lines ?? []) {
    if (isItem(line) || !out.length) out.push(line);
    else out[out.length - 1] += ` ${line}`;
  }
  return out.map((l) => l.trim()).filter((l) => clean(l) !== '');
}

/**
 * Read a bible kept as Markdown (as renderBible writes it, or as a writer edited it). A memory kept before
 * the bible existed (free text) becomes the first arc, so nothing it held is lost. Read once per text (the
 * same bible is read by every request of a step and by its update) and frozen: callers never change it.
 */
export function parseBible(text: string | undefined): StoryBible {
  return text?.trim() ? parsedBibles(text) : EMPTY_BIBLE;
}

const parsedBibles = byText(TEXTS_KEPT, (text: string): StoryBible => frozen(readBible(text)));

/** A value frozen through its objects and arrays (a shared read must not be changed by one of its readers). */
function frozen<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) for (const v of Object.values(Object.freeze(value))) frozen(v);
  return value;
}

function readBible(text: string): StoryBible {
  const s = sections(text);
  const known = [...s.keys()].some((k) => k !== undefined);
  if (!known) return { ...EMPTY_BIBLE, arcs: [{ label: '', line: capWords(text.replace(/\s+/g, ' '), BIBLE_LIMITS.lineWords * 3) }] };
  const para = (k: Section) => (s.get(k) ?? []).join(' ').trim();
  return bounded({
    premise: para('premise'),
    ending: para('ending'),
    chapters: items(s.get('chapters')).map(parseLabelled).filter((x): x is BibleLine => !!x),
    arcs: items(s.get('arcs')).map(parseLabelled).filter((x): x is BibleLine => !!x),
    characters: items(s.get('characters')).map(parseCharacter).filter((x): x is BibleCharacter => !!x),
    threads: items(s.get('threads')).map(parseThread).filter((x): x is BibleThread => !!x),
    ...factsOf(items(s.get('facts'))),
    ...(s.has('replaced') ? { replaced: items(s.get('replaced')).map(parseReplaced).filter((x): x is Replaced => !!x) } : {}),
  });
}

/** Fact lines as facts and their parts. */
function factsOf(lines: readonly string[]): Pick<StoryBible, 'facts' | 'factSince'> {
  const parsed = lines.map(parseFact).filter((f) => f.fact);
  const since = Object.fromEntries(parsed.flatMap((f) => (f.since ? [[f.fact, f.since]] : [])));
  return { facts: parsed.map((f) => f.fact), ...(Object.keys(since).length ? { factSince: since } : {}) };
}

/**
 * Read a model's update answer (the shape templates/memory.hbs asks for) for the part `label`. Undefined when
 * it holds nothing the bible can use (an empty or unrelated answer): the bible then stays as it was. The
 * session labels the part's line itself, so the label the model wrote in front of it is taken off.
 */
export function parseBibleUpdate(answer: string, label?: string): BibleUpdate | undefined {
  const s = sections(answer, { ...(label ? { label } : {}) });
  const has = (k: Section) => s.has(k);
  const known = (['chapter', 'arc', 'characters', 'threads', 'facts', 'chapters'] as const).some(has);
  const unlabelled = (text: string) => capWords(withoutPartLabel(text, label), BIBLE_LIMITS.lineWords);
  if (!known) {
    const line = answer.replace(/\s+/g, ' ').trim();
    return line ? { chapterLine: unlabelled(line) } : undefined;
  }
  // Each line without its label (a label alone on its line, "**Chapter 1:**", is taken off once the lines are joined).
  const lineOf = (lines: readonly string[]) => lines.map((l) => withoutPartLabel(clean(l), label)).filter(Boolean).join(' ').trim();
  const chapter = lineOf(s.get('chapter') ?? s.get('chapters')?.slice(-1) ?? s.get(undefined) ?? []);
  const arc = lineOf(s.get('arc') ?? s.get('arcs') ?? []);
  return {
    ...(chapter ? { chapterLine: unlabelled(chapter) } : {}),
    ...(arc ? { arcLine: unlabelled(arc) } : {}),
    ...(has('characters') ? { characters: items(s.get('characters')).map(parseCharacter).filter((x): x is BibleCharacter => !!x) } : {}),
    ...(has('threads') ? { threads: items(s.get('threads')).map(parseThread).filter((x): x is BibleThread => !!x) } : {}),
    ...(has('facts') ? { facts: items(s.get('facts')).map(clean).filter(Boolean) } : {}),
  };
}

/** The chapter lines the next update is asked to fold into one arc (empty while the bible has room). */
export function linesToFold(b: StoryBible): readonly BibleLine[] {
  return b.chapters.length >= BIBLE_LIMITS.chapters ? b.chapters.slice(0, BIBLE_LIMITS.foldSize) : [];
}

/** Join two lines into one within the line limit (a fold the model did not write). */
function joined(lines: readonly BibleLine[]): string {
  const share = Math.max(6, Math.floor(BIBLE_LIMITS.lineWords / Math.max(1, lines.length)));
  return lines.map((l) => capWords(l.line, share).replace(/ …$/, '').replace(/[.;]+$/, '')).join('; ') + '.';
}

/**
 * The bible after part `label` was written and the model answered `update`: the part's line is added,
 * the oldest lines fold into an arc once there are too many (with the model's arc line when it wrote
 * one), arcs merge pairwise past their limit, and the tables take the update's versions. Pure.
 */
export function applyBibleUpdate(bible: StoryBible, update: BibleUpdate, input: { label: string; lang: Lang; premise?: string; ending?: string }): StoryBible {
  // A part's line replaces the line it had (a rewritten part keeps its place); a new part's line goes last.
  const line = update.chapterLine ? { label: input.label, line: update.chapterLine } : undefined;
  const at = bible.chapters.findIndex((c) => c.label === input.label);
  let chapters = at >= 0
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
  return bounded(withOverflow(datedUpdate(bible, {
    ...bible,
    premise: input.premise ?? bible.premise,
    ending: input.ending ?? bible.ending,
    chapters,
    arcs,
    characters: update.characters?.length ? mergeCharacters(bible.characters, update.characters) : bible.characters,
    threads: update.threads?.length ? update.threads : bible.threads,
    facts: update.facts?.length ? mergeFacts(bible.facts, update.facts) : bible.facts,
  }, input.label), bible, input.label));
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
  const gone: Replaced[] = [...leaving].reverse().filter((c) => (c.since ?? c.lastSeen) !== label).map((c) => ({ kind: 'character', subject: c.name, value: [c.role, c.state, c.lastSeen].join(' | '), since: c.since ?? c.lastSeen, until: label }));
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

/** Words of a bible as rendered (the figure `npm run eval` prints by chapter). */
export function bibleWords(text: string | undefined): number {
  return text ? countWords(text) : 0;
}

/**
 * The story bible of a book as the writer reads it (the studio, `--with-bible` exports): the premise and
 * planned ending from the outline, then what the session keeps; '' before anything exists.
 */
export function bookBible(spec: Pick<ResolvedSpec, 'kind' | 'flow'> & { readonly fields: readonly FieldShape[] }, state: BookState): string {
  if (spec.kind !== 'book') return '';
  const parsed = parsedOutlineOf(spec, state);
  const brief = writerBriefOf(spec, state.settings);
  const kept = withWriterBrief(parseBible(state.memory), brief);
  return renderBible(bounded({ ...kept, premise: brief.premise || parsed.premise || '', ending: parsed.ending ?? '' }), state.lang);
}

/**
 * The bible with the writer's brief in it: the writer's characters head the character table from
 * the start (a character the bible already has keeps its entry); nothing else changes.
 */
export function withWriterBrief(b: StoryBible, brief: WriterBrief): StoryBible {
  if (!brief.characters.length) return b;
  const key = characterKey;
  const known = new Map(b.characters.map((c) => [key(c.name), c]));
  const writers = brief.characters.map((c) => known.get(key(c.name)) ?? { name: c.name, role: c.role, state: '', lastSeen: '' });
  const mine = new Set(writers.map((c) => key(c.name)));
  return { ...b, characters: [...writers, ...b.characters.filter((c) => !mine.has(key(c.name)))] };
}
