// The labels of the story bible's lines. The session labels every part's line itself ("Chapter 3",
// "Bab 3", "Introduction"), so whatever label a model writes in front of its own line ("Chapter 1: …",
// "**Bab 1:** …", "1. Chapter 1 – …", a "## Chapter 1" heading above it) is taken off, never trusted. An
// arc's label names the first and the last part it folds ("Chapters 1–3", "Introduction – Chapter 2") and
// is read back as that range of parts, so a folded part stays named.
import type { Lang } from '../../spec/types.js';
import { bookWordsOf } from '../../book-words.js';
import type { BibleLine } from './types.js';
import { readingPattern } from '../../reading-words.js';
import { escapeRegExp as escaped } from '../../markup.js';

/** Where a part label stands in the book (bible/time.ts PartOf). */
type PartOf = (label: string) => number | undefined;

/** A part named as models name it in front of a line, every language's `reading.parts` (numbers in digits or words). */
const NAMED_PART = String.raw`(?:{parts.chapter}|{parts.plural}|{parts.part}|{parts.section})`;
const PART_NUMBER = String.raw`\s+(?:\d+(?:\s*[–—-]\s*\d+)?|[\p{L}-]{3,12})`;
const UNNUMBERED_PART = String.raw`{parts.introduction}|{parts.prologue}|{parts.conclusion}|{parts.epilogue}`;
const PART = `${NAMED_PART}${PART_NUMBER}|${UNNUMBERED_PART}`;
/** A part's own title after its name: "– The Quiet Harbour", "(The Quiet Harbour)", "“Pelabuhan”". */
const TITLE = String.raw`(?:\s*[–—-]\s*[^:.!?]{1,50}?|\s*\([^)]{1,50}\)|\s*[“"‘'][^”"’']{1,50}[”"’'])?`;
/** After the step's own label: a part's title, then its colon or dash. */
const OWN_LABEL_END = String.raw`${TITLE}\s*[:：.–—-]\s*(?=\S)`;
/** "Chapter 1: ", "Chapter 1 – The Quiet Harbour: ", "Pengenalan: ", "Chapter 1. ". */
const labelColon = () => readingPattern(String.raw`^(?:${PART})${TITLE}\s*[:：.]\s+(?=\S)`);
/** "Chapter 1 – Aisha meets…" (a number is needed: "Introduction – …" may be the line itself). */
const NUMBERED_PART = String.raw`(?:{parts.chapter}|{parts.plural}|{parts.part}|{parts.section})\s+\d+`;
const LABEL_DASH = String.raw`^${NUMBERED_PART}\s*[–—]\s*(?=\S)|^${NUMBERED_PART}\s+-\s+(?=\S)`;
const labelDash = () => readingPattern(LABEL_DASH);
/** A heading that names a part ("## Chapter 1", "**Bab 1: Pelabuhan**", "### Introduction") or a summary. */
const partHeading = () => readingPattern(String.raw`^(?:(?:${PART})(?!\p{L}).*|{bible.summary})$`);
/** A heading for the folded lines' arc, with the parts it names ("## Arc (Chapters 1–3)", "**Arka Bab 1–3**"). */
const arcHeading = () => readingPattern(String.raw`^(?:{bible.arc})(?!\p{L}).*$`);
/** "Chapter 4", "Bab 4": a chapter's number. */
const numbered = () => readingPattern(String.raw`^(?:{parts.chapter}|{parts.plural})\s+(\d+)$`);
/** "Chapters 1–3": the first and last chapter's numbers. */
const chapterRange = () => readingPattern(String.raw`^(?:{parts.chapter}|{parts.plural})\s+(\d+)\s*[–—-]\s*(\d+)$`);

/**
 * The line a model wrote without the label it put in front of it (its part's name, the step's own label
 * such as a guide's section name, or both: "Chapter 1 – Sosialisasi: …").
 * @example withoutPartLabel('Chapter 1: Aisha meets Daniel.') // 'Aisha meets Daniel.'
 */
export function withoutPartLabel(line: string, label?: string): string {
  let text = line.trim();
  const own = label?.trim() ? new RegExp(`^${escaped(label.trim())}${OWN_LABEL_END}`, 'iu') : undefined;
  // At most twice: "Chapter 1: Pengenalan: …" or "1. Chapter 1 – …" after the numbering went.
  for (let i = 0; i < 2; i++) {
    const next = (own ? text.replace(own, '') : text).replace(labelColon(), '').replace(labelDash(), '').trim();
    if (next === text || !next) break;
    text = next;
  }
  return text;
}

/**
 * The section of an update answer a heading opens when it names a part or an arc rather than the words the
 * template asks for: 'chapter' for "## Chapter 1: The Quiet Harbour" (or the step's own label), 'arc' for
 * "## Arc (Chapters 1–3)"; undefined for any other line.
 */
export function partHeadingOf(line: string, label?: string): 'chapter' | 'arc' | undefined {
  const m = /^(?:#{1,6}\s*(.+?)\s*#*|\*\*([^*]+?)\*\*\s*:?|__([^_]+?)__\s*:?)$/.exec(line.trim());
  const name = (m?.[1] ?? m?.[2] ?? m?.[3])
    ?.replace(/[:：]\s*$/, '')
    .replace(/\*\*|__/g, '')
    .trim();
  if (!name) return undefined;
  if (arcHeading().test(name)) return 'arc';
  if (partHeading().test(name) || (label?.trim() && name.toLowerCase().startsWith(label.trim().toLowerCase())))
    return 'chapter';
  return undefined;
}

const chapterWord = (lang: Lang, isPlural: boolean) =>
  isPlural ? bookWordsOf(lang).chapters : bookWordsOf(lang).chapter;

/**
 * The first and last part an arc's label names: "Chapters 1–3" → ["1", "3"], "Introduction – Chapter 2" →
 * ["Introduction", "Chapter 2"].
 */
export function arcEnds(label: string): [string, string] {
  const range = chapterRange().exec(label.trim());
  if (range) return [range[1]!, range[2]!];
  const ends = label
    .split(/\s+[–—]\s+|\s+-\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
  return [ends[0] ?? '', ends[ends.length - 1] ?? ''];
}

/** A chapter's number in a label ("Chapter 4", "Bab 4", "4"), else undefined. */
const numberOf = (label: string) => (/^\d+$/.test(label) ? label : numbered().exec(label.trim())?.[1]);

/** The label of the span of parts from `first` to `last` ("Chapters 1–3", "Introduction – Chapter 2", "Bab 4"). */
export function spanLabel(first: string, last: string, lang: Lang): string {
  const a = numberOf(first);
  const z = numberOf(last);
  if (a && z) return a === z ? `${chapterWord(lang, false)} ${a}` : `${chapterWord(lang, true)} ${a}–${z}`;
  const name = (label: string, n: string | undefined) => (n ? `${chapterWord(lang, false)} ${n}` : label);
  const start = name(first, a);
  const end = name(last, z);
  return start && end && start !== end ? `${start} – ${end}` : start || end;
}

/** "Chapters 1–3" / "Bab 1–3" / "Introduction – Chapter 2" from the labels of the lines folded. */
export function arcLabel(lines: readonly BibleLine[], lang: Lang): string {
  return spanLabel(lines[0]?.label ?? '', lines[lines.length - 1]?.label ?? '', lang);
}

/** The label of two arcs merged: from the first part of `a` to the last part of `b`. */
export function mergeLabels(a: string, b: string, lang: Lang): string {
  return spanLabel(arcEnds(a)[0], arcEnds(b)[1], lang);
}

/** The positions of the parts an arc's label names, first to last; undefined when it names none. */
export function arcParts(label: string, partOf: PartOf): [number, number] | undefined {
  const at = (end: string) => (/^\d+$/.test(end) ? Number(end) : end ? partOf(end) : undefined);
  const whole = partOf(label);
  const [first, last] = arcEnds(label);
  const from = at(first) ?? whole;
  const to = at(last) ?? whole;
  if (from === undefined || to === undefined) return undefined;
  return from <= to ? [from, to] : [to, from];
}
