// A book's edition in the other language (engine/session/translate): GET /api/books/:id/editions says what the
// source's editions are and what making one costs before anything is charged; POST starts it (or goes on with
// it: a second start continues from the window it stopped at), part by part, each part charged as a step when it
// is whole and refunded when it cannot be had, its progress as server-sent events when asked; the glossary the
// edition holds fast is read (the story bible's by default) and written by the writer; the side-by-side view
// pairs the edition's paragraphs with its source's, those out of date since the source changed marked.
import * as z from 'zod';
import { GENDERS, MAX_GLOSSARY_TERMS, MAX_TERM_CHARS } from '../session/translate/light.js';
import { ApiErrorBodySchema, LangSchema, ModelWaitingEventSchema, RunSoFarSchema } from './common.js';

const Lang = LangSchema;
const Count = z.number().int().nonnegative();

/** The longest glossary term or rendering (a name or an invented term, not a sentence). */
export const MAX_GLOSSARY_TERM_CHARS = MAX_TERM_CHARS;

export const EditionParamsSchema = z.strictObject({
  id: z.coerce.number<number | string>().int().positive().max(Number.MAX_SAFE_INTEGER),
  lang: Lang,
});

const BookRefSchema = z.strictObject({ id: z.number().int().positive(), title: z.string(), lang: Lang });

/** One edition of a source book. */
export const EditionSummarySchema = z.strictObject({
  id: z.number().int().positive(),
  title: z.string(),
  lang: Lang,
  is_finished: z.boolean(),
  /** Parts translated whole, of the source's parts with text. */
  parts_done: Count,
  parts_total: Count,
  /** The edition's paragraphs whose source changed since they were translated. */
  stale_paragraphs: Count,
});
export type EditionSummary = z.infer<typeof EditionSummarySchema>;

/**
 * What making (or finishing) the edition in `to` costs: the generator's cost per part, for the parts not translated
 * yet.
 */
export const EditionCostSchema = z.strictObject({ per_part: Count, parts: Count, total: Count, remaining: Count });

/** An edition that can be made (or gone on with) in `to`, and what it costs. */
export const EditionOfferSchema = z.strictObject({
  to: Lang,
  cost: EditionCostSchema,
  /** Terms of the glossary the edition will hold fast, and whether it is the writer's own. */
  glossary_terms: Count,
  is_running: z.boolean(),
});
export type EditionOffer = z.infer<typeof EditionOfferSchema>;

/** GET /api/books/:id/editions */
export const BookEditionsResponseSchema = z.strictObject({
  book: BookRefSchema,
  editions: z.array(EditionSummarySchema),
  /** The edition that can be made (or gone on with) now; null when the book is itself an edition or has no text. */
  offer: EditionOfferSchema.nullable(),
  /**
   * Every edition that can be made (or gone on with) now: one for each language of the table other than the book's, the
   * default (`offer`) first.
   */
  offers: z.array(EditionOfferSchema),
});
export type BookEditionsResponse = z.infer<typeof BookEditionsResponseSchema>;

/** POST /api/books/:id/editions */
export const StartEditionBodySchema = z.strictObject({
  to: Lang,
  /**
   * The run's bound on model calls instead of its default (engine/budget.ts): the run stops there, nothing undelivered
   * charged.
   */
  max_calls: z.number().int().min(1).max(100_000).optional(),
  /**
   * Translate again the paragraphs whose source changed since they were translated (the side-by-side view's out of
   * date ones, its `again` cost): each part holding one charged as a part of the edition is.
   */
  again: z.boolean().optional(),
});
export type StartEditionBody = z.input<typeof StartEditionBodySchema>;

/** The answer (and the stream's `done` event): the edition as it stands, what was charged, and what is left. */
export const EditionDoneSchema = z.strictObject({
  edition: EditionSummarySchema,
  credits_charged: Count,
  credits_available: z.number(),
  /**
   * Parts with paragraphs (numbered from 1) or their chapter title (`chapter_title`, as the source has it) kept as
   * their source, untranslated and not charged: a second start asks for only these.
   */
  untranslated: z.array(
    z.strictObject({
      position: Count,
      label: z.string(),
      paragraphs: z.array(z.number().int().positive()),
      chapter_title: z.string().optional(),
    }),
  ),
});
export type EditionDone = z.infer<typeof EditionDoneSchema>;

/** A window about to be asked: which part, which window of it, and the parts done so far. */
export const EditionProgressEventSchema = z.strictObject({
  position: Count,
  label: z.string(),
  window: z.number().int().positive(),
  windows: z.number().int().positive(),
  is_again: z.boolean(),
  parts_done: Count,
  parts_total: Count,
  /** The run's calls, tokens and credits so far and its time left. */
  so_far: RunSoFarSchema.optional(),
});
/**
 * A part done: translated now (charged), kept from a run before, or with paragraphs left untranslated (refunded; the
 * run goes on).
 */
export const EditionPartEventSchema = z.strictObject({
  position: Count,
  label: z.string(),
  status: z.enum(['translated', 'kept', 'untranslated']),
  credits: Count,
  parts_done: Count,
  parts_total: Count,
  so_far: RunSoFarSchema.optional(),
});
/**
 * What the run waits for, before any part's event and while it runs (the shape every stream waiting on the model
 * shares: common.ts).
 */
export const EditionWaitingEventSchema = ModelWaitingEventSchema;
export const EditionEventSchemas = {
  waiting: EditionWaitingEventSchema,
  progress: EditionProgressEventSchema,
  part: EditionPartEventSchema,
  done: EditionDoneSchema,
  error: ApiErrorBodySchema,
} as const;
export type EditionProgressEvent = z.infer<typeof EditionProgressEventSchema>;
export type EditionPartEvent = z.infer<typeof EditionPartEventSchema>;
export type EditionWaitingEvent = z.infer<typeof EditionWaitingEventSchema>;

const TermText = z
  .string()
  .trim()
  .min(1)
  .max(MAX_GLOSSARY_TERM_CHARS)
  .regex(/^[^\n\r\t]+$/, 'one line');
/** A term, its rendering, and a character's gender when known (female, male, unknown: how Malay "dia" is read). */
export const GlossaryEntrySchema = z.strictObject({
  term: TermText,
  rendering: TermText,
  gender: z.enum(GENDERS).optional(),
});

/** PUT /api/books/:id/editions/:lang/glossary: the whole glossary, each term once. */
export const GlossaryBodySchema = z.strictObject({
  terms: z
    .array(GlossaryEntrySchema)
    .max(MAX_GLOSSARY_TERMS)
    .refine((ts) => new Set(ts.map((t) => t.term.trim())).size === ts.length, { message: 'each term once' }),
});
export type GlossaryBody = z.input<typeof GlossaryBodySchema>;

/** GET and PUT /api/books/:id/editions/:lang/glossary */
export const GlossaryResponseSchema = z.strictObject({
  terms: z.array(GlossaryEntrySchema),
  /** False: read from the story bible (names unchanged); true: the writer's own. */
  is_writers: z.boolean(),
  max_terms: z.number().int().positive(),
});
export type GlossaryResponse = z.infer<typeof GlossaryResponseSchema>;

/** PUT /api/books/:id/edition-title (`id`: the edition's): the writer's title for the edition, one line. */
export const EditionTitleBodySchema = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1)
    .max(120)
    .refine((t) => !/[\r\n]/.test(t), { message: 'one line' }),
});
export type EditionTitleBody = z.input<typeof EditionTitleBodySchema>;
export const EditionTitleResponseSchema = z.strictObject({ id: Count, title: z.string() });
export type EditionTitleResponse = z.infer<typeof EditionTitleResponseSchema>;

/** GET /api/books/:id/side-by-side (`id`: the edition's) */
export const SideBySideResponseSchema = z.strictObject({
  source: BookRefSchema,
  edition: BookRefSchema.extend({ generator_id: z.string(), is_current: z.boolean() }),
  parts: z.array(
    z.strictObject({
      position: Count,
      label: z.strictObject({ source: z.string(), edition: z.string(), page: z.string() }),
      title: z.strictObject({ source: z.string().nullable(), edition: z.string().nullable() }),
      /**
       * is_stale: its source paragraph changed since it was translated; is_affected: the paragraph before it did (its
       * context), a softer mark.
       */
      pairs: z.array(
        z.strictObject({
          source: z.string().nullable(),
          edition: z.string().nullable(),
          is_stale: z.boolean(),
          is_affected: z.boolean(),
          is_untranslated: z.boolean(),
        }),
      ),
      stale: Count,
      untranslated: Count,
    }),
  ),
  stale_paragraphs: Count,
  /** Paragraphs the edition keeps as their source (no translation could be had yet). */
  untranslated_paragraphs: Count,
  /**
   * What translating the out-of-date paragraphs again costs (POST /api/books/:id/editions with `again`): the parts
   * holding them, each charged as an edition's part.
   */
  again: z.strictObject({ parts: Count, per_part: Count, total: Count }),
});
export type SideBySideResponse = z.infer<typeof SideBySideResponseSchema>;

/**
 * PUT /api/books/:id/edition-chapter-title (`id`: the edition's): the writer's title for one of its chapters
 * (`position`), one line.
 */
export const EditionChapterTitleBodySchema = z.strictObject({
  position: z.number().int().positive(),
  title: z
    .string()
    .trim()
    .min(1)
    .max(120)
    .refine((t) => !/[\r\n]/.test(t), { message: 'one line' }),
});
export type EditionChapterTitleBody = z.input<typeof EditionChapterTitleBodySchema>;
export const EditionChapterTitleResponseSchema = z.strictObject({ id: Count, position: Count, title: z.string() });
