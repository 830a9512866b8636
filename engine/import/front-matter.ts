// What comes before a manuscript's first part, read for what is the writer's: its title (a Project Gutenberg
// `Title:` header, a Markdown `# Title`, or the title page's line in capitals), and the front matter a book
// keeps (a preface, foreword, author's note, introduction, dedication, epigraph or acknowledgements, headed
// so in English or Malay), apart from what an import rightly leaves out (the title page, the contents list,
// the copyright page, Project Gutenberg's licence), which is named for the writer. Pure.
import { countWords } from '../words.js';
import { catalogue } from '../languages/index.js';
import { frontKindOf, isCapsTitle, isContentsHeading, isProse, readHeading, type FrontKind } from './headings.js';
import { readTitlePage, tidy } from './title-page.js';
import { wordsPattern } from './heading-words.js';

export type { FrontKind } from './headings.js';

/** One piece of front matter, as its heading names it and with its text. */
export interface FrontSection {
  kind: FrontKind;
  /** Its heading as written ("PREFACE", "Kata Pengantar"). */
  title: string;
  text: string;
  words: number;
}

/** What an import leaves out before the first part. */
export type LeftOutKind = 'titlePage' | 'contents' | 'copyright' | 'licence';

/** The names each kind is shown by (the writer's own heading is shown beside it): catalogue `import-front-kinds`. */
export const FRONT_KIND_NAMES = catalogue('import-front-kinds', [
  'preface',
  'foreword',
  'authorsNote',
  'introduction',
  'dedication',
  'epigraph',
  'acknowledgements',
  'letter',
]) satisfies Record<FrontKind, unknown>;

/** What an import left out, named (catalogue `import-left-out`). */
export const LEFT_OUT_NAMES = catalogue('import-left-out', [
  'titlePage',
  'contents',
  'copyright',
  'licence',
]) satisfies Record<LeftOutKind, unknown>;

const blank = (line: string | undefined) => line === undefined || line.trim() === '';

/**
 * A text without its blank lines at either end, its first line's indent kept (an indented verse that opens a part stays
 * verse).
 */
export const trimBlankLines = (text: string) => text.replace(/^(?:[ \t]*\n)+/, '').trimEnd();

/** A section's text is front matter only when it is written text, not a contents entry's neighbours. */
function isWritten(kind: FrontKind, text: string): boolean {
  const words = countWords(text);
  if (words === 0) return false;
  // A dedication or an epigraph is a line or two, often in capitals; the others are prose.
  if (kind === 'dedication' || kind === 'epigraph') return words <= 150;
  return text.split('\n').some((l) => isProse(l) && /\p{Ll}/u.test(l));
}

/**
 * A heading that is a dedication itself ("TO THE HESITATING PURCHASER"): in capitals, opening with a dedication's word.
 */
const DEDICATED_TO = () => wordsPattern('^{dedicatedTo}\\s+\\S');
const DEDICATED_TO_ALONE = () => wordsPattern('^{dedicatedTo}$');
/** A paragraph that says it is a dedication ("… dedicated by his affectionate friend"). */
const DEDICATED = () => wordsPattern('\\b{dedicated}\\b');
/** A dedication or an epigraph without a heading is short. */
const SHORT_BLOCK_WORDS = 80;
/** An epigraph's attribution: its last line opens with a dash ("— Ecclesiastes"). */
const ATTRIBUTION = /^(?:[—–―]|--|-\s)\s*\S/;

/**
 * What a heading line alone on its line starts: a kind of front matter, a letter, a dedication that is its own heading,
 * a contents list.
 */
function startOf(line: string): { kind?: FrontKind } | undefined {
  const kind = frontKindOf(line);
  if (kind) return { kind };
  if (isContentsHeading(line)) return {};
  if (readHeading(line)?.kind === 'letter') return { kind: 'letter' };
  if (isCapsTitle(line) && DEDICATED_TO().test(tidy(line))) return { kind: 'dedication' };
  return undefined;
}

/**
 * A contents list without a heading: three lines or more in a row, each a chapter's number (Roman or digits) and its
 * title.
 */
function isContentsList(lines: readonly string[]): boolean {
  let run = 0;
  for (const line of lines) {
    run = /^\s*(?:[IVXLCDM]+|\d{1,4})\.?\s+\S/.test(line) ? run + 1 : 0;
    if (run >= 3) return true;
  }
  return false;
}

/**
 * The kind of an imported book's opening piece by its heading (engine/session/import/book.ts heads each piece):
 * a kind of front matter, a letter, a dedication that is its own heading, or the prologue; undefined for another.
 */
export function openingKindOf(heading: string): FrontKind | 'prologue' | undefined {
  const read = readHeading(heading);
  if (read?.kind === 'prologue' && !frontKindOf(heading)) return 'prologue';
  return startOf(heading)?.kind;
}

/**
 * An unheaded block that is front matter by its form: a short paragraph opening with a dedication's word or saying it
 * is one, or a short quotation with its attribution.
 */
function kindOfBlock(lines: readonly string[]): FrontKind | undefined {
  const text = lines.join(' ');
  const words = countWords(text);
  if (words === 0 || words > SHORT_BLOCK_WORDS) return undefined;
  const first = tidy(lines.slice(0, 2).join(' '));
  if (lines.length >= 2 && ATTRIBUTION.test(lines.at(-1)!.trim())) return 'epigraph';
  if ((DEDICATED_TO().test(first) && /\p{Ll}/u.test(text)) || DEDICATED().test(text)) return 'dedication';
  return undefined;
}

/**
 * The front matter in the lines before the first part: each section headed by a front matter name, a letter's
 * heading or a dedication's own heading standing alone on its line, up to the next such heading, a contents
 * list's heading or the end; each block no section holds that is a dedication or an epigraph by its form; the
 * book's title set again alone (a half-title) taken out of the text it stands in; and what else was there (left
 * out), with its words.
 */
export function readFrontMatter(
  front: readonly string[],
  opts: { publicDomain?: boolean; title?: string } = {},
): { sections: FrontSection[]; leftOut: LeftOutKind[]; leftOutWords: number } {
  const normal = (l: string) =>
    tidy(l)
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  const halfTitle = opts.title ? normal(opts.title) : undefined;
  const isHalfTitle = (i: number) =>
    halfTitle !== undefined &&
    halfTitle !== '' &&
    normal(front[i]!) === halfTitle &&
    blank(front[i - 1]) &&
    blank(front[i + 1]);
  const starts: Array<{ line: number; kind?: FrontKind }> = [];
  front.forEach((line, i) => {
    const isAlone = blank(front[i - 1]) && blank(front[i + 1]);
    if (!isAlone && !/^#{1,6}\s/.test(line.trim())) return;
    const start = startOf(line);
    if (start) starts.push({ line: i, ...start });
  });
  const found: Array<FrontSection & { from: number; to: number }> = [];
  const kept = new Set<number>();
  starts.forEach((start, k) => {
    if (!start.kind) return;
    let end = starts[k + 1]?.line ?? front.length;
    // A half-title ends the section before it: it is the title page of what follows, not this section's text.
    for (let i = start.line + 1; i < end; i++) if (isHalfTitle(i)) end = i;
    const text = trimBlankLines(front.slice(start.line + 1, end).join('\n'));
    if (!isWritten(start.kind, text)) return;
    found.push({
      kind: start.kind,
      title: tidy(front[start.line]!),
      text,
      words: countWords(text),
      from: start.line,
      to: end,
    });
    for (let i = start.line; i < end; i++) kept.add(i);
  });
  // The blocks no section holds, outside the contents list: a dedication or an epigraph without a heading.
  const contentsAt = front.findIndex((l) => isContentsHeading(l));
  const contentsEnd = contentsAt === -1 ? -1 : (starts.find((s) => s.line > contentsAt)?.line ?? front.length);
  const blockEnd = (from: number) => {
    let j = from;
    while (j < front.length && !blank(front[j]) && !kept.has(j)) j += 1;
    return j;
  };
  for (let i = 0; i < front.length;) {
    if (blank(front[i]) || kept.has(i) || (i >= contentsAt && i < contentsEnd)) {
      i += 1;
      continue;
    }
    let j = blockEnd(i);
    // A dedication's word alone on its line ("To", then the dedication under it) opens the block after it.
    if (j === i + 1 && DEDICATED_TO_ALONE().test(tidy(front[i]!))) {
      let k = j;
      while (k < front.length && blank(front[k])) k += 1;
      if (k < front.length && !kept.has(k)) j = blockEnd(k);
    }
    const kind = kindOfBlock(front.slice(i, j).filter((l) => !blank(l)));
    if (kind) {
      const text = trimBlankLines(front.slice(i, j).join('\n'));
      found.push({ kind, title: '', text, words: countWords(text), from: i, to: j });
      for (let k = i; k < j; k++) kept.add(k);
    }
    i = j;
  }
  const sections = found.sort((x, y) => x.from - y.from).map(({ from: _f, to: _t, ...section }) => section);
  const rest = front.filter((_l, i) => !kept.has(i));
  const leftOut: LeftOutKind[] = [];
  let firstKept = front.length;
  for (const i of kept) firstKept = Math.min(firstKept, i);
  // The title page: the lines before the first kept section or the contents, when there are any; a half-title is one
  // too.
  if (
    front.slice(0, Math.min(firstKept, contentsAt === -1 ? front.length : contentsAt)).some((l) => !blank(l)) ||
    front.some((_l, i) => isHalfTitle(i))
  )
    leftOut.push('titlePage');
  if (contentsAt !== -1 || isContentsList(rest)) leftOut.push('contents');
  if (rest.some((l) => wordsPattern('\\b{copyright}\\b|©').test(l))) leftOut.push('copyright');
  if (opts.publicDomain) leftOut.push('licence');
  return { sections, leftOut, leftOutWords: countWords(rest.join('\n')) };
}

/** The book's title from what comes before its first part (title-page.ts). */
export function titleOfFront(header: readonly string[], front: readonly string[]): string | undefined {
  return readTitlePage(header, front).title;
}
