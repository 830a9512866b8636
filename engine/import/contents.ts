// A manuscript's parts from its own table of contents (an EPUB's navigation document or NCX): each entry the
// contents list gives a document of its own is a part, titled as the contents title it; a "Prologue" or
// "Epilogue" entry is the introduction or the conclusion, a "Part One" entry with no text of its own is left out,
// every other entry a chapter numbered in order.
// What comes before the first entry, and the entries that are front matter (title page, contents,
// copyright), are counted as front matter words, never a chapter. Pure.
import { countWords } from '../provider.js';
import type { ImportedPart, ManuscriptSplit } from './chapters.js';
import { readHeading } from './headings.js';
import { openingKindOf, type FrontKind, type FrontSection } from './front-matter.js';

/** A section the contents list gives: its title there and its text (headings as `#` lines). */
export interface ContentsSection {
  title: string;
  text: string;
}

/** The text without its first heading line when that line is the section's own title (as the contents give it). */
function withoutOwnHeading(text: string, title: string): string {
  const lines = text.split('\n');
  const first = lines.findIndex((l) => l.trim() !== '');
  if (first < 0) return text;
  const heading = /^#{1,6}\s+(.*)$/.exec(lines[first]!.trim())?.[1];
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  if (heading === undefined || (!norm(title).includes(norm(heading)) && !norm(heading).includes(norm(title))))
    return text;
  return lines
    .slice(first + 1)
    .join('\n')
    .trim();
}

/** The text of the section's first line when it is a heading (`# Preface`). */
function ownHeading(text: string): string | undefined {
  const first = text.split('\n').find((l) => l.trim() !== '');
  return first === undefined ? undefined : /^#{1,6}\s+(.*?)\s*$/.exec(first.trim())?.[1];
}

/**
 * The front matter kind a heading names (a letter's too: an epistolary novel's opening), never the prologue (the book's
 * introduction).
 */
function frontOf(heading: string): FrontKind | undefined {
  const kind = openingKindOf(heading);
  return kind === 'prologue' ? undefined : kind;
}

/** The first line of a part's text, as a preview shows it. */
function firstLineOf(text: string): string {
  const line = text.split('\n').find((l) => l.trim() !== '' && !/^#{1,6}\s/.test(l.trim())) ?? '';
  return line.trim().slice(0, 120);
}

/** The split of a manuscript whose contents list gave its sections. */
export function splitByContents(sections: readonly ContentsSection[], frontMatterWords: number): ManuscriptSplit {
  const parts: ImportedPart[] = [];
  const frontMatter: FrontSection[] = [];
  let number = 0;
  // The leading entries that are front matter a book keeps (a preface, a dedication), never chapters.
  let lead = 0;
  for (; lead < sections.length - 1; lead++) {
    const { title } = sections[lead]!;
    // The section's own heading names its kind before the contents list does: a "PREFACE" the list calls "Introduction"
    // is a preface.
    const own = ownHeading(sections[lead]!.text);
    const ownKind = own === undefined ? undefined : frontOf(own);
    const kind = ownKind ?? frontOf(title);
    if (!kind || readHeading(ownKind ? own! : title)?.kind === 'prologue') break;
    const text = ownKind
      ? withoutOwnHeading(sections[lead]!.text, own!)
      : withoutOwnHeading(sections[lead]!.text, title);
    if (text.trim() !== '')
      frontMatter.push({ kind, title: (ownKind ? own! : title).trim(), text, words: countWords(text) });
  }
  sections.slice(lead).forEach((section, at) => {
    const i = at + lead;
    const heading = readHeading(section.title);
    const text = withoutOwnHeading(section.text, section.title);
    // A larger part's heading with no text of its own ("Part One" before its first chapter) is no chapter.
    if (heading?.kind === 'part' && countWords(text) === 0) return;
    const isFirst = i === lead;
    const isLast = i === sections.length - 1;
    const kind: ImportedPart['kind'] =
      heading?.kind === 'prologue' && isFirst
        ? 'introduction'
        : heading?.kind === 'epilogue' && isLast
          ? 'conclusion'
          : 'chapter';
    const title =
      heading && heading.kind !== 'part' && heading.kind !== 'front' && heading.family !== 'caps-title'
        ? (heading.title ?? '')
        : section.title;
    parts.push({
      kind,
      ...(kind === 'chapter' ? { number: (number += 1) } : {}),
      title,
      words: countWords(text),
      firstLine: firstLineOf(text),
      text,
    });
  });
  return { parts, reading: 'contents', frontMatterWords, ...(frontMatter.length ? { frontMatter } : {}) };
}
