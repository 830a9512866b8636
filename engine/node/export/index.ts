// A book document in any export format: Markdown, EPUB 3, DOCX or PDF. Each renderer loads on first use,
// so a Markdown export never pays for pdfkit or the EPUB zipper.
import { documentMarkdown, type BookDocument, type ExportFormat } from '../../session/book.js';

export { EXPORT_FORMATS, formatOfFile, type ExportFormat } from '../../session/book.js';

export interface RenderOptions {
  /** The date on the copyright page and in the metadata (default now). */
  date?: Date;
  /** The book's cover as a JPEG: the EPUB carries it as its cover image (the other formats ignore it). */
  cover?: Uint8Array;
}

/**
 * A book document as the bytes of one file format.
 * @example writeFileSync('book.epub', await renderDocument(bookDocument(spec, state), 'epub'));
 */
export async function renderDocument(doc: BookDocument, format: ExportFormat, opts: RenderOptions = {}): Promise<Uint8Array> {
  switch (format) {
    case 'md': {
      // A single output (a poem, a description) carries no part heading, as `karya generate` writes it.
      const isSingle = doc.parts.length === 1 && doc.parts[0]?.id === 'single';
      return new TextEncoder().encode(documentMarkdown(doc, { isSingle }));
    }
    case 'epub':
      return (await import('./epub.js')).renderEpub(doc, opts);
    case 'docx':
      return (await import('./docx.js')).renderDocx(doc, opts);
    case 'pdf':
      return (await import('./pdf.js')).renderPdf(doc, opts);
  }
}
