// A manuscript's text split into its parts. Every heading-like line is read (headings.ts); the lines of one family
// make one reading of the book; a reading's chapters are the longest run whose numbers go up one by one
// (chapter-run.ts: a contents list is such a run too, but one with no text under its entries, so the run that
// covers the most words wins); a prologue just before the run and an epilogue just after it join it. Among the
// readings the one that covers the most of the text wins, so "I know she'd be here" or a lone "1" in a list never
// starts a chapter. A licence header and footer (Project Gutenberg's markers) and everything before the first
// chapter (title page, contents, copyright) are front matter, kept out of the chapters. With the writer's own
// --split pattern, every line it matches starts a chapter. Pure.
import { countWords } from '../provider.js';
import { isCapsTitle, isProse, isTitleLine, readHeading, type HeadingLine } from './headings.js';
import { bestRun, type Found } from './chapter-run.js';
import { bodyLines, hasLicenceHeader, LICENCE_START } from './plain-text.js';
import { readFrontMatter, trimBlankLines, type FrontSection, type LeftOutKind } from './front-matter.js';
import { readTitlePage, type TitlePage } from './title-page.js';
import { labelledPremise } from './premise-note.js';
import { wordsPattern } from './heading-words.js';

/** One part found in a manuscript. */
export interface ImportedPart {
  /** A prologue is the book's introduction, an epilogue its conclusion; the rest are chapters, numbered from 1. */
  kind: 'introduction' | 'chapter' | 'conclusion';
  /** The chapter's number in the book (chapters only). */
  number?: number;
  /** The heading's title ("The Storm"), or '' where the heading has none. */
  title: string;
  words: number;
  /** The first line of its text (up to 120 characters). */
  firstLine: string;
  /** Its text, without its heading and title lines. */
  text: string;
}

export interface ManuscriptSplit {
  parts: ImportedPart[];
  /**
   * How the parts were found: a heading pattern, Markdown headings, the writer's --split pattern, the file's own
   * contents list (contents.ts), or none (one part).
   */
  reading: HeadingLine['family'] | 'contents' | 'none';
  /**
   * Words before the first part left out of the book (title page, contents, copyright), not counting the front matter
   * kept.
   */
  frontMatterWords: number;
  /** The front matter the book keeps (a preface, a dedication…), in the manuscript's order (front-matter.ts). */
  frontMatter?: FrontSection[];
  /** What was left out before the first part, named for the writer. */
  leftOut?: LeftOutKind[];
  /** The book's title where a `Title:` header, the title page or a Markdown title heading gives one. */
  title?: string;
  /** The subtitle under the title on the title page ("or, the Modern Prometheus"). */
  subtitle?: string;
  /** The author an `Author:` header or the title page's byline names ("by Mary Wollstonecraft (Godwin) Shelley"). */
  author?: string;
  /** The text came with Project Gutenberg's licence header: a public-domain text, not the writer's own words. */
  publicDomain?: true;
  /** The premise the writer labelled in the notes before the first part ("Premise: …", premise-note.ts). */
  premise?: string;
}

const blank = (line: string | undefined) => line === undefined || line.trim() === '';

/** Every heading-like line that stands alone (a blank line or the start before it), with its title line. */
function headingsOf(lines: readonly string[], split?: RegExp): Found[] {
  const found: Found[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (split) {
      if (split.test(line)) found.push({ family: 'regex', kind: 'chapter', line: i, ...splitTitle(line, split) });
      continue;
    }
    const isMarkdown = /^#{1,6}\s/.test(line.trim());
    if (!isMarkdown && !blank(lines[i - 1])) continue;
    const heading = readHeading(line);
    const next = nextNonBlank(lines, i + 1);
    if (!heading) {
      // A title alone in capitals, then prose: a chapter whose number was lost (the last reading tried).
      if (isCapsTitle(line) && next !== undefined && next > i + 1 && isProse(lines[next]))
        found.push({ family: 'caps-title', kind: 'chapter', line: i, title: line.trim() });
      continue;
    }
    if (heading.family === 'number-alone' || heading.family === 'roman-alone') {
      // A number alone is a heading only when a title or a paragraph follows after a blank line.
      if (next === undefined || (next === i + 1 && !isTitleLine(lines[next]!))) continue;
    }
    const hasTitleLine =
      heading.title === undefined &&
      heading.kind !== 'part' &&
      next !== undefined &&
      next <= i + 2 &&
      isTitleLine(lines[next]!) &&
      blank(lines[next + 1]);
    found.push({ ...heading, line: i, ...(hasTitleLine ? { title: lines[next]!.trim(), titleLine: next } : {}) });
  }
  return found;
}

function splitTitle(line: string, split: RegExp): { title?: string } {
  const rest = line
    .replace(split, '')
    .replace(/^\s*[.:—–-]?\s*/, '')
    .trim();
  return rest ? { title: rest } : {};
}

function nextNonBlank(lines: readonly string[], from: number): number | undefined {
  for (let i = from; i < lines.length && i < from + 3; i++) if (!blank(lines[i])) return i;
  return undefined;
}

/**
 * The reading to use: the writer's pattern, else the family whose best run covers the most words (two chapters at
 * least).
 */
function chooseReading(
  lines: readonly string[],
  found: Found[],
): { family: HeadingLine['family']; run: Found[]; ends: number[] } | undefined {
  const families = new Map<HeadingLine['family'], Found[]>();
  for (const h of found) {
    const family = families.get(h.family);
    if (family) family.push(h);
    else families.set(h.family, [h]);
  }
  const markdown = families.get('markdown');
  if (markdown) families.set('markdown', markdownChapters(markdown));
  const caps = families.get('caps-title');
  if (caps) {
    families.delete('caps-title');
    families.set('caps-title', caps);
  }
  let chosen: { family: HeadingLine['family']; run: Found[]; words: number } | undefined;
  for (const [family, headings] of families) {
    // Titles alone in capitals are read only when no numbered heading gives the chapters.
    if (family === 'caps-title' && chosen) continue;
    const { run, words } = family === 'regex' ? { run: headings, words: 1 } : bestRun(lines, headings);
    if (run.filter((h) => h.kind === 'chapter').length < 2 && family !== 'regex') continue;
    if (!chosen || words > chosen.words) chosen = { family, run, words };
  }
  if (!chosen) return undefined;
  const all = found.filter((h) => h.family === chosen.family);
  return {
    family: chosen.family,
    run: withPrologueAndEpilogue(all, chosen.run),
    ends: found
      .filter((h) => h.kind === 'part' && (h.family === chosen.family || h.family === 'chapter-word'))
      .map((h) => h.line)
      .sort((a, b) => a - b),
  };
}

/**
 * Markdown's chapters are the headings of the level used most often (a lone `# Title` above `##` chapters is the
 * title).
 */
function markdownChapters(headings: Found[]): Found[] {
  const counts = new Map<number, number>();
  for (const h of headings) if (h.kind === 'chapter') counts.set(h.level ?? 1, (counts.get(h.level ?? 1) ?? 0) + 1);
  const level = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0];
  const chosen = headings.filter((h) => h.level === level || h.kind === 'prologue' || h.kind === 'epilogue');
  // Chapters that are numbered start at the first numbered one: a byline or a contents heading set as `##` before it is
  // the front's.
  const firstNumbered = chosen.findIndex((h) => h.kind === 'chapter' && h.number !== undefined);
  return firstNumbered > 0 ? chosen.filter((h, i) => i >= firstNumbered || h.kind !== 'chapter') : chosen;
}

function withPrologueAndEpilogue(family: readonly Found[], run: Found[]): Found[] {
  const first = run[0];
  const last = run.at(-1);
  if (!first || !last) return run;
  // A larger part's heading between them ("Prologue", "PART ONE", "Chapter 1") does not hide the prologue.
  const before = family.filter((h) => h.line < first.line && h.kind !== 'part').at(-1);
  const after = family.find((h) => h.line > last.line && h.kind !== 'part');
  return [
    ...(before?.kind === 'prologue' ? [before] : []),
    ...run.filter((h) => h.kind === 'chapter'),
    ...(after?.kind === 'epilogue' ? [after] : []),
  ];
}

/** The first line of a part's text, up to 120 characters. */
function firstLineOf(text: string): string {
  const line =
    text
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.trim() ?? '';
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

/**
 * The part's title as a writer would type it ("THE OLD HOUSE" stays as written; a closing full stop goes, an ellipsis
 * stays).
 */
const tidyTitle = (title: string | undefined) =>
  (title ?? '')
    .replace(/^[*_#\s]+|[*_\s]+$/g, '')
    .replace(/(?<![.\s])\.$/, '')
    .trim();

/**
 * A manuscript's parts: see the file's comment. `split` is the writer's own pattern for a chapter's heading
 * line (a RegExp; the text after the match on that line is the title).
 */
export function splitManuscript(text: string, opts: { split?: RegExp } = {}): ManuscriptSplit {
  const lines = bodyLines(text);
  const source = hasLicenceHeader(text) ? { publicDomain: true as const } : {};
  const reading = chooseReading(lines, headingsOf(lines, opts.split));
  const all = text.split('\n');
  const header = all.slice(
    0,
    Math.max(
      0,
      all.findIndex((l) => LICENCE_START.test(l)),
    ),
  );
  if (!reading) {
    const body = lines.join('\n').trim();
    return {
      parts: [
        { kind: 'chapter', number: 1, title: '', words: countWords(body), firstLine: firstLineOf(body), text: body },
      ],
      reading: 'none',
      frontMatterWords: 0,
      ...titled(readTitlePage(header, [])),
      ...source,
    };
  }
  const { run, ends } = reading;
  let chapter = 0;
  let nextEnd = 0;
  const parts = run.map((h, k): ImportedPart => {
    // A part ends at the next heading of its reading (a `Part II` line too), the last one at the text's end.
    while (nextEnd < ends.length && ends[nextEnd]! <= h.line) nextEnd += 1;
    const end = k + 1 < run.length ? Math.min(run[k + 1]!.line, ends[nextEnd] ?? Infinity) : textEnd(lines);
    const body = trimBlankLines(lines.slice((h.titleLine ?? h.line) + 1, end).join('\n'));
    const kind = h.kind === 'prologue' ? 'introduction' : h.kind === 'epilogue' ? 'conclusion' : 'chapter';
    if (kind === 'chapter') chapter += 1;
    return {
      kind,
      ...(kind === 'chapter' ? { number: chapter } : {}),
      title: tidyTitle(h.title),
      words: countWords(body),
      firstLine: firstLineOf(body),
      text: body,
    };
  });
  const front = lines.slice(0, run[0]!.line);
  const page = readTitlePage(header, front);
  const { sections, leftOut, leftOutWords } = readFrontMatter(front, {
    ...source,
    ...(page.title ? { title: page.title } : {}),
  });
  const premise = labelledPremise(front);
  return {
    parts,
    reading: reading.family,
    frontMatterWords: leftOutWords,
    ...(sections.length ? { frontMatter: sections } : {}),
    ...(leftOut.length ? { leftOut } : {}),
    ...titled(page),
    ...source,
    ...(premise ? { premise } : {}),
  };
}

/** A title page's title (up to 120 characters), subtitle and author, as a split carries them. */
function titled(page: TitlePage): Pick<ManuscriptSplit, 'title' | 'subtitle' | 'author'> {
  const title = page.title ? tidyTitle(page.title) : '';
  return {
    ...(title && title.length <= 120 ? { title } : {}),
    ...(page.subtitle ? { subtitle: page.subtitle.slice(0, 200) } : {}),
    ...(page.author ? { author: page.author.slice(0, 100) } : {}),
  };
}

/** The last part ends at the text's end, or at a closing line in some language's words (`THE END`: theEnd). */
function textEnd(lines: readonly string[]): number {
  for (let i = lines.length - 1; i >= 0; i--) {
    if (blank(lines[i])) continue;
    return wordsPattern('^{theEnd}\\.?$').test(lines[i]!.trim()) ? i : lines.length;
  }
  return lines.length;
}
