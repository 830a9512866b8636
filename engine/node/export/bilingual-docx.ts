// A dual-language book as a Word file: the edition's DOCX front matter (title page, copyright page, contents) and
// each part under a Heading 1 in both languages, each source paragraph followed by its translation; every run
// carries its language (w:lang), so Word checks the spelling of each in its own and a screen reader speaks it so.
import { AlignmentType, Document, Footer, HeadingLevel, Packer, PageNumber, Paragraph, TableOfContents, TextRun, type ParagraphChild } from 'docx';
import type { Lang } from '../../spec/types.js';
import { parseMarkdown, spansText, type Block } from '../../markdown.js';
import { exportWords, copyrightLines, innerHeadingLevel, wordLanguage, xmlSafe } from './sections.js';
import { INCH, lines, runs } from './docx.js';
import { bilingualLine, translatedLine, type BilingualDocument } from './bilingual.js';

/** One language's paragraph (or list, quote, heading) as Word paragraphs, each run in that language. */
function chunkParagraphs(markdown: string, lang: Lang, isTranslation: boolean): Paragraph[] {
  const language = { value: wordLanguage(lang) };
  const after = isTranslation ? { spacing: { after: 280 } } : {};
  const of = (b: Block): Paragraph[] => {
    switch (b.kind) {
      case 'heading':
        return [new Paragraph({ heading: innerHeadingLevel(b.level) === 2 ? HeadingLevel.HEADING_2 : HeadingLevel.HEADING_3, children: runs(b.spans, { language }) })];
      case 'paragraph':
        return [new Paragraph({ ...after, children: runs(b.spans, { language }) })];
      case 'list':
        return b.items.map((item) => new Paragraph({ bullet: { level: 0 }, children: [new TextRun({ text: xmlSafe(item.map((i) => (i.kind === 'paragraph' ? spansText(i.spans) : '')).join(' ')), language })] }));
      case 'quote':
        return b.blocks.flatMap(of).map((p) => p);
      case 'code':
        return [new Paragraph({ children: [new TextRun({ font: 'Courier New', size: 18, text: xmlSafe(b.text), language })] })];
      case 'rule':
        return [new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun('*   *   *')] })];
      case 'table':
        return [b.header, ...b.rows].map((r) => new Paragraph({ children: [new TextRun({ text: xmlSafe(r.map(spansText).join(' | ')), language })] }));
    }
  };
  return parseMarkdown(markdown).flatMap(of);
}

/** A dual-language book as DOCX bytes. */
export async function renderBilingualDocx(doc: BilingualDocument, opts: { date?: Date } = {}): Promise<Uint8Array> {
  const date = opts.date ?? new Date();
  const ed = doc.edition;
  const from = doc.source.lang;
  const words = exportWords(ed.lang);
  const { notice } = copyrightLines(ed, date.getFullYear());
  const page = { size: { width: 6 * INCH, height: 9 * INCH }, margin: { top: 0.75 * INCH, bottom: 0.75 * INCH, left: 0.75 * INCH, right: 0.75 * INCH } };
  const line = (text: string, lang: Lang, extra: { italics?: boolean } = {}) => new Paragraph({ spacing: { after: 120 }, children: [new TextRun({ text: xmlSafe(text), language: { value: wordLanguage(lang) }, ...extra })] });
  const contents = `${exportWords(from).contents} / ${words.contents}`;
  const front = [
    new Paragraph({ heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER, spacing: { before: 2.5 * INCH, after: 480, ...lines(1.1) }, children: [new TextRun(xmlSafe(ed.title))] }),
    ...(doc.source.title !== ed.title ? [new Paragraph({ alignment: AlignmentType.CENTER, spacing: { after: 240 }, children: [new TextRun({ text: xmlSafe(doc.source.title), italics: true, size: 28, language: { value: wordLanguage(from) } })] })] : []),
    ...(ed.author ? [new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: xmlSafe(ed.author), size: 28 })] })] : []),
    new Paragraph({ pageBreakBefore: true, spacing: { before: 4 * INCH, after: 120 }, children: [new TextRun({ text: xmlSafe(ed.title), italics: true })] }),
    ...(ed.author ? [line(`${words.by} ${ed.author}`, ed.lang)] : []),
    line(notice, ed.lang),
    line(translatedLine(doc, ed.lang), ed.lang),
    line(translatedLine(doc, from), from),
    line(bilingualLine(doc, ed.lang), ed.lang),
    line(bilingualLine(doc, from), from),
    ...(ed.copyright ? chunkParagraphs(ed.copyright, ed.lang, false) : []),
    new Paragraph({ pageBreakBefore: true, spacing: { after: 360 }, children: [new TextRun({ text: contents, bold: true, size: 32 })] }),
    new TableOfContents(contents, { hyperlink: true, headingStyleRange: '1-1', pageNumbersEntryLevelsRange: '1-1', beginDirty: false }),
  ];
  const body = doc.parts.flatMap((part, i) => [
    new Paragraph({
      heading: HeadingLevel.HEADING_1, pageBreakBefore: i > 0,
      children: [new TextRun({ text: xmlSafe(part.heading.source), language: { value: wordLanguage(from) } }), new TextRun({ text: ' / ' }), new TextRun({ text: xmlSafe(part.heading.edition), language: { value: wordLanguage(ed.lang) } })],
    }),
    ...part.pairs.flatMap((pair) => [...(pair.source ? chunkParagraphs(pair.source, from, false) : []), ...(pair.edition ? chunkParagraphs(pair.edition, ed.lang, true) : [])]),
  ]);
  const pageNumber: ParagraphChild = new TextRun({ children: [PageNumber.CURRENT] });
  const file = new Document({
    title: xmlSafe(ed.title), ...(ed.author ? { creator: xmlSafe(ed.author) } : {}), description: `${ed.typeLabel}. ${bilingualLine(doc, ed.lang)}. ${translatedLine(doc, ed.lang)}.`,
    lastModifiedBy: 'Karya',
    styles: {
      default: {
        document: { run: { font: 'Georgia', size: 22, language: { value: wordLanguage(ed.lang) } }, paragraph: { spacing: { after: 160, ...lines(1.25) } } },
        title: { run: { font: 'Georgia', size: 56 }, paragraph: { spacing: { after: 480, ...lines(1.1) } } },
        heading1: { run: { size: 32, bold: true }, paragraph: { alignment: AlignmentType.CENTER, spacing: { before: 1.25 * INCH, after: 480, ...lines(1.1) }, keepNext: true } },
        heading2: { run: { size: 28, bold: true }, paragraph: { spacing: { before: 360, after: 160, ...lines(1.1) }, keepNext: true } },
        heading3: { run: { size: 24, bold: true }, paragraph: { spacing: { before: 240, after: 120, ...lines(1.1) }, keepNext: true } },
      },
    },
    sections: [
      { properties: { page }, children: front },
      {
        properties: { page: { ...page, pageNumbers: { start: 1 } } },
        footers: { default: new Footer({ children: [new Paragraph({ alignment: AlignmentType.CENTER, children: [pageNumber] })] }) },
        children: body,
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(file));
}
