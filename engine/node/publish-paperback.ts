// The paperback of a KDP package (engine/node/publish.ts): its choices (trim and paper), the interior PDF at the
// trim (engine/node/print/book.ts) and the wrap cover sized for the interior's real page count
// (engine/node/print/cover.ts), and the facts of both as made.
import type { BookDocument } from '../session/book.js';
import type { LayoutName, PaperName, TrimName } from '../print.js';
import { renderBookPdf } from './print/book.js';
import { renderWrapCover, type FrontArt } from './print/cover.js';

/** The paperback's choices: trim size and paper (default 6 × 9 in, white). */
export interface PrintChoice {
  /**
   * 6x9, 5.5x8.5 or 5x8 (default: the trim of the book's layout, publish.layout: 6x9, or 5.5x8.5 for a children's
   * book).
   */
  trim?: TrimName;
  /** white (default) or cream. */
  paper?: PaperName;
}

/** The paperback as made: the interior's real page count and what the wrap cover was sized for. */
export interface PrintFacts {
  /** Pages of paperback-interior.pdf, blank pages included (always even). */
  pageCount: number;
  trim: TrimName;
  paper: PaperName;
  /** KDP's minimum gutter for that page count, in inches. */
  gutterIn: number;
  /**
   * The spine's width, in inches, and whether it carries the title and author (79 pages or more, where the type fits
   * with KDP's clearance).
   */
  spineIn: number;
  hasSpineText: boolean;
  /** The wrap cover's page size, in points. */
  coverPt: { width: number; height: number };
}

/** The paperback as made: its two PDFs and their facts. */
export interface PackagePaperback {
  interior: Uint8Array;
  cover: Uint8Array;
  print: PrintFacts;
}

/**
 * Make the paperback: the interior from its document, then the wrap cover around the front panel's art, sized for
 * the interior's page count. `making` is told before each file.
 */
export async function packagePaperback(input: {
  doc: BookDocument;
  front: FrontArt;
  isLettered: boolean;
  /** The wrap's words: the title and author (spine, back), the description (back). */
  parts: { title: string; author: string; description: string };
  trim: TrimName;
  layout: LayoutName;
  paper: PaperName;
  making: (file: 'paperback-interior.pdf' | 'paperback-cover.pdf') => void;
}): Promise<PackagePaperback> {
  const { doc, parts, trim, paper, making } = input;
  making('paperback-interior.pdf');
  const interior = await renderBookPdf(doc, { trim, layout: input.layout, isPrint: true });
  making('paperback-cover.pdf');
  const wrap = await renderWrapCover({
    front: input.front,
    isLettered: input.isLettered,
    title: parts.title,
    author: parts.author,
    description: parts.description,
    lang: doc.lang,
    trim,
    paper,
    pageCount: interior.pageCount,
  });
  const print: PrintFacts = {
    pageCount: interior.pageCount,
    trim,
    paper,
    gutterIn: interior.gutterIn,
    spineIn: wrap.spineIn,
    hasSpineText: wrap.hasSpineText,
    coverPt: { width: wrap.width, height: wrap.height },
  };
  return { interior: interior.bytes, cover: wrap.bytes, print };
}
