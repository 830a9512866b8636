// A book document in any export format: Markdown, EPUB 3, DOCX or PDF. Each renderer loads on first use,
// so a Markdown export never pays for pdfkit or the EPUB zipper. An export thread (render-worker.ts) imports
// this file, not the door (index.ts), which also names the builders that bring the whole book.
import { documentMarkdown, type BookDocument, type ExportFormat } from '../../session/book-document.js';
import { isBilingual, type BilingualDocument, type BilingualLayout } from './bilingual.js';

export interface RenderOptions {
  /** The date on the copyright page and in the metadata (default now). */
  date?: Date;
  /** The book's cover as a JPEG: the EPUB carries it as its cover image (the other formats ignore it). */
  cover?: Uint8Array;
  /** A dual-language PDF's layout (default alternating). */
  bilingualLayout?: BilingualLayout;
}

/**
 * A book document as the bytes of one file format.
 * @example writeFileSync('book.epub', await renderDocument(bookDocument(spec, state), 'epub'));
 */
export async function renderDocument(
  doc: BookDocument | BilingualDocument,
  format: ExportFormat,
  opts: RenderOptions = {},
): Promise<Uint8Array> {
  if (isBilingual(doc)) return renderBilingual(doc, format, opts);
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

/**
 * A dual-language book as the bytes of an EPUB, DOCX or PDF (Markdown: each source paragraph followed by its
 * translation).
 */
async function renderBilingual(doc: BilingualDocument, format: ExportFormat, opts: RenderOptions): Promise<Uint8Array> {
  switch (format) {
    case 'md': {
      const parts = doc.parts.map((p) =>
        [
          `## ${p.heading.source} / ${p.heading.edition}`,
          ...p.pairs.flatMap((x) => [x.source, x.edition].filter((t): t is string => t !== null)),
        ].join('\n\n'),
      );
      return new TextEncoder().encode(`# ${doc.edition.title}\n\n${parts.join('\n\n')}\n`);
    }
    case 'epub':
      return (await import('./bilingual-epub.js')).renderBilingualEpub(doc, opts);
    case 'docx':
      return (await import('./bilingual-docx.js')).renderBilingualDocx(doc, opts);
    case 'pdf':
      return (await import('./bilingual-pdf.js')).renderBilingualPdf(doc, opts);
  }
}
