// The contract of the user's books (`GET /api/books`): each book, finished or not, with its counts, and the
// answer when one becomes the current book of its type again. Beside the book routes (books.ts).
import * as z from 'zod';
import { LangSchema, TimestampSchema } from './common.js';

const Lang = LangSchema;

/** A count of words or chapters. */
const Count = z.number().int().min(0);

/**
 * One of the user's books (`GET /api/books`), finished or not: the current book of its type (its generator
 * page shows it) or one kept by "Start New". Every one downloads (`GET /books/:id/export`), continues
 * (`POST /books/:id/continue`) and is deleted (`DELETE /books/:id`) by its id.
 */
export const MyBookSchema = z.lazy(() =>
  z.strictObject({
    id: z.number().int().positive(),
    title: z.string(),
    book_type: z.string(),
    generator_id: z.string(),
    /** What kind of book it is, in the book's language ("Romance Story"). */
    type_label: z.string(),
    lang: Lang,
    /** Words of its parts (the outline not counted). */
    words: Count,
    /** Chapters written, and the chapters the book has (introduction and conclusion not counted). */
    chapters_written: Count,
    chapters_total: Count,
    /** The last change (a step written, an edit); for a finished book, when it was finished or last edited. */
    updated_at: TimestampSchema,
    /** Every step written. */
    is_finished: z.boolean(),
    /** The current book of its type (its generator page shows it); false for a book kept by "Start New". */
    is_current: z.boolean(),
    /** The series the book is in, and its number there (absent: it stands alone). */
    series: z
      .strictObject({
        id: z.number().int().positive(),
        name: z.string(),
        number: z.number().int().positive(),
        is_last: z.boolean(),
      })
      .optional(),
    /** The book is a translated edition of this source book (absent: it is no edition, or its source was deleted). */
    edition_of: z.strictObject({ id: z.number().int().positive(), title: z.string(), lang: Lang }).optional(),
    /**
     * The writer gave the book a cover picture of their own (GET /books/:id/cover answers it); absent: none, the
     * typographic cover stands.
     */
    has_cover: z.boolean().optional(),
    /** When the book's publishing package was last made (absent: never published). */
    published_at: TimestampSchema.optional(),
  }),
);
export type MyBook = z.infer<typeof MyBookSchema>;

export const MyBooksResponseSchema = z.lazy(() => z.strictObject({ books: z.array(MyBookSchema) }));

/** POST /api/books/:id/continue: the book is now the current book of its type (the one that was is kept). */
export const ContinueBookResponseSchema = z.lazy(() => z.strictObject({ book: MyBookSchema }));
