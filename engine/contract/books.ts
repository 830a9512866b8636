// The contract of the book routes: generating the next step (JSON or server-sent events), the saved
// book (`/api/progress/:bookType`), the user's finished books and their downloads (`/api/books`), and a
// finished book's KDP package (`/api/books/:bookType/publish`). A saved book's edits are in book-edits.ts, the
// user's books in my-books.ts. The server parses and answers with these
// schemas; the studio's client is typed from them.
import * as z from 'zod';
import { EXPORT_FORMATS, type ExportFormat } from '../session/book.js';
import { StepRefSchema } from '../compile/step-ref.js';
import {
  ApiErrorBodySchema,
  LangSchema,
  ModelWaitingEventSchema,
  RunSoFarSchema,
  TimestampSchema,
  WriterTextSchema,
} from './common.js';
import { BookViewSchema, LabelledStepSchema, ProgressSchema } from '../session/view-schema.js';

const Lang = LangSchema;

// The book view's schema is the session's (engine/session/view-schema.ts: the session builds the view).
export { BookViewSchema, LabelledStepSchema, ProgressSchema, type BookView } from '../session/view-schema.js';

/** POST /api/generators/:id/generate */
export const GenerateBodySchema = z.lazy(() =>
  z.strictObject({
    settings: z.record(z.string(), z.unknown()).default({}),
    lang: Lang.optional(),
    chapterTitle: WriterTextSchema.max(120).optional(),
    /** The step the client means to run; 409 when the book is elsewhere (a stale tab, a double click). */
    step: StepRefSchema.optional(),
    /**
     * `continue`: the step is written on from its stopped draft (the text the writer stopped), streamed and
     * stoppable as any step; 404 `no_stopped_draft` when the step has none.
     */
    fromDraft: z.literal('continue').optional(),
  }),
);
export type GenerateBody = z.input<typeof GenerateBodySchema>;

/**
 * Request headers of a generation step. `Idempotency-Key` (1 to 255 visible ASCII characters, e.g. a
 * UUID): a retry with the same key by the same user within 24 hours answers the stored answer of the
 * first request (with `Idempotent-Replayed: true`) and charges nothing again; while the first request
 * still runs it answers 409 `idempotency_in_progress` (with Retry-After); the same key with another
 * generator or body answers 422 `idempotency_key_reused`. A request that failed (refunded) stores
 * nothing: its key can be sent again.
 */
export const GenerateHeadersSchema = z.lazy(() =>
  z.object({
    'idempotency-key': z
      .string()
      .regex(/^[\x21-\x7e]{1,255}$/, { error: 'An Idempotency-Key is 1 to 255 visible ASCII characters' })
      .optional(),
  }),
);
/** The response header of an answer replayed from an earlier request with the same Idempotency-Key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/**
 * What was done to a call's answers, each a stable code and its message in the book's language
 * (engine/session/answers/notes.ts).
 */
export const AnswerNotesSchema = z.lazy(() => z.array(z.strictObject({ code: z.string(), message: z.string() })));

/** The answer to a generation step (JSON) and the stream's `done` event. */
export const DonePayloadSchema = z.lazy(() =>
  z.object({
    generation_id: z.string(),
    generator_id: z.string(),
    part: StepRefSchema,
    label: z.string(),
    content: z.string(),
    words: z.number(),
    /** False when the text was still cut at the token limit after two continuations (kept, marked incomplete). */
    is_complete: z.boolean(),
    /**
     * Present when the part came back in another language than the book's and was asked for again once:
     * what was expected and found, and whether the second answer is in the book's language.
     */
    language_drift: z.object({ expected: LangSchema, found: z.string(), resolved: z.boolean() }).optional(),
    /**
     * What was done to the answers of this part, in the book's language: paragraphs where the model spoke as an
     * assistant taken out, a wall of text split, an answer of the wrong kind asked again (and why), an answer
     * stopped by the time-out and continued from where it stopped.
     */
    notes: AnswerNotesSchema.optional(),
    progress: ProgressSchema.nullable(),
    /**
     * What the step spent (its requests, tokens, credits, seconds) and the book's time left at its pace; absent on a
     * step answered again.
     */
    so_far: RunSoFarSchema.optional(),
    next: LabelledStepSchema.extend({ button: z.string() }).nullable(),
    /** The book after this step (books only). */
    book: BookViewSchema.nullable(),
    toast: z.string().optional(),
    /** data: URL of the PNG, for image generators. */
    image: z.string().optional(),
    credits_charged: z.number(),
    credits_available: z.number(),
    /**
     * The AI test page for users who are not the administrator: the answer of the service's last check
     * (shared, a few minutes old at most) rather than a new call; nothing is charged or kept in history.
     */
    is_cached: z.boolean().optional(),
    /**
     * Asked to continue the writer's stopped draft, the model wrote the part again from its start: the draft, kept as
     * this version of the part.
     */
    restarted_version: z.number().int().positive().optional(),
  }),
);
export type DonePayload = z.infer<typeof DonePayloadSchema>;

/** Server-sent events of a streamed step. */
export const DeltaEventSchema = z.lazy(() => z.object({ text: z.string() }));
/** The `error` event: the error envelope's inner object (the charge was refunded). */
export const StreamErrorEventSchema = ApiErrorBodySchema;
/** `waiting` (common.ts): what the step waits for before its first words (the model, a rate limit and its seconds). */
export const GenerationEventSchemas = {
  waiting: ModelWaitingEventSchema,
  delta: DeltaEventSchema,
  done: DonePayloadSchema,
  error: StreamErrorEventSchema,
} as const;

/** GET /api/progress/:bookType: the saved book as stored, and as the reader sees it (`book`). */
export const SavedProgressSchema = z.lazy(() =>
  z.object({
    /** The book's id (My Books, `/api/books/:id/…`). */
    id: z.number().int().positive(),
    book_type: z.string(),
    generator_id: z.string(),
    lang: Lang,
    current_chapter: z.number().int(),
    total_chapters: z.number().int(),
    content: z.array(z.string()),
    settings: z.record(z.string(), z.unknown()),
    outline: z.string().nullable(),
    progress: ProgressSchema.optional(),
    updated_at: TimestampSchema,
    book: BookViewSchema.optional(),
  }),
);
export type SavedProgress = z.infer<typeof SavedProgressSchema>;

/** GET /api/progress/:bookType when nothing is saved: an ordinary answer, not an error. */
export const NoSavedProgressSchema = z.lazy(() => z.strictObject({ book: z.null() }));
export const SavedProgressResponseSchema = z.lazy(() => z.union([SavedProgressSchema, NoSavedProgressSchema]));
export type SavedProgressResponse = z.infer<typeof SavedProgressResponseSchema>;

/** A saved book, or null when `GET /api/progress/:bookType` answered that nothing is saved. */
export function savedProgressOf(answer: SavedProgressResponse): SavedProgress | null {
  return 'book_type' in answer ? answer : null;
}

export const BookTypeParamsSchema = z.lazy(() => z.strictObject({ bookType: z.string().regex(/^[a-z0-9_-]{1,80}$/) }));

/** How each export format is sent: its media type and file extension. */
export const EXPORT_FILE_TYPES = {
  md: { contentType: 'text/markdown; charset=utf-8', extension: 'md' },
  epub: { contentType: 'application/epub+zip', extension: 'epub' },
  docx: { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx' },
  pdf: { contentType: 'application/pdf', extension: 'pdf' },
} as const satisfies Record<ExportFormat, { contentType: string; extension: string }>;

export { EXPORT_FORMATS, type ExportFormat };

/** `?format=` of the export routes. */
export const ExportQuerySchema = z.lazy(() =>
  z.strictObject({
    format: z.enum(EXPORT_FORMATS, { error: `Choose one of ${EXPORT_FORMATS.join(', ')}` }),
    /** The author name for the title page, copyright page and metadata (EPUB dc:creator, DOCX creator, PDF Author). */
    author: WriterTextSchema.trim().max(100).optional(),
  }),
);

/**
 * The file name of a book's download: its title as a lower-case ASCII slug, then the format's extension.
 * @example exportFileName('Cinta di Kuala Lumpur!', 'epub') // "cinta-di-kuala-lumpur.epub"
 */
export function exportFileName(title: string, format: ExportFormat): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 80)
    .replace(/^-+|-+$/g, '');
  return `${slug || 'book'}.${EXPORT_FILE_TYPES[format].extension}`;
}
