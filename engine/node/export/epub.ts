// A book document as an EPUB 3 (epub-gen-memory zips it): a title page, a copyright page, the linked
// table of contents (the nav, titled in the book's language), then one XHTML file per part. Every text is
// escaped (xhtml.ts); the files hold no scripts, so epubcheck finds nothing to report. The cover, when
// given, is the EPUB's cover image. The templates epub-gen-memory fills are epub-templates.ts's; its files are zipped
// by fflate (zipEntries below).
import { createHash } from 'node:crypto';
import { EPub, type Chapter, type Options } from 'epub-gen-memory';
import { zipSync, type Zippable } from 'fflate';
import type { BookDocument } from '../../session/book.js';
import { parseMarkdown } from '../../markdown.js';
import { blocksXhtml, escapeXml, langAttributes } from './xhtml.js';
import { accessibilityMetadata, typeAndRole } from './accessibility.js';
import { epubLanguage, exportWords, copyrightLines, documentSections, epubTypeOf, isFrontMatter } from './sections.js';
import { CHAPTER, CSS, NCX, TRANSLATOR_NAME, navTemplate, packageTemplate } from './epub-templates.js';

/** The same book gets the same identifier each time it is exported, so readers keep its place. */
export function bookIdentifier(
  doc: Pick<BookDocument, 'title' | 'author' | 'lang'> & { parts: readonly { id: string }[] },
  variant = '',
): string {
  const hex = createHash('sha256')
    .update(
      JSON.stringify([
        doc.title,
        doc.author ?? '',
        doc.lang,
        doc.parts.map((p) => p.id),
        ...(variant ? [variant] : []),
      ]),
    )
    .digest('hex');
  const version = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const h = (from: number, to: number) => hex.slice(from, to);
  return `urn:uuid:${h(0, 8)}-${h(8, 12)}-5${h(13, 16)}-${version}${h(17, 20)}-${h(20, 32)}`;
}

/** epub-gen-memory draws a random identifier; a book's own is stable. */
export class BookEpub extends EPub {
  constructor(options: Options, content: Chapter[], identifier: string) {
    super(options, content);
    this.uuid = identifier;
  }

  /** The files epub-gen-memory made, zipped by fflate (zipEntries) and dated with the book's date. */
  override async genEpub(): Promise<Buffer> {
    await this.render();
    const zipped = await zipEntries(this.zip, new Date(this.options.date));
    return Buffer.from(zipped.buffer, zipped.byteOffset, zipped.byteLength);
  }
}

/** The level every file but the stored ones is deflated at (fflate's default). */
const DEFLATE_LEVEL = 6;

/**
 * An EPUB's files as a zip: the same entries in the same order (the mimetype first and stored, as OCF asks; the
 * folders), deflated by fflate, which the product already reads and writes its zips with. epub-gen-memory zips with
 * JSZip, whose deflate (pako at level 9) was most of an EPUB's CPU, most of it on the cover JPEG: 120 ms cold for a
 * 22-part novel with its 244 KB cover, against ~25 ms here, for a file 0.8 % larger (fflate's level 6). Each entry is
 * dated with the book's date, its time written in UTC as JSZip did, so the same book makes the same bytes.
 */
async function zipEntries(zip: EPub['zip'], date: Date): Promise<Uint8Array> {
  // DOS times have no zone: fflate writes the local time of what it is given, JSZip wrote UTC. They hold the years
  // 1980-2107 (fflate refuses a date outside 1980-2099): a date outside is written as the nearest it holds.
  const time = Math.min(Math.max(date.getTime(), Date.UTC(1980, 0, 2)), Date.UTC(2099, 11, 30));
  const mtime = new Date(time + date.getTimezoneOffset() * 60_000);
  const entries: Zippable = {};
  for (const file of Object.values(zip.files)) {
    const isStored = file.dir || file.options.compression === 'STORE';
    // A folder carries the MS-DOS folder attribute, as JSZip gave it.
    const options = { level: isStored ? 0 : DEFLATE_LEVEL, mtime, ...(file.dir ? { attrs: 0x10 } : {}) } as const;
    entries[file.name] = [await file.async('uint8array'), options];
  }
  return zipSync(entries);
}

/**
 * A book document as EPUB 3 bytes. With `cover` (a JPEG), the EPUB carries it as its cover image: the
 * EPUB 3 `cover-image` item and, for older readers, `<meta name="cover">`. It is not a page of the book
 * (stores show the cover themselves; KDP asks for no second one inside).
 */
export async function renderEpub(
  doc: BookDocument,
  opts: { date?: Date; cover?: Uint8Array } = {},
): Promise<Uint8Array> {
  const date = opts.date ?? new Date();
  const words = exportWords(doc.lang);
  const title = escapeXml(doc.title);
  const { notice, writtenWith } = copyrightLines(doc, date.getFullYear());
  const sections = documentSections(doc);
  const files = sections.map((_, i) => `part-${String(i + 1).padStart(3, '0')}.xhtml`);
  // The body starts after the front matter (a preface, a dedication): the landmarks name each, and the body's
  // first part.
  const body = Math.max(
    0,
    sections.findIndex((s) => !isFrontMatter(s)),
  );
  const bodyStart = { file: files[body] ?? 'toc.xhtml', heading: sections[body]?.heading ?? words.contents };
  const byline = doc.author ? `<p class="author">${escapeXml(doc.author)}</p>` : '';
  const by = doc.author ? `<p>${escapeXml(`${words.by} ${doc.author}`)}</p>` : '';
  const rights = doc.copyright ? `\n${blocksXhtml(parseMarkdown(doc.copyright))}` : '';
  const chapters: Chapter[] = [
    {
      title: doc.title,
      filename: 'title-page.xhtml',
      beforeToc: true,
      excludeFromToc: true,
      content: `<section epub:type="titlepage" class="titlepage"><h1>${title}</h1>${byline}</section>`,
    },
    {
      title: notice,
      filename: 'copyright.xhtml',
      beforeToc: true,
      excludeFromToc: true,
      // The one copyright page: the title, the author, © year and author, and the generated copyright text (rights,
      // disclaimer) when there is one.
      content:
        `<section epub:type="copyright-page" class="copyright"><p><em>${title}</em></p>${by}` +
        `<p>${escapeXml(notice)}</p><p>${escapeXml(writtenWith)}</p>${rights}</section>`,
    },
    ...sections.map((s, i): Chapter => ({
      title: s.heading,
      filename: files[i]!,
      content:
        `<section${typeAndRole(epubTypeOf(s))}><h1${langAttributes(s.headingLang)}>${escapeXml(s.heading)}</h1>\n` +
        `${blocksXhtml(s.blocks)}</section>`,
    })),
  ];
  const options: Options = {
    title: doc.title,
    author: doc.author ? [doc.author] : [],
    publisher: 'Karya',
    description: doc.description ?? `${doc.typeLabel}. ${writtenWith}.`,
    ...(opts.cover ? { cover: new File([new Uint8Array(opts.cover)], 'cover.jpg', { type: 'image/jpeg' }) } : {}),
    lang: epubLanguage(doc.lang),
    date: date.toISOString(),
    tocTitle: words.contents,
    tocInTOC: false,
    numberChaptersInTOC: false,
    prependChapterTitles: false,
    version: 3,
    css: CSS,
    verbose: false,
    chapterXHTML: CHAPTER,
    tocNCX: NCX,
    tocXHTML: navTemplate(
      bodyStart,
      sections.flatMap((s, i) =>
        isFrontMatter(s) ? [{ file: files[i]!, heading: s.heading, type: epubTypeOf(s) }] : [],
      ),
    ),
    contentOPF: packageTemplate({
      rights: notice,
      accessibility: accessibilityMetadata({ lang: doc.lang }),
      modified: date.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      ...(doc.author ? { author: doc.author } : {}),
      ...(doc.series ? { series: doc.series } : {}),
      ...(doc.translatedFrom ? { translator: TRANSLATOR_NAME, translatorHeading: words.translator } : {}),
    }),
  };
  return new Uint8Array(await new BookEpub(options, chapters, bookIdentifier(doc)).genEpub());
}
