// A translated edition's dual-language download (`GET /books/:id/bilingual`, by the edition's id): each source
// paragraph followed by its translation, as an EPUB, a DOCX or a PDF (alternating blocks or facing columns).
import * as z from 'zod';
import { WriterTextSchema } from './common.js';

export const BILINGUAL_FORMATS = ['epub', 'pdf', 'docx'] as const;

export const BilingualExportQuerySchema = z.strictObject({
  format: z.enum(BILINGUAL_FORMATS, { error: `Choose one of ${BILINGUAL_FORMATS.join(', ')}` }),
  /**
   * A PDF's pages: each paragraph then its translation (alternating, the default) or the two languages facing
   * (columns).
   */
  layout: z.enum(['alternating', 'columns']).optional(),
  /** The author name for the title page, copyright page and metadata. */
  author: WriterTextSchema.trim().max(100).optional(),
});
