// A book document as a print PDF: the paperback interior's layout (engine/node/print/book.ts) in the
// book's own layout and trim (engine/print.ts printLayoutOf: a children's book at 5.5 × 8.5 in, else 6 × 9
// in, 432 × 648 pt, KDP's most common trim): title page with the author, copyright page, contents with page
// numbers, each part opening on a right-hand page, running heads and folios, justified and hyphenated
// text, DejaVu fonts embedded. Bookmarks list the parts.
import type { BookDocument } from '../../session/book.js';
import type { TrimName } from '../../print.js';
import { renderBookPdf } from '../print/book.js';

export { FONT_DIR, MissingFontError } from '../print/typeset.js';

export const PAGE = { width: 432, height: 648 } as const;

/** A book document as PDF bytes. */
export async function renderPdf(doc: BookDocument, opts: { date?: Date; trim?: TrimName } = {}): Promise<Uint8Array> {
  return (await renderBookPdf(doc, opts)).bytes;
}
