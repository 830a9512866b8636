// The book's own cover picture routes' shapes (PUT/DELETE /api/books/:id/cover): the upload's limits, its file
// name, the cover as kept. Beside the publishing routes (publish.ts), whose quote shows the cover.
import * as z from 'zod';
import { TimestampSchema } from './common.js';

/**
 * PUT /api/books/:id/cover: the writer's own cover picture as the raw body (a JPEG or PNG, at most 10 MB; its
 * name in ?file=), checked against every store's cover rules (engine/publish/cover-rules.ts) from its header
 * alone and kept with the book: every package made from then on has it as its cover (cover.jpg, the EPUB's,
 * the paperback's front). An SVG, a file that is no picture, or one declaring more pixels than a store takes
 * answers 422 at once (413 over 10 MB) with the catalogue's reason.
 */
export const COVER_UPLOAD = {
  maxBytes: 10 * 1024 * 1024,
  types: ['image/jpeg', 'image/png'],
  tooLarge: 'cover_upload_too_large',
} as const;

export const CoverQuerySchema = z.lazy(() =>
  z.strictObject({
    file: z
      .string()
      .trim()
      .min(1)
      .max(255)
      .regex(/^[^/\\\u0000-\u001f]+$/, 'a file name, without folders')
      .optional(),
  }),
);

/** A book's own cover picture as kept: its format and size as the writer sees them, the file's name, bytes and date. */
export const BookCoverSchema = z.lazy(() =>
  z.strictObject({
    format: z.enum(['jpeg', 'png', 'tiff', 'webp']),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    file_name: z.string(),
    bytes: z.number().int().nonnegative(),
    created_at: TimestampSchema,
  }),
);
export type BookCover = z.infer<typeof BookCoverSchema>;

/** PUT/DELETE /api/books/:id/cover: the book's cover picture now (null: the package makes one, typographic, drawn). */
export const CoverResponseSchema = z.lazy(() => z.strictObject({ cover: BookCoverSchema.nullable() }));
