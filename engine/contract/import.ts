// Importing a manuscript: POST /api/books/import/preview reads an uploaded file (the request's raw body, at
// most 20 MB; its name in ?file=) and answers the parts found, as `karya import FILE --dry-run --json` prints
// them; nothing is saved and no model is called. A file the import refuses answers 400 (413 when too large)
// with the catalogue's error, in the language of ?lang= (else the account's).
import * as z from 'zod';

export const ImportPreviewQuerySchema = z.strictObject({
  file: z.string().trim().min(1).max(255).regex(/^[^/\\\u0000-\u001f]+$/, 'a file name, without folders'),
  lang: z.enum(['en', 'ms']).optional(),
});
export type ImportPreviewQuery = z.infer<typeof ImportPreviewQuerySchema>;

export const ImportedPartPreviewSchema = z.strictObject({
  kind: z.enum(['introduction', 'chapter', 'conclusion']),
  number: z.number().int().positive().nullable(),
  title: z.string(),
  words: z.number().int().nonnegative(),
  firstLine: z.string(),
});

/** The parts found in a manuscript, and how: the same object `karya import --dry-run --json` prints. */
export const ImportPreviewSchema = z.strictObject({
  file: z.string(),
  format: z.enum(['text', 'markdown', 'docx', 'epub']),
  encoding: z.enum(['utf-8', 'utf-16le', 'utf-16be', 'windows-1252']).nullable(),
  title: z.string().nullable(),
  reading: z.enum(['chapter-word', 'roman-alone', 'number-alone', 'markdown', 'regex', 'caps-title', 'none']),
  words: z.number().int().nonnegative(),
  frontMatterWords: z.number().int().nonnegative(),
  chapters: z.array(ImportedPartPreviewSchema),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;
