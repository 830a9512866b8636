// What comes before a manuscript's first part, read for what is the writer's: its title (a Project Gutenberg
// `Title:` header, a Markdown `# Title`, or the title page's line in capitals), and the front matter a book
// keeps (a preface, foreword, author's note, introduction, dedication, epigraph or acknowledgements, headed
// so in English or Malay), apart from what an import rightly leaves out (the title page, the contents list,
// the copyright page, Project Gutenberg's licence), which is named for the writer. Pure.
import { countWords } from '../words.js';
import { catalogue } from '../languages/index.js';
import { frontKindOf, isCapsTitle, isContentsHeading, isProse, type FrontKind } from './headings.js';

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
export const FRONT_KIND_NAMES = catalogue('import-front-kinds', {
  preface: { en: 'preface', ms: 'prakata' },
  foreword: { en: 'foreword', ms: 'kata pengantar' },
  authorsNote: { en: "author's note", ms: 'nota penulis' },
  introduction: { en: 'introduction', ms: 'pendahuluan' },
  dedication: { en: 'dedication', ms: 'dedikasi' },
  epigraph: { en: 'epigraph', ms: 'epigraf' },
  acknowledgements: { en: 'acknowledgements', ms: 'penghargaan' },
} satisfies Record<FrontKind, unknown>);

/** What an import left out, named (catalogue `import-left-out`). */
export const LEFT_OUT_NAMES = catalogue('import-left-out', {
  titlePage: { en: 'title page', ms: 'halaman judul' },
  contents: { en: 'contents', ms: 'kandungan' },
  copyright: { en: 'copyright page', ms: 'halaman hak cipta' },
  licence: { en: "Project Gutenberg's licence", ms: 'lesen Project Gutenberg' },
} satisfies Record<LeftOutKind, unknown>);

const blank = (line: string | undefined) => line === undefined || line.trim() === '';

/** A section's text is front matter only when it is written text, not a contents entry's neighbours. */
function isWritten(kind: FrontKind, text: string): boolean {
  const words = countWords(text);
  if (words === 0) return false;
  // A dedication or an epigraph is a line or two, often in capitals; the others are prose.
  if (kind === 'dedication' || kind === 'epigraph') return words <= 150;
  return text.split('\n').some((l) => isProse(l) && /\p{Ll}/u.test(l));
}

/**
 * The front matter in the lines before the first part: each section headed by a front matter name standing
 * alone on its line, up to the next such heading, a contents list's heading or the end; and what else was
 * there (left out), with its words.
 */
export function readFrontMatter(front: readonly string[], opts: { publicDomain?: boolean } = {}): { sections: FrontSection[]; leftOut: LeftOutKind[]; leftOutWords: number } {
  const starts: Array<{ line: number; kind?: FrontKind }> = [];
  front.forEach((line, i) => {
    const isAlone = blank(front[i - 1]) && blank(front[i + 1]);
    if (!isAlone && !/^#{1,6}\s/.test(line.trim())) return;
    const kind = frontKindOf(line);
    if (kind) starts.push({ line: i, kind });
    else if (isContentsHeading(line)) starts.push({ line: i });
  });
  const sections: FrontSection[] = [];
  const kept = new Set<number>();
  starts.forEach((start, k) => {
    if (!start.kind) return;
    const end = starts[k + 1]?.line ?? front.length;
    const text = front.slice(start.line + 1, end).join('\n').trim();
    if (!isWritten(start.kind, text)) return;
    sections.push({ kind: start.kind, title: tidy(front[start.line]!), text, words: countWords(text) });
    for (let i = start.line; i < end; i++) kept.add(i);
  });
  const rest = front.filter((_l, i) => !kept.has(i));
  const leftOut: LeftOutKind[] = [];
  let firstKept = front.length;
  for (const i of kept) firstKept = Math.min(firstKept, i);
  const contentsAt = front.findIndex((l) => isContentsHeading(l));
  // The title page: the lines before the first kept section or the contents, when there are any.
  if (front.slice(0, Math.min(firstKept, contentsAt === -1 ? front.length : contentsAt)).some((l) => !blank(l))) leftOut.push('titlePage');
  if (contentsAt !== -1) leftOut.push('contents');
  if (rest.some((l) => /\b(?:copyright|hak cipta)\b|©/i.test(l))) leftOut.push('copyright');
  if (opts.publicDomain) leftOut.push('licence');
  return { sections, leftOut, leftOutWords: countWords(rest.join('\n')) };
}

/** A heading as the writer wrote it, without Markdown's marks. */
const tidy = (line: string) => line.trim().replace(/^#{1,6}\s+/, '').replace(/^[*_\s]+|[*_\s]+$/g, '').replace(/(?<![.\s])\.$/, '').trim();

/** Lines of a title page that are not the book's title. */
const NOT_TITLE = /^(?:an?\s+(?:novel|romance|story|tale|play|poem)\b.*|by\b.*|oleh\b.*|author of\b.*|illustrated\b.*|with illustrations\b.*|\[illustration.*|\d{4}|copyright\b.*|hak cipta\b.*|.*\bpublishers?\b.*|new york\b.*|london\b.*|sebuah novel\b.*|novel)$/i;
/** Lines a transcriber added before the title page. */
const TRANSCRIBER = /^(?:produced by|transcribed by|transcriber|prepared by|e-?text|this e-?book|html version|note:)/i;

/**
 * The book's title from what comes before its first part: a Project Gutenberg header's `Title:` line
 * (`header`: the lines before its licence marker), a Markdown `# Title`, the title page's first line in
 * capitals that is not a byline or a publisher's line, else its first short line that is not a sentence.
 */
export function titleOfFront(header: readonly string[], front: readonly string[]): string | undefined {
  const fromHeader = header.map((l) => /^\s*(?:title|tajuk)\s*:\s*(\S.*?)\s*$/i.exec(l)?.[1]).find((t) => t !== undefined);
  if (fromHeader) return fromHeader;
  const markdown = front.find((l) => /^#\s+\S/.test(l.trim()));
  if (markdown) return tidy(markdown);
  const candidates: string[] = [];
  for (const raw of front) {
    const line = raw.trim();
    if (!line || TRANSCRIBER.test(line) || /^(?:title|tajuk|author|pengarang)\s*:/i.test(line)) continue;
    if (frontKindOf(line) || isContentsHeading(line)) break;
    candidates.push(line);
  }
  const caps = candidates.find((l) => isCapsTitle(l) && !NOT_TITLE.test(l));
  const first = candidates.find((l) => l.length <= 120 && !isProse(l) && !NOT_TITLE.test(l));
  const title = caps ?? first;
  return title ? tidy(title) : undefined;
}
