// Importing a manuscript: POST /api/books/import/preview reads an uploaded file (the request's raw body, at
// most 20 MB; its name in ?file=) and answers the parts found, as `karya import FILE --dry-run --json` prints
// them (with ?generator=, what building its story bible will cost); nothing is saved and no model is called.
// POST /api/books/import saves it as the user's current book of that generator (the one there before is kept,
// as Start New keeps it) and builds its story bible in the background, one part at a time, each part charged
// as it is read and refunded if it fails. A file the import refuses answers 400 (413 when too large) with the
// catalogue's error, in the language of ?lang= (else the account's); too few credits answer 402 before
// anything is saved.
import * as z from 'zod';
import { IMPORT_LIMITS } from '../import/read-text.js';
import { LangSchema } from './common.js';

/** A manuscript's upload: its bytes as the raw body (20 MB at most, as engine/import's IMPORT_LIMITS says). */
export const MANUSCRIPT_UPLOAD = {
  maxBytes: IMPORT_LIMITS.bytes,
  tooLarge: 'import_too_large',
  types: [
    'application/octet-stream',
    'text/plain',
    'text/markdown',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/epub+zip',
  ],
} as const;

const FileNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .regex(/^[^/\\\u0000-\u001f]+$/, 'a file name, without folders');
const GeneratorIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[a-z0-9-]+$/, 'a generator id, such as romance');

/** What a book's source text is (engine/compile/provenance.ts SourceStatus): read at import, set by the writer. */
export const SourceStatusSchema = z.strictObject({
  publicDomain: z.boolean(),
  /** The year it was first published, when the text says it or the writer gave it. */
  firstPublished: z.number().int().min(1000).max(9999).optional(),
  /** The original author the source names. */
  originalAuthor: z.string().optional(),
  /** What said so: Project Gutenberg's licence or header, a public-domain statement, nothing, or the writer. */
  from: z.enum(['gutenberg', 'statement', 'none', 'writer']),
  confirmed: z.boolean().optional(),
});

/**
 * The writer's word on a book's source text (PUT /api/books/:id/source; the import's ?public_domain= and
 * ?first_published=).
 */
export const SourceBodySchema = z.strictObject({
  publicDomain: z.boolean(),
  firstPublished: z.number().int().min(1000).max(9999).nullable().optional(),
  originalAuthor: z.string().trim().max(200).nullable().optional(),
});
export type SourceBody = z.input<typeof SourceBodySchema>;

/**
 * GET and PUT /api/books/:id/source: the book's source status as kept (`publicDomain: false, from: none` when none was
 * read).
 */
export const SourceResponseSchema = z.strictObject({ id: z.number().int().positive(), source: SourceStatusSchema });

export const ImportPreviewQuerySchema = z.strictObject({
  file: FileNameSchema,
  lang: LangSchema.optional(),
  /** The generator the book would be: the answer then says what its story bible costs. */
  generator: GeneratorIdSchema.optional(),
});

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
  /** A text file's broken byte sequences, each now U+FFFD in the text (absent when there are none). */
  replacedBytes: z.number().int().positive().optional(),
  title: z.string().nullable(),
  /** The subtitle under the title on the title page ("or, the Modern Prometheus"), when it has one. */
  subtitle: z.string().optional(),
  /**
   * The author and the language the file's own metadata name (an EPUB's package document) or, for the author, its title
   * page or `Author:` line.
   */
  author: z.string().nullable(),
  language: z.string().nullable(),
  reading: z.enum([
    'chapter-word',
    'roman-alone',
    'number-alone',
    'markdown',
    'regex',
    'caps-title',
    'contents',
    'none',
  ]),
  words: z.number().int().nonnegative(),
  frontMatterWords: z.number().int().nonnegative(),
  /** The front matter the book keeps before its first part (a preface, a dedication…), each as its heading names it. */
  frontMatter: z
    .array(
      z.strictObject({
        kind: z.enum([
          'preface',
          'foreword',
          'authorsNote',
          'introduction',
          'dedication',
          'epigraph',
          'acknowledgements',
          'letter',
        ]),
        title: z.string(),
        words: z.number().int().nonnegative(),
        firstLine: z.string(),
      }),
    )
    .optional(),
  /** What was left out before the first part (its `frontMatterWords`), named. */
  leftOut: z.array(z.enum(['titlePage', 'contents', 'copyright', 'licence'])).optional(),
  chapters: z.array(ImportedPartPreviewSchema),
  /**
   * What the text says of its source: public domain (a Gutenberg licence, a statement), first published, original
   * author.
   */
  source: SourceStatusSchema.optional(),
  /** With ?generator=: the credits the story bible takes (one model call a part with text) and the parts read. */
  cost: z.strictObject({ credits: z.number().int().nonnegative(), parts: z.number().int().nonnegative() }).optional(),
  /**
   * With ?generator=: the settings the book would be saved with, each with where it came from (the manuscript, read
   * with one model call, or the generator's default).
   */
  settings: z
    .record(z.string(), z.strictObject({ value: z.unknown(), from: z.enum(['manuscript', 'writer', 'default']) }))
    .optional(),
  /**
   * With a generator: the settings the book requires that no one gave yet (the preview still shows the chapters); the
   * import needs them.
   */
  missingSettings: z.array(z.string()).optional(),
  /** With ?generator=: the most chapters that generator's book may have (its chapter menu's largest), when it says. */
  chaptersMost: z.number().int().positive().optional(),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

export const ImportBookQuerySchema = z.strictObject({
  file: FileNameSchema,
  generator: GeneratorIdSchema,
  /** The chapters the book will have, the imported ones included (default: as many as were imported). */
  chapters: z.coerce.number().int().min(1).max(100).optional(),
  /** The book's language; absent: the manuscript's own (asked when it is mixed). Also the language of an error. */
  lang: LangSchema.optional(),
  /**
   * The settings the writer confirmed in the preview, as JSON (`{"romanceType": "historical", "workingTitle":
   * "Katrine"}`):
   * the book is saved with them (checked as any book's settings), and the manuscript is not read again.
   */
  settings: z.string().max(8000).optional(),
  /**
   * The writer's word on the source: `true` the text is in the public domain (confirmed), `false` it is not; absent: as
   * the text says.
   */
  public_domain: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  /** The year the text was first published, when it does not say. */
  first_published: z.coerce.number().int().min(1000).max(9999).optional(),
});

export const ImportBookResponseSchema = z.strictObject({
  book: z.strictObject({
    id: z.number().int().positive(),
    book_type: z.string(),
    generator: z.string(),
    title: z.string(),
    lang: LangSchema,
    words: z.number().int().nonnegative(),
    chapters: z.strictObject({ imported: z.number().int().nonnegative(), total: z.number().int().nonnegative() }),
    finished: z.boolean(),
    /**
     * The book's voice: its manuscript's own prose (new chapters measured against it), or none when too short to
     * measure.
     */
    voice: z.enum(['manuscript', 'none']).optional(),
    /** Its source text as kept: public domain or not, first published, the original author. */
    source: SourceStatusSchema.optional(),
  }),
  /**
   * What the story bible takes: held at once (deducted from the balance), spent part by part as it is read in the
   * background, and what is not spent given back when the build ends.
   */
  cost: z.strictObject({ credits: z.number().int().nonnegative(), parts: z.number().int().nonnegative() }),
  /** The balance once the bible's cost is held. */
  credits_available: z.number(),
});
