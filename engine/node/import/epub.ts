// An EPUB manuscript read by its own description (epub-package.ts): the spine gives the reading order (less
// the items marked linear="no" and the navigation document), the table of contents gives the chapters
// (each entry that opens a document of its own, spanning the spine's documents up to the next such entry;
// sub-sections that point into the same document stay inside it), and the package metadata the title, the
// author and the language. Front matter an import leaves out (title page, contents, copyright: by its epub:type,
// the guide's or the landmarks' type, its contents title, or a short leading entry titled as the book) is kept
// apart and counted, never a chapter; a dedication, preface or foreword is the book's own front matter, kept
// (engine/import/contents.ts). Without a contents list of two chapters or more, the whole text goes to
// the heading reader (engine/import/chapters.ts). An EPUB whose content documents are encrypted (DRM:
// META-INF/encryption.xml naming more than fonts) is refused with its own message.
import { strFromU8 } from 'fflate';
import { DocumentTooDeep, htmlToText, ImportRefusal, type ContentsSection } from '../../import/index.js';
import { countWords } from '../../provider.js';
import { packagePath, readNav, readNcx, readPackage, type EpubPackage, type TocEntry } from './epub-package.js';
import { unzipBounded } from './zip.js';
import { readingPattern } from '../../reading-words.js';

/**
 * What an EPUB holds: its text for the heading reader, its sections when its contents list gives them, its metadata.
 */
export interface EpubRead {
  text: string;
  sections?: ContentsSection[];
  frontMatterWords: number;
  meta: { title?: string; author?: string; language?: string };
}

/** The epub:type (or guide type) words that mark a document as front matter. */
const FRONT_TITLE_TYPES = /cover|titlepage|title-page|halftitlepage|halftitle|toc|contents/.source;
const FRONT_OTHER_TYPES = /copyright-page|copyright|imprint|frontmatter|colophon|loi|lot/.source;
const FRONT_TYPES = new RegExp(String.raw`\b(${FRONT_TITLE_TYPES}|${FRONT_OTHER_TYPES})\b`, 'i');
/**
 * Contents titles of front matter: every language's `reading.front`, and the contents page's title in languages
 * Karya does not write in (a file may come from any guide: German, French, Spanish, Dutch, Swedish, Turkish).
 */
const OTHER_CONTENTS_TITLES =
  'inhaltsverzeichnis|inhalt|table des matières|sommaire|índice|indice|inhoud|innehåll|içindekiler';
const frontTitles = () => readingPattern(`^(?:{front}|${OTHER_CONTENTS_TITLES})$`);
/** A leading entry this short (a title page, a byline) is front matter when it is titled as the book. */
const MOST_TITLE_PAGE_WORDS = 80;

/**
 * A chapter's XHTML as text, or the refusal of a chapter nested deeper than any page (thousands of unclosed elements).
 */
function chapterText(file: string, xhtml: string): string {
  try {
    return htmlToText(xhtml);
  } catch (error) {
    if (error instanceof DocumentTooDeep) throw new ImportRefusal('import_too_complex', { file }, error.message);
    throw error;
  }
}

/** The epub:type a document gives its body or first section (read from its first bytes: a page says it early). */
function ownType(xhtml: string): string {
  const head = xhtml.slice(0, 4096);
  const body = /<(?:body|section)\b[^<>]*\bepub:type\s*=\s*["']([^"']*)["']/i.exec(head);
  return body?.[1] ?? '';
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The contents entries that open a document of their own, in reading order (one per document). */
function chapterStarts(toc: readonly TocEntry[], spine: ReadonlyMap<string, number>): Array<TocEntry & { at: number }> {
  const starts: Array<TocEntry & { at: number }> = [];
  const claimed = new Set<string>();
  for (const entry of toc) {
    const at = spine.get(entry.path);
    if (at === undefined || claimed.has(entry.path)) continue;
    // An entry behind the one before it in the reading order is a back reference, not a new section.
    if (starts.length && at <= starts[starts.length - 1]!.at) continue;
    claimed.add(entry.path);
    starts.push({ ...entry, at });
  }
  return starts;
}

export function epubManuscript(file: string, bytes: Uint8Array): EpubRead {
  const entries = unzipBounded(
    file,
    bytes,
    (name) => !/\.(png|jpe?g|gif|svg|webp|ttf|otf|woff2?|mp3|mp4)$/i.test(name),
  );
  const text = (name: string) => (entries[name] ? strFromU8(entries[name]!) : undefined);
  const encryption = text('META-INF/encryption.xml');
  if (
    encryption &&
    [...encryption.matchAll(/<(?:\w+:)?CipherReference[^<>]*URI\s*=\s*"([^"]+)"/gi)].some(
      (m) => !/\.(ttf|otf|woff2?)$/i.test(m[1]!),
    )
  ) {
    throw new ImportRefusal('import_protected', { file });
  }
  const container = text('META-INF/container.xml');
  const opfPath = container ? packagePath(container) : undefined;
  const opf = opfPath ? text(opfPath) : undefined;
  if (!opfPath || !opf) throw new ImportRefusal('import_unreadable', { file, reason: 'package' });
  const pkg = readPackage(opfPath, opf);
  const meta = {
    ...(pkg.title ? { title: pkg.title } : {}),
    ...(pkg.author ? { author: pkg.author } : {}),
    ...(pkg.language ? { language: pkg.language } : {}),
  };
  const texts = new Map<string, string>();
  const docText = (path: string) => {
    if (!texts.has(path)) texts.set(path, chapterText(file, text(path) ?? ''));
    return texts.get(path)!;
  };
  const whole = () =>
    pkg.spine
      .map((d) => docText(d.path))
      .filter((t) => t.trim() !== '')
      .join('\n\n');
  const sections = sectionsOf(pkg, { text, docText });
  if (!sections) return { text: whole(), frontMatterWords: 0, meta };
  return { text: whole(), sections: sections.sections, frontMatterWords: sections.frontMatterWords, meta };
}

/** The sections the contents list gives (two or more), with the front matter's words; undefined when it gives fewer. */
function sectionsOf(
  pkg: EpubPackage,
  read: { text: (path: string) => string | undefined; docText: (path: string) => string },
): { sections: ContentsSection[]; frontMatterWords: number } | undefined {
  const navXml = pkg.navPath ? read.text(pkg.navPath) : undefined;
  const nav = navXml && pkg.navPath ? readNav(pkg.navPath, navXml) : undefined;
  const ncxXml = pkg.ncxPath ? read.text(pkg.ncxPath) : undefined;
  const toc = nav?.toc.length ? nav.toc : ncxXml && pkg.ncxPath ? readNcx(pkg.ncxPath, ncxXml) : [];
  const spine = new Map(pkg.spine.map((d, i) => [d.path, i]));
  const starts = chapterStarts(toc, spine);
  const guideTypes = new Map([...pkg.guide].map(([type, path]) => [path, type]));
  const typeOf = (path: string) =>
    `${nav?.landmarks.get(path) ?? ''} ${guideTypes.get(path) ?? ''} ${ownType(read.text(path) ?? '')}`;
  const spanOf = (k: number) =>
    pkg.spine.slice(starts[k]!.at, k + 1 < starts.length ? starts[k + 1]!.at : pkg.spine.length).map((d) => d.path);
  const sections: ContentsSection[] = [];
  let frontMatterWords = pkg.spine
    .slice(0, starts[0]?.at ?? 0)
    .reduce((sum, d) => sum + countWords(read.docText(d.path)), 0);
  starts.forEach((start, k) => {
    const body = spanOf(k)
      .map((path) => read.docText(path))
      .filter((t) => t.trim() !== '')
      .join('\n\n');
    const isLeading = sections.length === 0;
    const isTitlePage =
      isLeading &&
      countWords(body) <= MOST_TITLE_PAGE_WORDS &&
      !!pkg.title &&
      (norm(start.label).includes(norm(pkg.title)) || norm(pkg.title).includes(norm(start.label)));
    if (
      FRONT_TYPES.test(typeOf(start.path)) ||
      FRONT_TYPES.test(start.type ?? '') ||
      frontTitles().test(start.label.trim()) ||
      isTitlePage
    )
      frontMatterWords += countWords(body);
    else if (body.trim() !== '') sections.push({ title: start.label, text: body });
  });
  return sections.length >= 2 ? { sections, frontMatterWords } : undefined;
}

/** An EPUB's text in reading order (the voice sample's reader, which needs no chapters). */
export function epubText(file: string, bytes: Uint8Array): string {
  return epubManuscript(file, bytes).text;
}

/**
 * The title an EPUB names in its package document (the first dc:title), or undefined when it has none or is unreadable.
 */
export function epubTitle(bytes: Uint8Array): string | undefined {
  try {
    const entries = unzipBounded(
      'manuscript.epub',
      bytes,
      (name) => name === 'META-INF/container.xml' || /\.opf$/i.test(name),
    );
    const container = entries['META-INF/container.xml'];
    const opfPath = container ? packagePath(strFromU8(container)) : undefined;
    const opf = opfPath && entries[opfPath] ? strFromU8(entries[opfPath]!) : undefined;
    return opf && opfPath ? readPackage(opfPath, opf).title : undefined;
  } catch (error) {
    if (error instanceof ImportRefusal) return undefined;
    throw error;
  }
}
