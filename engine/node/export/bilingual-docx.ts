// A dual-language book as a Word file: the edition's DOCX front matter (title page, copyright page, contents) and
// each part under a Heading 1 in both languages, each source paragraph followed by its translation; every run
// carries its language (w:lang), so Word checks the spelling of each in its own and a screen reader speaks it so.
import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, TextRun, type FileChild } from 'docx';
import type { Lang } from '../../spec/types.js';
import { parseMarkdown, spansText, type Block } from '../../markdown.js';
import { exportWords, copyrightLines, innerHeadingLevel, wordLanguage, xmlSafe } from './sections.js';
import { runs } from './docx.js';
import { bookSections, bookStyles, contentsPage, copyrightTitle, titleParagraph } from './docx-frame.js';
import { bilingualLine, translatedLine, type BilingualDocument } from './bilingual.js';

/** One language's paragraph (or list, quote, heading) as Word paragraphs, each run in that language. */
function chunkParagraphs(markdown: string, lang: Lang, isTranslation: boolean): Paragraph[] {
  const language = { value: wordLanguage(lang) };
  const after = isTranslation ? { spacing: { after: 280 } } : {};
  const of = (b: Block): Paragraph[] => {
    switch (b.kind) {
      case 'heading':
        return [
          new Paragraph({
            heading: innerHeadingLevel(b.level) === 2 ? HeadingLevel.HEADING_2 : HeadingLevel.HEADING_3,
            children: runs(b.spans, { language }),
          }),
        ];
      case 'paragraph':
        return [new Paragraph({ ...after, children: runs(b.spans, { language }) })];
      case 'list':
        return b.items.map(
          (item) =>
            new Paragraph({
              bullet: { level: 0 },
              children: [
                new TextRun({
                  text: xmlSafe(item.map((i) => (i.kind === 'paragraph' ? spansText(i.spans) : '')).join(' ')),
                  language,
                }),
              ],
            }),
        );
      case 'quote':
        return b.blocks.flatMap(of).map((p) => p);
      case 'code':
        return [
          new Paragraph({
            children: [new TextRun({ font: 'Courier New', size: 18, text: xmlSafe(b.text), language })],
          }),
        ];
      case 'rule':
        return [new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun('*   *   *')] })];
      case 'table':
        return [b.header, ...b.rows].map(
          (r) => new Paragraph({ children: [new TextRun({ text: xmlSafe(r.map(spansText).join(' | ')), language })] }),
        );
    }
  };
  return parseMarkdown(markdown).flatMap(of);
}

/** The title page (both titles when they differ), the copyright page in both languages, and the contents page. */
function frontMatter(doc: BilingualDocument, date: Date): FileChild[] {
  const ed = doc.edition;
  const from = doc.source.lang;
  const words = exportWords(ed.lang);
  const { notice } = copyrightLines(ed, date.getFullYear());
  const line = (text: string, lang: Lang) =>
    new Paragraph({
      spacing: { after: 120 },
      children: [new TextRun({ text: xmlSafe(text), language: { value: wordLanguage(lang) } })],
    });
  const sourceTitle = new Paragraph({
    alignment: AlignmentType.CENTER,
    spacing: { after: 240 },
    children: [
      new TextRun({
        text: xmlSafe(doc.source.title),
        italics: true,
        size: 28,
        language: { value: wordLanguage(from) },
      }),
    ],
  });
  const author = (name: string) =>
    new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: xmlSafe(name), size: 28 })] });
  return [
    titleParagraph(ed.title),
    ...(doc.source.title !== ed.title ? [sourceTitle] : []),
    ...(ed.author ? [author(ed.author)] : []),
    copyrightTitle(ed.title),
    ...(ed.author ? [line(`${words.by} ${ed.author}`, ed.lang)] : []),
    line(notice, ed.lang),
    line(translatedLine(doc, ed.lang), ed.lang),
    line(translatedLine(doc, from), from),
    line(bilingualLine(doc, ed.lang), ed.lang),
    line(bilingualLine(doc, from), from),
    ...(ed.copyright ? chunkParagraphs(ed.copyright, ed.lang, false) : []),
    ...contentsPage(`${exportWords(from).contents} / ${words.contents}`),
  ];
}

/** Each part under its heading in both languages, each source paragraph followed by its translation. */
function bodyOf(doc: BilingualDocument): FileChild[] {
  const inLang = (text: string, lang: Lang) =>
    new TextRun({ text: xmlSafe(text), language: { value: wordLanguage(lang) } });
  const { edition: ed, source } = doc;
  return doc.parts.flatMap((part, i) => [
    new Paragraph({
      heading: HeadingLevel.HEADING_1,
      pageBreakBefore: i > 0,
      children: [
        inLang(part.heading.source, source.lang),
        new TextRun({ text: ' / ' }),
        inLang(part.heading.edition, ed.lang),
      ],
    }),
    ...part.pairs.flatMap((pair) => [
      ...(pair.source ? chunkParagraphs(pair.source, source.lang, false) : []),
      ...(pair.edition ? chunkParagraphs(pair.edition, ed.lang, true) : []),
    ]),
  ]);
}

/** A dual-language book as DOCX bytes. */
export async function renderBilingualDocx(doc: BilingualDocument, opts: { date?: Date } = {}): Promise<Uint8Array> {
  const ed = doc.edition;
  const file = new Document({
    title: xmlSafe(ed.title),
    ...(ed.author ? { creator: xmlSafe(ed.author) } : {}),
    description: `${ed.typeLabel}. ${bilingualLine(doc, ed.lang)}. ${translatedLine(doc, ed.lang)}.`,
    lastModifiedBy: 'Karya',
    styles: bookStyles(ed.lang, 32),
    sections: bookSections(frontMatter(doc, opts.date ?? new Date()), bodyOf(doc)),
  });
  return new Uint8Array(await Packer.toBuffer(file));
}
