// A book document as a Word file (docx): a title page, a copyright page and a table of contents, then
// each part from a new page under a Heading 1 (its inner headings Heading 2 and 3), so Word's navigation
// pane, its table of contents and KDP's conversion all find the parts. 6 × 9 in pages like the PDF (the
// frame: docx-frame.ts).
import {
  AlignmentType,
  Document,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type IRunOptions,
} from 'docx';
import type { BookDocument } from '../../session/book.js';
import type { Block, Span } from '../../markdown.js';
import { parseMarkdown } from '../../markdown.js';
import { isLang } from '../../languages/index.js';
import { exportWords, copyrightLines, documentSections, innerHeadingLevel, wordLanguage, xmlSafe } from './sections.js';
import { INCH, bookSections, bookStyles, contentsPage, copyrightTitle, titleParagraph } from './docx-frame.js';

const MONO = 'Courier New';

/** A run's look, and its language where a paragraph is in another than the book's (a dual-language book). */
export type RunStyle = Pick<IRunOptions, 'bold' | 'italics' | 'font' | 'language'>;

export function runs(spans: readonly Span[], style: RunStyle = {}): TextRun[] {
  return spans.flatMap((s): TextRun[] => {
    switch (s.kind) {
      case 'text':
        return [new TextRun({ ...style, text: xmlSafe(s.text) })];
      case 'strong':
        return runs(s.children, { ...style, bold: true });
      case 'em':
        return runs(s.children, { ...style, italics: true });
      case 'code':
        return [new TextRun({ ...style, font: MONO, text: xmlSafe(s.text) })];
      case 'break':
        return [new TextRun({ ...style, break: 1 })];
    }
  });
}

/** Numbered lists restart at 1: each list is its own instance of the one numbering. */
interface ListCounter {
  next: number;
}

/** A Markdown table as a Word table, its header row bold and repeated on each page it runs onto. */
function table(b: Extract<Block, { kind: 'table' }>): Table {
  const row = (cells: readonly (readonly Span[])[], isHeader: boolean) =>
    new TableRow({
      tableHeader: isHeader,
      children: cells.map(
        (c) =>
          new TableCell({
            children: [new Paragraph({ spacing: { after: 0 }, children: runs(c, isHeader ? { bold: true } : {}) })],
          }),
      ),
    });
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [row(b.header, true), ...b.rows.map((r) => row(r, false))],
  });
}

/** A run's proofing language when it is not the book's (Word's w:lang): a paragraph kept in its source's language. */
const inLanguage = (lang: string | undefined): Pick<RunStyle, 'language'> =>
  lang && isLang(lang) ? { language: { value: wordLanguage(lang) } } : {};

function paragraphs(
  blocks: readonly Block[],
  lists: ListCounter,
  depth = 0,
  isQuote = false,
  lang?: string,
): Array<Paragraph | Table> {
  const quote = isQuote ? { indent: { left: 0.5 * INCH, right: 0.5 * INCH } } : {};
  return blocks.flatMap((b): Array<Paragraph | Table> => {
    switch (b.kind) {
      case 'heading':
        return [
          new Paragraph({
            heading: innerHeadingLevel(b.level) === 2 ? HeadingLevel.HEADING_2 : HeadingLevel.HEADING_3,
            children: runs(b.spans),
          }),
        ];
      case 'paragraph':
        return [
          new Paragraph({
            ...quote,
            children: runs(b.spans, { ...(isQuote ? { italics: true } : {}), ...inLanguage(b.lang ?? lang) }),
          }),
        ];
      case 'list': {
        const instance = lists.next++;
        const level = Math.min(depth, 8);
        return b.items.flatMap((item) =>
          item.flatMap((inner, i) => {
            if (inner.kind === 'paragraph' && i === 0) {
              const marker = b.isOrdered
                ? { numbering: { reference: 'ordered', level, instance } }
                : { bullet: { level } };
              return [new Paragraph({ ...marker, children: runs(inner.spans) })];
            }
            return paragraphs([inner], lists, depth + 1, isQuote);
          }),
        );
      }
      case 'quote':
        return paragraphs(b.blocks, lists, depth, true, b.lang ?? lang);
      case 'code':
        return [
          new Paragraph({
            children: b.text
              .split('\n')
              .map(
                (line, i) => new TextRun({ font: MONO, size: 18, text: xmlSafe(line), ...(i > 0 ? { break: 1 } : {}) }),
              ),
          }),
        ];
      case 'rule':
        return [
          new Paragraph({
            alignment: AlignmentType.CENTER,
            spacing: { before: 240, after: 240 },
            children: [new TextRun('*   *   *')],
          }),
        ];
      case 'table':
        return [table(b), new Paragraph({ spacing: { after: 0 }, children: [] })];
    }
  });
}

const centred = (text: string, opts: { size?: number; bold?: boolean; italics?: boolean; before?: number } = {}) =>
  new Paragraph({
    alignment: AlignmentType.CENTER,
    spacing: { before: opts.before ?? 0, after: 240 },
    children: [
      new TextRun({
        text: xmlSafe(text),
        ...(opts.size ? { size: opts.size } : {}),
        ...(opts.bold ? { bold: true } : {}),
        ...(opts.italics ? { italics: true } : {}),
      }),
    ],
  });

/** The one numbering of ordered lists: decimal, each level indented further. */
const ORDERED = {
  reference: 'ordered',
  levels: Array.from({ length: 9 }, (_, level) => ({
    level,
    format: LevelFormat.DECIMAL,
    text: `%${level + 1}.`,
    alignment: AlignmentType.START,
    style: { paragraph: { indent: { left: 0.4 * INCH * (level + 1), hanging: 0.25 * INCH } } },
  })),
};

/** A book document as DOCX bytes. */
export async function renderDocx(doc: BookDocument, opts: { date?: Date } = {}): Promise<Uint8Array> {
  const date = opts.date ?? new Date();
  const words = exportWords(doc.lang);
  const { notice, writtenWith } = copyrightLines(doc, date.getFullYear());
  const lists: ListCounter = { next: 1 };
  const line = (text: string) => new Paragraph({ spacing: { after: 120 }, children: [new TextRun(text)] });

  const front = [
    titleParagraph(doc.title),
    ...(doc.author ? [centred(doc.author, { size: 28 })] : []),
    copyrightTitle(doc.title),
    ...(doc.author ? [line(xmlSafe(`${words.by} ${doc.author}`))] : []),
    line(xmlSafe(notice)),
    line(writtenWith),
    // The generated copyright text (rights, disclaimer) on the same, one copyright page.
    ...(doc.copyright ? paragraphs(parseMarkdown(doc.copyright), lists) : []),
    ...contentsPage(words.contents),
  ];
  const body = documentSections(doc).flatMap((section, i) => [
    new Paragraph({
      heading: HeadingLevel.HEADING_1,
      pageBreakBefore: i > 0,
      children: [new TextRun({ text: xmlSafe(section.heading), ...inLanguage(section.headingLang) })],
    }),
    ...paragraphs(section.blocks, lists),
  ]);
  const file = new Document({
    title: xmlSafe(doc.title),
    ...(doc.author ? { creator: xmlSafe(doc.author) } : {}),
    description: `${doc.typeLabel}. ${writtenWith}.`,
    lastModifiedBy: 'Karya',
    styles: bookStyles(doc.lang, 36),
    numbering: { config: [ORDERED] },
    sections: bookSections(front, body),
  });
  return new Uint8Array(await Packer.toBuffer(file));
}
