// The publishing routes' shapes: what a KDP package costs (GET /api/books/:bookType/publish), publishing it
// (POST), its readiness report per channel. Apart from the book routes (books.ts); the cover picture's routes are
// cover.ts's, the kept package's edits and files package-files.ts's.
import * as z from 'zod';
import type { PublishPart as PublishPartName } from '../spec/types.js';
import { PAPER_NAMES, TRIM_NAMES, type PaperName, type TrimName } from '../print.js';
import { LangSchema, TimestampSchema, WriterTextSchema } from './common.js';
import { failsWith } from './messages.js';
import { BookCoverSchema } from './cover.js';

/** The publishing steps of a KDP package, in order (engine/spec/format.ts PUBLISH_PARTS). */
const PublishPart = z.enum([
  'title',
  'author',
  'description',
  'keywords',
  'copyright',
  'cover',
] as const satisfies readonly PublishPartName[]);

/**
 * POST /api/books/:bookType/publish: the author name to print (without it a pen name is written, one
 * step), and the paperback's trim size and paper (default 6x9, white).
 */
/** The paperback trims and papers a package is made for (engine/print.ts: KDP's common fiction trims; white, cream). */
export const PAPERBACK_TRIMS = TRIM_NAMES;
export const PAPERBACK_PAPERS = PAPER_NAMES;

/**
 * The levels of KDP's AI disclosure for text a writer may set instead of the derived one (as disclosure.ts's
 * AI_TEXT_LEVELS: the contract reaches the browser without the publishing code; tests/contract checks both agree).
 */
export const PUBLISH_AI_TEXT_LEVELS = ['none', 'some', 'most', 'entirely'] as const;
type AiTextLevel = (typeof PUBLISH_AI_TEXT_LEVELS)[number];
const AI_TEXT_LEVELS = PUBLISH_AI_TEXT_LEVELS as unknown as [AiTextLevel, ...AiTextLevel[]];

export const PublishBodySchema = z.lazy(() =>
  z.strictObject({
    author: WriterTextSchema.trim().max(100).optional(),
    /** The writer's own title (karya publish --title): the title step is not run. */
    title: WriterTextSchema.trim().max(200).optional(),
    trim: z.enum(TRIM_NAMES as [TrimName, ...TrimName[]]).optional(),
    paper: z.enum(PAPER_NAMES as [PaperName, ...PaperName[]]).optional(),
    /**
     * The writer's correction of the AI disclosure's text level (--ai-text): metadata.json keeps the derived one too.
     */
    aiText: failsWith('invalid_ai_text', z.enum(AI_TEXT_LEVELS)).optional(),
    /**
     * A translated edition published as a dual-language book: the EPUB, DOCX and paperback print each source paragraph
     * followed by its translation (readiness adds how a store takes a book in two languages). Only for an edition:
     * any other book is refused with 422 publish_not_edition.
     */
    bilingual: z.boolean().optional(),
  }),
);

/**
 * What a writer gives a package instead of a publishing step, outside the studio: a batch job's `author`,
 * `title`, `subtitle` and `publisher` (and `karya batch --publish --author/--publisher` for every job). The
 * limits are the stores': an author name as POST …/publish takes it, a title and subtitle within KDP's 200
 * characters, an imprint as long as an author name.
 */
export const PublishFactsSchema = z.lazy(() =>
  z.strictObject({
    author: WriterTextSchema.trim().min(1).max(100).optional(),
    title: WriterTextSchema.trim().min(1).max(200).optional(),
    subtitle: WriterTextSchema.trim().min(1).max(200).optional(),
    publisher: WriterTextSchema.trim().min(1).max(100).optional(),
  }),
);
export type PublishFacts = z.infer<typeof PublishFactsSchema>;
/** The fields of PublishFactsSchema, as a batch job names them. */
export const PUBLISH_FACT_FIELDS = ['author', 'title', 'subtitle', 'publisher'] as const;

/**
 * One publishing step: the generator it runs and its credits (0 when skipped: `given` author, the `book`'s
 * own title, or `no_author`: the copyright page when no author name was given or found; for the cover,
 * `typographic` or `own_cover` when the writer chose one, `no_images` when the model server draws no pictures).
 */
export const PublishStepSchema = z.lazy(() =>
  z.strictObject({
    part: PublishPart,
    generator_id: z.string(),
    cost: z.number().int().min(0),
    skipped: z.enum(['given', 'book', 'no_author', 'typographic', 'own_cover', 'no_images']).optional(),
  }),
);
export type PublishStepInfo = z.infer<typeof PublishStepSchema>;

/**
 * A readiness text as data (engine/publish/readiness-words.ts): a catalogue code and the values of its
 * placeholders (a value may be another text or a list of them), to say it in any language.
 */
export const ReadinessTextSchema = z.lazy(() =>
  z.strictObject({
    code: z.string(),
    params: z.record(z.string(), z.unknown()).optional(),
  }),
);

/**
 * One readiness check of a package (engine/publish/readiness.ts): what is checked, the outcome (`check`:
 * not confirmed from the channel's published rule, verify it on the `source` page), what to fix, and the
 * published rule it comes from; label, detail and fix in the book's language, and as texts in `text` (the
 * studio says them in its own language; a package made before has none).
 */
export const ReadinessCheckSchema = z.lazy(() =>
  z.strictObject({
    id: z.string(),
    label: z.string(),
    status: z.enum(['pass', 'fail', 'warn', 'skipped', 'check']),
    detail: z.string().optional(),
    fix: z.string().optional(),
    source: z.string(),
    text: z
      .strictObject({
        label: ReadinessTextSchema,
        detail: z.array(ReadinessTextSchema).optional(),
        fix: z.array(ReadinessTextSchema).optional(),
      })
      .optional(),
  }),
);

/** The channels a package is checked for (engine/publish/channels.ts CHANNEL_IDS). */
export const PUBLISH_CHANNELS = ['kdp_ebook', 'kdp_paperback', 'google_play', 'kobo'] as const;

/** One channel's readiness: ready when no check fails and none is left to check. */
export const ChannelReadinessSchema = z.lazy(() =>
  z.strictObject({
    name: z.string(),
    ready: z.boolean(),
    checks: z.array(ReadinessCheckSchema),
  }),
);

/** A book's KDP package as kept for download: its readiness report, the steps that made it and their cost. */
export const KdpPackageSchema = z.lazy(() =>
  z.strictObject({
    title: z.string(),
    subtitle: z.string(),
    author: z.string(),
    /** Every channel is ready. */
    ready: z.boolean(),
    channels: z.record(z.enum(PUBLISH_CHANNELS), ChannelReadinessSchema),
    /** description.html and keywords.txt as made (the panel shows them). */
    description: z.string(),
    keywords: z.array(z.string()),
    /**
     * The categories metadata.json suggests (KDP asks for up to 3 at setup), editable with the keywords; absent in a
     * package made before they were kept here.
     */
    categories: z.array(z.string()).optional(),
    steps: z.array(PublishStepSchema),
    /** Credits of the steps run (each generator's cost; the administrator is charged 0 when short). */
    cost: z.number().int().min(0),
    /** The files of the zip, in order. */
    files: z.array(z.string()),
    /**
     * The day (yyyy-mm-dd) the book may be published on or after: the account's release schedule (3 new books a day).
     */
    publish_on: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
    created_at: TimestampSchema,
  }),
);
export type KdpPackage = z.infer<typeof KdpPackageSchema>;

/** GET /api/books/:bookType/publish: what publishing the current book costs, and its package when made. */
export const PublishQuoteSchema = z.lazy(() =>
  z.strictObject({
    /** Only a finished book is published. */
    is_finished: z.boolean(),
    steps: z.array(PublishStepSchema),
    cost: z.number().int().min(0),
    /**
     * The trim the paperback is set at unless the writer picks another: the book's layout's (engine/print.ts
     * printLayoutOf; a children's book 5.5x8.5).
     */
    trim: z.enum(TRIM_NAMES as [TrimName, ...TrimName[]]),
    package: KdpPackageSchema.nullable(),
    /**
     * The account's new titles today (packages made since the start of the day, UTC) against the daily
     * limit of new titles a store creates (KDP: 3; engine/publish/release.ts): the publish panel shows it.
     */
    today: z.strictObject({ packages: z.number().int().min(0), per_day: z.number().int().min(1) }).optional(),
    /** The derived text level (from who wrote each part) the writer may correct, and the model's share of the words. */
    ai_text: z.strictObject({ level: z.enum(AI_TEXT_LEVELS), share: z.number().min(0).max(1) }).optional(),
    /** The book's id (PUT /api/books/:id/cover gives its cover) and its own cover picture, if the writer gave one. */
    book_id: z.number().int().positive().optional(),
    cover: BookCoverSchema.nullable().optional(),
    /** A translation whose source is saved: its language and its source's (the panel offers the dual-language book). */
    edition: z.strictObject({ lang: LangSchema, source_lang: LangSchema }).optional(),
    /**
     * The author the book is kept under (the writer's, an import's, or the pen name a package was made with): the
     * panel's Author field starts with it, and no author step is charged.
     */
    author: z.string().max(100).optional(),
  }),
);
export type PublishQuote = z.infer<typeof PublishQuoteSchema>;

/** POST /api/books/:bookType/publish: the package made (kept for download) and the credits. */
export const PublishResponseSchema = z.lazy(() =>
  z.strictObject({
    package: KdpPackageSchema,
    credits_charged: z.number().int().min(0),
    credits_available: z.number().int().min(0),
  }),
);
export type PublishResponse = z.infer<typeof PublishResponseSchema>;
