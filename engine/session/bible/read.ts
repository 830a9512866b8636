// Reading a story bible back from its Markdown (as render.ts writes it, or as a writer edited it) and reading a
// model's update answer (the shape templates/memory.hbs asks for): the section headings in any language of the
// table, the list items under them, each entry's line read by entries.ts.
import type { BibleCharacter, BibleLine, BibleThread, BibleUpdate, StoryBible } from './types.js';
import type { Replaced } from './time.js';
import { bounded } from './bounds.js';
import {
  BIBLE_LIMITS,
  capWords,
  clean,
  parseCharacter,
  parseFact,
  parseLabelled,
  parseReplaced,
  parseThread,
} from './entries.js';
import { partHeadingOf, withoutPartLabel } from './labels.js';
import { byText, TEXTS_KEPT } from '../../text-cache.js';
import { bibleKeyOf, WRITTEN_SECTIONS } from './words.js';
import { BIBLE_SECTIONS, readingPattern } from '../../reading-words.js';

export const EMPTY_BIBLE: StoryBible = {
  premise: '',
  ending: '',
  chapters: [],
  arcs: [],
  characters: [],
  threads: [],
  facts: [],
};

type Section = (typeof BIBLE_SECTIONS)[number];

/**
 * Each section's pattern source, made once: made at every heading line read, each was a new string hashed in full to
 * find its pattern (readingPattern's map): sectionOf 1.05 -> 0.9 % of a 400-book batch's main thread (two profiles).
 */
const SECTION_SOURCES = new Map(BIBLE_SECTIONS.map((section) => [section, `^(?:{bible.${section}})$`]));
/**
 * A section's heading as a bible or an update answer may write it besides its own (every language's `reading.bible`,
 * the words models write instead).
 */
const sectionName = (section: Section) => readingPattern(SECTION_SOURCES.get(section)!);

/** A heading line's section: `## Characters`, `**Characters**`, `Characters:`. */
function sectionOf(line: string): Section | undefined {
  const m = /^(?:#{1,6}\s*|\*\*|__)?\s*([^:*#_|]{2,40}?)\s*(?:\*\*|__)?\s*:?\s*(?:\*\*|__)?\s*$/.exec(line.trim());
  if (!m) return undefined;
  const name = m[1]!.toLowerCase().replace(/\s+/g, ' ').trim();
  // Then the headings as any language of the table writes them (a language added to it reads back its own bible).
  return BIBLE_SECTIONS.find((section) => sectionName(section).test(name)) ?? bibleKeyOf(name, WRITTEN_SECTIONS);
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
    if (
      inlineSection &&
      (inlineSection === 'premise' ||
        inlineSection === 'ending' ||
        inlineSection === 'chapter' ||
        inlineSection === 'arc')
    ) {
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
  if (value && typeof value === 'object' && !Object.isFrozen(value))
    for (const v of Object.values(Object.freeze(value))) frozen(v);
  return value;
}

function readBible(text: string): StoryBible {
  const s = sections(text);
  const known = [...s.keys()].some((k) => k !== undefined);
  if (!known)
    return {
      ...EMPTY_BIBLE,
      arcs: [{ label: '', line: capWords(text.replace(/\s+/g, ' '), BIBLE_LIMITS.lineWords * 3) }],
    };
  const para = (k: Section) => (s.get(k) ?? []).join(' ').trim();
  return bounded({
    premise: para('premise'),
    ending: para('ending'),
    chapters: items(s.get('chapters'))
      .map(parseLabelled)
      .filter((x): x is BibleLine => !!x),
    arcs: items(s.get('arcs'))
      .map(parseLabelled)
      .filter((x): x is BibleLine => !!x),
    characters: items(s.get('characters'))
      .map(parseCharacter)
      .filter((x): x is BibleCharacter => !!x),
    threads: items(s.get('threads'))
      .map(parseThread)
      .filter((x): x is BibleThread => !!x),
    ...factsOf(items(s.get('facts'))),
    ...(s.has('replaced')
      ? {
          replaced: items(s.get('replaced'))
            .map(parseReplaced)
            .filter((x): x is Replaced => !!x),
        }
      : {}),
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
  const lineOf = (lines: readonly string[]) =>
    lines
      .map((l) => withoutPartLabel(clean(l), label))
      .filter(Boolean)
      .join(' ')
      .trim();
  const chapter = lineOf(s.get('chapter') ?? s.get('chapters')?.slice(-1) ?? s.get(undefined) ?? []);
  const arc = lineOf(s.get('arc') ?? s.get('arcs') ?? []);
  return {
    ...(chapter ? { chapterLine: unlabelled(chapter) } : {}),
    ...(arc ? { arcLine: unlabelled(arc) } : {}),
    ...(has('characters')
      ? {
          characters: items(s.get('characters'))
            .map(parseCharacter)
            .filter((x): x is BibleCharacter => !!x),
        }
      : {}),
    ...(has('threads')
      ? {
          threads: items(s.get('threads'))
            .map(parseThread)
            .filter((x): x is BibleThread => !!x),
        }
      : {}),
    ...(has('facts') ? { facts: items(s.get('facts')).map(clean).filter(Boolean) } : {}),
  };
}
