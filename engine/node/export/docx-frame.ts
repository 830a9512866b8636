// The frame of a Word book, shared by docx.ts and bilingual-docx.ts: 6 × 9 in pages, the default styles (Georgia
// in the book's language, the title and headings 1 to 3), the title page's title, the copyright page's first line,
// the contents page (Word's table of contents of the parts' Heading 1) and the two sections: the front matter, then
// the body with its page numbers from 1, centred in the footer.
import {
  AlignmentType,
  Footer,
  HeadingLevel,
  LineRuleType,
  PageNumber,
  Paragraph,
  TableOfContents,
  TextRun,
  type FileChild,
  type ISectionOptions,
  type IStylesOptions,
  type ParagraphChild,
} from 'docx';
import type { Lang } from '../../spec/types.js';
import { wordLanguage, xmlSafe } from './sections.js';

/**
 * Line spacing as a multiple of the font's own line (lineRule auto: 240 = single), so a line grows with its
 * largest letters: the 28 pt title never overlaps the line under it, in Word or in LibreOffice.
 */
export const lines = (multiple: number) => ({ line: Math.round(240 * multiple), lineRule: LineRuleType.AUTO });

export const INCH = 1440; // twips

/** A 6 × 9 in page with 0.75 in margins, like the PDF's. */
const PAGE = {
  size: { width: 6 * INCH, height: 9 * INCH },
  margin: { top: 0.75 * INCH, bottom: 0.75 * INCH, left: 0.75 * INCH, right: 0.75 * INCH },
};

/** The book's default styles; a part's heading (Heading 1) at `heading1Size` half-points. */
export function bookStyles(lang: Lang, heading1Size: number): IStylesOptions {
  const keep = (before: number, after: number) => ({ spacing: { before, after, ...lines(1.1) }, keepNext: true });
  return {
    default: {
      document: {
        run: { font: 'Georgia', size: 22, language: { value: wordLanguage(lang) } },
        paragraph: { spacing: { after: 160, ...lines(1.25) } },
      },
      title: { run: { font: 'Georgia', size: 56 }, paragraph: { spacing: { after: 480, ...lines(1.1) } } },
      heading1: {
        run: { size: heading1Size, bold: true },
        paragraph: { alignment: AlignmentType.CENTER, ...keep(1.25 * INCH, 480) },
      },
      heading2: { run: { size: 28, bold: true }, paragraph: keep(360, 160) },
      heading3: { run: { size: 24, bold: true }, paragraph: keep(240, 120) },
    },
  };
}

/** The title page's title, centred a third of the way down. */
export const titleParagraph = (title: string) =>
  new Paragraph({
    heading: HeadingLevel.TITLE,
    alignment: AlignmentType.CENTER,
    spacing: { before: 2.5 * INCH, after: 480, ...lines(1.1) },
    children: [new TextRun(xmlSafe(title))],
  });

/** The copyright page's first line: the title in italic, from a new page, low on it. */
export const copyrightTitle = (title: string) =>
  new Paragraph({
    pageBreakBefore: true,
    spacing: { before: 4 * INCH, after: 120 },
    children: [new TextRun({ text: xmlSafe(title), italics: true })],
  });

/** The contents page: its heading, then Word's table of contents of the parts (Heading 1). */
export const contentsPage = (contents: string): FileChild[] => [
  new Paragraph({
    pageBreakBefore: true,
    spacing: { after: 360 },
    children: [new TextRun({ text: contents, bold: true, size: 32 })],
  }),
  new TableOfContents(contents, {
    hyperlink: true,
    headingStyleRange: '1-1',
    pageNumbersEntryLevelsRange: '1-1',
    beginDirty: false,
  }),
];

/** The front matter's section, then the body's, its pages numbered from 1 in the footer. */
export function bookSections(front: readonly FileChild[], body: readonly FileChild[]): ISectionOptions[] {
  const pageNumber: ParagraphChild = new TextRun({ children: [PageNumber.CURRENT] });
  return [
    { properties: { page: PAGE }, children: [...front] },
    {
      properties: { page: { ...PAGE, pageNumbers: { start: 1 } } },
      footers: {
        default: new Footer({ children: [new Paragraph({ alignment: AlignmentType.CENTER, children: [pageNumber] })] }),
      },
      children: [...body],
    },
  ];
}
