// A dual-language book as an EPUB 3: the edition's EPUB (epub.ts's templates: title page, copyright page, nav, one
// XHTML file per part) with every paragraph and heading carrying its own language (xml:lang and lang, so a reader
// reads each aloud and hyphenates it in its language), the contents in both languages, and dc:language of both,
// the edition's first (the book is sold as the edition).
import { EPub, type Chapter, type Options } from 'epub-gen-memory';
import type { Lang } from '../../spec/types.js';
import { parseMarkdown } from '../../markdown.js';
import { blocksXhtml, escapeXml, type HeadingOutline } from './xhtml.js';
import { epubLanguage, exportWords, copyrightLines } from './sections.js';
import { BookEpub, bookIdentifier } from './epub.js';
import { CHAPTER, CSS, HEAD, NCX, TRANSLATOR_NAME, packageTemplate } from './epub-templates.js';
import { accessibilityMetadata, typeAndRole } from './accessibility.js';
import { bilingualLine, translatedLine, type BilingualDocument, type BilingualPart } from './bilingual.js';

const BILINGUAL_CSS = `${CSS}
.translation { margin-bottom: 1.25em; font-style: italic; }
h1 .other { display: block; font-size: 0.8em; font-weight: normal; font-style: italic; margin-top: 0.3em; }
`;

const langAttrs = (lang: Lang) => `xml:lang="${epubLanguage(lang)}" lang="${epubLanguage(lang)}"`;

/** Text in its language, inline. */
const span = (text: string, lang: Lang, cls = '') =>
  `<span ${langAttrs(lang)}${cls ? ` class="${cls}"` : ''}>${escapeXml(text)}</span>`;

/** A paragraph (or any block: a list, a quote) of one language, each of its top elements carrying that language. */
function chunkXhtml(markdown: string, lang: Lang, cls = '', outline: HeadingOutline = { level: 1 }): string {
  return parseMarkdown(markdown)
    .map((b) =>
      blocksXhtml([b], outline).replace(/^<([a-z0-9]+)/, `<$1 ${langAttrs(lang)}${cls ? ` class="${cls}"` : ''}`),
    )
    .join('\n');
}

function partXhtml(part: BilingualPart, doc: BilingualDocument): string {
  const from = doc.source.lang;
  const to = doc.edition.lang;
  const other = part.heading.edition !== part.heading.source ? ` ${span(part.heading.edition, to, 'other')}` : '';
  const heading = `<h1>${span(part.heading.source, from)}${other}</h1>`;
  // One outline for the page: its headings' levels follow on without a gap across both languages' pieces.
  const outline = { level: 1 };
  const body = part.pairs.map((pair) =>
    [
      pair.source ? chunkXhtml(pair.source, from, '', outline) : '',
      pair.edition ? chunkXhtml(pair.edition, to, 'translation', outline) : '',
    ]
      .filter(Boolean)
      .join('\n'),
  );
  const kind = part.id === 'outline' ? 'preface' : 'chapter';
  return `<section${typeAndRole(kind)}>${heading}\n${body.join('\n')}</section>`;
}

/**
 * The nav: both languages' headings in each entry, each in its language; the landmarks as the edition's EPUB has them.
 */
function navTemplate(doc: BilingualDocument, files: readonly string[], tocTitle: string): string {
  const entries = doc.parts
    .map(
      (p, i) =>
        `<li><a href="${files[i]}">${span(p.heading.source, doc.source.lang)} ` +
        `/ ${span(p.heading.edition, doc.edition.lang)}</a></li>`,
    )
    .join('\n');
  const first = doc.parts[0];
  return `${HEAD(escapeXml(tocTitle))}
<body>
<nav${typeAndRole('toc')} id="toc">
<h1>${escapeXml(tocTitle)}</h1>
<ol>
${entries}
</ol>
</nav>
<nav epub:type="landmarks" hidden="hidden">
<ol>
<li><a epub:type="toc" href="toc.xhtml#toc">${escapeXml(tocTitle)}</a></li>
${first ? `<li><a epub:type="bodymatter" href="${files[0]}">${escapeXml(first.heading.edition)}</a></li>` : ''}
</ol>
</nav>
</body>
</html>`;
}

/** The title page and the one copyright page: the disclosure and the bilingual line in both languages. */
/** The title page: the edition's title, the source's title in its language when it differs, the author. */
function titlePageXhtml(doc: BilingualDocument): string {
  const ed = doc.edition;
  const sourceTitle = `<p class="author" ${langAttrs(doc.source.lang)}><em>${escapeXml(doc.source.title)}</em></p>`;
  const byline = ed.author ? `<p class="author">${escapeXml(ed.author)}</p>` : '';
  const title = `<h1>${escapeXml(ed.title)}</h1>${doc.source.title !== ed.title ? sourceTitle : ''}${byline}`;
  return `<section epub:type="titlepage" class="titlepage">${title}</section>`;
}

/** The copyright page: title, author, notice, then the translation and dual-language lines in both languages. */
function copyrightXhtml(doc: BilingualDocument, notice: string): string {
  const ed = doc.edition;
  const from = doc.source.lang;
  const both = (line: (lang: Lang) => string) =>
    `<p>${escapeXml(line(ed.lang))}</p><p ${langAttrs(from)}>${escapeXml(line(from))}</p>`;
  const byline = ed.author ? `<p>${escapeXml(`${exportWords(ed.lang).by} ${ed.author}`)}</p>` : '';
  const own = ed.copyright ? `\n${blocksXhtml(parseMarkdown(ed.copyright))}` : '';
  const lines = `${both((l) => translatedLine(doc, l))}${both((l) => bilingualLine(doc, l))}${own}`;
  const head = `<p><em>${escapeXml(ed.title)}</em></p>${byline}<p>${escapeXml(notice)}</p>`;
  return `<section epub:type="copyright-page" class="copyright">${head}${lines}</section>`;
}

function frontChapters(doc: BilingualDocument, date: Date): Chapter[] {
  const ed = doc.edition;
  const { notice } = copyrightLines(ed, date.getFullYear());
  return [
    {
      title: ed.title,
      filename: 'title-page.xhtml',
      beforeToc: true,
      excludeFromToc: true,
      content: titlePageXhtml(doc),
    },
    {
      title: notice,
      filename: 'copyright.xhtml',
      beforeToc: true,
      excludeFromToc: true,
      content: copyrightXhtml(doc, notice),
    },
  ];
}

/** A dual-language book as EPUB 3 bytes (the cover, when given, as the edition's EPUB carries it). */
export async function renderBilingualEpub(
  doc: BilingualDocument,
  opts: { date?: Date; cover?: Uint8Array } = {},
): Promise<Uint8Array> {
  const date = opts.date ?? new Date();
  const ed = doc.edition;
  const from = doc.source.lang;
  const tocTitle = `${exportWords(ed.lang).contents} / ${exportWords(from).contents}`;
  const { notice } = copyrightLines(ed, date.getFullYear());
  const disclosure = translatedLine(doc, ed.lang);
  const files = doc.parts.map((_, i) => `part-${String(i + 1).padStart(3, '0')}.xhtml`);
  const chapters: Chapter[] = [
    ...frontChapters(doc, date),
    ...doc.parts.map((p, i): Chapter => ({
      title: `${p.heading.source} / ${p.heading.edition}`,
      filename: files[i]!,
      content: partXhtml(p, doc),
    })),
  ];
  const options: Options = {
    title: ed.title,
    author: ed.author ? [ed.author] : [],
    publisher: 'Karya',
    description: `${ed.typeLabel}. ${bilingualLine(doc, ed.lang)}. ${disclosure}.`,
    ...(opts.cover ? { cover: new File([new Uint8Array(opts.cover)], 'cover.jpg', { type: 'image/jpeg' }) } : {}),
    lang: epubLanguage(ed.lang),
    date: date.toISOString(),
    tocTitle,
    tocInTOC: false,
    numberChaptersInTOC: false,
    prependChapterTitles: false,
    version: 3,
    css: BILINGUAL_CSS,
    verbose: false,
    chapterXHTML: CHAPTER,
    tocNCX: NCX,
    tocXHTML: navTemplate(doc, files, tocTitle),
    contentOPF: packageTemplate({
      rights: notice,
      accessibility: accessibilityMetadata({ lang: ed.lang }),
      modified: date.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      ...(ed.author ? { author: ed.author } : {}),
      ...(ed.series ? { series: ed.series } : {}),
      translator: TRANSLATOR_NAME,
      translatorHeading: exportWords(ed.lang).translator,
      otherLanguages: [epubLanguage(from)],
    }),
  };
  const epub: EPub = new BookEpub(options, chapters, bookIdentifier({ ...ed, parts: doc.parts }, 'bilingual'));
  return new Uint8Array(await epub.genEpub());
}
