// /api/series: a writer's series, each a named, ordered set of their books in one language. Its
// story bible is derived from its books (engine/session/series/series.ts); the API lists the series, shows one (its
// books in order with what changed for each since it was written, the bible as of each book's end, what is
// left open), makes one (optionally with a finished book as its book 1), and starts its next book: saved at once as
// a book of its own (the current book of that type kept as Start New keeps it) that joins the series by its id, its
// brief filled from the series for the writer to check before the first step.
import * as z from 'zod';
// The bounds' file alone, not the room's index.ts: the contract is loaded in the browser
// (tests/contract/client.test.ts).
import { MAX_SERIES_NAME } from '../session/series/light.js';
import { LangSchema, WriterTextSchema } from './common.js';

export const SeriesNameSchema = WriterTextSchema.pipe(z.string().trim().min(1).max(MAX_SERIES_NAME));

export const SeriesSummarySchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  lang: LangSchema,
  books: z.number().int(),
});

/** GET /api/series */
export const SeriesListResponseSchema = z.strictObject({ series: z.array(SeriesSummarySchema) });

/** POST /api/series: a new series; `book_id`, a book of the writer's that becomes its book 1. */
export const CreateSeriesBodySchema = z.strictObject({
  name: SeriesNameSchema,
  lang: LangSchema,
  book_id: z.number().int().positive().optional(),
});

/** One book of a series, in order: `changes`, what the series says differently now than when it was written. */
export const SeriesBookSchema = z.strictObject({
  number: z.number().int(),
  id: z.number().int().nullable(),
  title: z.string().nullable(),
  generator_id: z.string().nullable(),
  book_type: z.string().nullable(),
  is_finished: z.boolean(),
  is_current: z.boolean(),
  /** Something is written (an outline or a part); false for a next book the writer started and has not written yet. */
  is_started: z.boolean(),
  changes: z.array(z.string()),
  /** The series' story bible as of this book's end (Markdown). */
  bible: z.string(),
});

/** GET /api/series/:id, and the answer of POST /api/series. */
export const SeriesDetailSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  lang: LangSchema,
  books: z.array(SeriesBookSchema),
  /** The threads the series leaves open after its last book. */
  open: z.array(z.strictObject({ thread: z.string(), opened: z.string() })),
});
export type SeriesDetail = z.infer<typeof SeriesDetailSchema>;
export const SeriesResponseSchema = z.strictObject({ series: SeriesDetailSchema });

/** POST /api/series/:id/next: start the series' next book with this generator (default: its last book's). */
export const NextBookBodySchema = z.strictObject({
  generator_id: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/)
    .optional(),
});

/**
 * The next book: its place, its id (saved at once with nothing written, the current book of its type, listed in My
 * Books), its generator and book type, and its settings with the brief filled from the series.
 */
export const NextBookResponseSchema = z.strictObject({
  series: SeriesSummarySchema,
  number: z.number().int(),
  book_id: z.number().int().positive(),
  generator_id: z.string(),
  book_type: z.string(),
  settings: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])),
});
export type NextBookResponse = z.infer<typeof NextBookResponseSchema>;
