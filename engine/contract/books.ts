// The contract of the book routes: generating the next step (JSON or server-sent events), the saved
// book (`/api/progress/:bookType`), the user's finished books and their downloads (`/api/books`), and a
// finished book's KDP package (`/api/books/:bookType/publish`). The server parses and answers with these
// schemas; the studio's client is typed from them.
import * as z from 'zod';
import { EXPORT_FORMATS, type ExportFormat } from '../session/book.js';
import { StepRefSchema } from '../compile/step.js';
import { MAX_BIBLE_CHARS, MAX_PART_CHARS, MAX_REWRITE_NOTE_CHARS, MAX_CHARACTER_DETAILS_CHARS } from '../session/edits/light.js';
// The key's file alone, not the room's index.ts: the contract is loaded in the browser (tests/contract/client.test.ts).
import { FINDING_KEY } from '../session/continuity/light.js';
import { MAX_CHAPTER_NOTE_CHARS, MAX_CHAPTER_PLAN_CHARS, MAX_CHAPTER_TITLE_CHARS, MAX_OUTLINE_CHAPTERS } from '../session/outline/light.js';
import { ApiErrorBodySchema, LangSchema, ModelWaitingEventSchema, PartHashSchema, RunSoFarSchema, TimestampSchema, WriterTextSchema } from './common.js';
import { BookViewSchema, LabelledStepSchema, PartProvenanceSchema, ProgressSchema } from '../session/view-schema.js';

/** The longest voice sample sent (10,000 words of prose are well under it). */
export const MAX_VOICE_SAMPLE_CHARS = 90_000;

const Lang = LangSchema;

// The book view's schema is the session's (engine/session/view-schema.ts: the session builds the view).
export { BookViewSchema, LabelledStepSchema, ProgressSchema, type BookView } from '../session/view-schema.js';

/** POST /api/generators/:id/generate */
export const GenerateBodySchema = z.strictObject({
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
});
export type GenerateBody = z.input<typeof GenerateBodySchema>;

/**
 * Request headers of a generation step. `Idempotency-Key` (1 to 255 visible ASCII characters, e.g. a
 * UUID): a retry with the same key by the same user within 24 hours answers the stored answer of the
 * first request (with `Idempotent-Replayed: true`) and charges nothing again; while the first request
 * still runs it answers 409 `idempotency_in_progress` (with Retry-After); the same key with another
 * generator or body answers 422 `idempotency_key_reused`. A request that failed (refunded) stores
 * nothing: its key can be sent again.
 */
export const GenerateHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, { error: 'An Idempotency-Key is 1 to 255 visible ASCII characters' })
    .optional(),
});
/** The response header of an answer replayed from an earlier request with the same Idempotency-Key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** What was done to a call's answers, each a stable code and its message in the book's language (engine/session/answers/notes.ts). */
export const AnswerNotesSchema = z.array(z.strictObject({ code: z.string(), message: z.string() }));

/** The answer to a generation step (JSON) and the stream's `done` event. */
export const DonePayloadSchema = z.object({
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
  /** What the step spent (its requests, tokens, credits, seconds) and the book's time left at its pace; absent on a step answered again. */
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
  /** Asked to continue the writer's stopped draft, the model wrote the part again from its start: the draft, kept as this version of the part. */
  restarted_version: z.number().int().positive().optional(),
});
export type DonePayload = z.infer<typeof DonePayloadSchema>;

/** Server-sent events of a streamed step. */
export const DeltaEventSchema = z.object({ text: z.string() });
/** The `error` event: the error envelope's inner object (the charge was refunded). */
export const StreamErrorEventSchema = ApiErrorBodySchema;
/** `waiting` (common.ts): what the step waits for before its first words (the model, a rate limit and its seconds). */
export const GenerationEventSchemas = { waiting: ModelWaitingEventSchema, delta: DeltaEventSchema, done: DonePayloadSchema, error: StreamErrorEventSchema } as const;

/** GET /api/progress/:bookType: the saved book as stored, and as the reader sees it (`book`). */
export const SavedProgressSchema = z.object({
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
});
export type SavedProgress = z.infer<typeof SavedProgressSchema>;

/** GET /api/progress/:bookType when nothing is saved: an ordinary answer, not an error. */
export const NoSavedProgressSchema = z.strictObject({ book: z.null() });
export const SavedProgressResponseSchema = z.union([SavedProgressSchema, NoSavedProgressSchema]);
export type SavedProgressResponse = z.infer<typeof SavedProgressResponseSchema>;

/** A saved book, or null when `GET /api/progress/:bookType` answered that nothing is saved. */
export function savedProgressOf(answer: SavedProgressResponse): SavedProgress | null {
  return 'book_type' in answer ? answer : null;
}

/**
 * PUT /api/progress/:bookType/part: a written part (or the outline) replaced by the user's text, between
 * steps. The engine checks the text (engine/session/edit.ts: not empty, at most MAX_PART_CHARS); the
 * schema only bounds what is read.
 */
export const PartEditBodySchema = z.strictObject({
  part: StepRefSchema,
  text: WriterTextSchema.max(MAX_PART_CHARS * 2),
  /** The part's (or the outline's) `hash` in the book view the editor opened on: a part changed since is refused (409 `part_stale`). */
  hash: PartHashSchema.optional(),
});

/** The book after the edit; `memory_reset` when the story memory had read the old text and is rebuilt before the next step. */
export const PartEditResponseSchema = z.strictObject({ book: BookViewSchema, memory_reset: z.boolean() });

/**
 * PUT /api/progress/:bookType/outline: the outline as chapters, chapter 1 first: each one's
 * title, plan and the writer's note ("what must happen here"). The written chapters come first, unchanged;
 * the others replace the unwritten chapters' entries and notes, and the chapter count follows.
 */
export const OutlineEditBodySchema = z.strictObject({
  chapters: z
    .array(z.strictObject({ title: WriterTextSchema.max(MAX_CHAPTER_TITLE_CHARS), plan: WriterTextSchema.max(MAX_CHAPTER_PLAN_CHARS), note: WriterTextSchema.max(MAX_CHAPTER_NOTE_CHARS).optional() }))
    .min(1)
    .max(MAX_OUTLINE_CHAPTERS),
});
/** The book after the edit (its `chapters`, `total_chapters`, progress and plan follow the edited outline). */
export const OutlineEditResponseSchema = z.strictObject({ book: BookViewSchema });

/** "Write more" on a written prose part (a part marked short): one more request from where it ends, charged as a step. */
/** `hash`: the part's in the book view the writer acted on (409 `part_stale` when it changed since), as for every part edit. */
export const WriteMoreBodySchema = z.strictObject({ part: StepRefSchema, hash: PartHashSchema.optional() });
/** The book after "write more": the part's words now and the words added; the credits left. */
export const WriteMoreResponseSchema = z.strictObject({
  book: BookViewSchema, words: z.number().int(), added: z.number().int(), notes: AnswerNotesSchema.optional(), credits_available: z.number(),
  /** Asked to continue, the model wrote the part again from its start: the writer's text it replaced, kept as this version (restorable). */
  restarted_version: z.number().int().positive().optional(),
});

/**
 * POST /api/progress/:bookType/rewrite: a written part written again, with the writer's note or
 * none, charged as a step (refunded when it fails); the text it replaces is kept as a version.
 */
export const RewriteBodySchema = z.strictObject({
  part: StepRefSchema,
  note: WriterTextSchema.max(MAX_REWRITE_NOTE_CHARS).optional(),
  /** Write it again toward the book's voice: the voice guidance, with what drifted named (409 `voice_missing` for a book with no sample). */
  toward_voice: z.boolean().optional(),
  hash: PartHashSchema.optional(),
});
/** The book after the rewrite, the part's words, the version number the previous text was kept as, and the credits left. */
export const RewriteResponseSchema = z.strictObject({ book: BookViewSchema, words: z.number().int(), kept_version: z.number().int(), notes: AnswerNotesSchema.optional(), credits_available: z.number() });
/** A charged call on a part asked for as events (write more, a rewrite): what it waits for, its words, then its answer. */
export const WriteMoreEventSchemas = { waiting: ModelWaitingEventSchema, delta: DeltaEventSchema, done: WriteMoreResponseSchema, error: StreamErrorEventSchema } as const;
export const RewriteEventSchemas = { waiting: ModelWaitingEventSchema, delta: DeltaEventSchema, done: RewriteResponseSchema, error: StreamErrorEventSchema } as const;

/** GET /api/progress/:bookType/versions?position=N: a part's earlier texts, newest first. */
export const VersionsQuerySchema = z.strictObject({ position: z.coerce.number().int().min(0).max(10_000) });
export const PartVersionSchema = z.strictObject({
  version: z.number().int(),
  /** The writer's note of the rewrite that replaced it ('' when none). */
  note: z.string(),
  words: z.number().int(),
  text: z.string(),
  /** How the text came to be when it was kept (absent for a version kept before provenance was recorded). */
  provenance: PartProvenanceSchema.omit({ model_words: true }).optional(),
  created_at: TimestampSchema,
});
export type PartVersionView = z.infer<typeof PartVersionSchema>;
export const VersionsResponseSchema = z.strictObject({ position: z.number().int(), versions: z.array(PartVersionSchema) });

/** POST /api/progress/:bookType/versions/restore: an earlier text back as the part; the text it replaces is kept as a version. */
export const RestoreVersionBodySchema = z.strictObject({ part: StepRefSchema, version: z.number().int().min(1), hash: PartHashSchema.optional() });
export const RestoreVersionResponseSchema = z.strictObject({ book: BookViewSchema, kept_version: z.number().int() });

/**
 * PUT /api/progress/:bookType/voice: the book's voice. `sample` (300 to 10,000 words of the writer's own prose)
 * is measured and kept as the voice's fingerprint with one or two of its paragraphs; `null` removes it; absent,
 * the fingerprint stays. `avoid` replaces the writer's phrases to keep out (at most 40 of 80 characters). Free.
 */
export const VoiceBodySchema = z.strictObject({
  sample: WriterTextSchema.max(MAX_VOICE_SAMPLE_CHARS).nullable().optional(),
  avoid: z.array(WriterTextSchema.max(200)).max(200).optional(),
});
export type VoiceBody = z.input<typeof VoiceBodySchema>;
export const VoiceResponseSchema = z.strictObject({ book: BookViewSchema });

/**
 * PUT /api/progress/:bookType/characters: the introduction's character list replaced by the writer's (one
 * character a line; empty: none). The introduction's prose stays as it is; later steps are told the new list.
 */
export const CharacterDetailsBodySchema = z.strictObject({ text: WriterTextSchema.max(MAX_CHARACTER_DETAILS_CHARS * 2) });

/** An imported book's chapters before its conclusion, the writer's and those the model is to write (more than it holds: "write more chapters"). */
export const ChapterCountBodySchema = z.strictObject({ chapters: z.number().int().min(1).max(1000) });

/** The story bible edited by hand (all but the premise and planned ending, which come from the outline). */
export const BibleEditBodySchema = z.strictObject({ text: WriterTextSchema.max(MAX_BIBLE_CHARS * 2) });

/**
 * PUT /api/progress/:bookType/continuity/intended: a continuity finding (its `key` from the book view) marked as
 * intended (no longer listed) or, with `intended: false`, listed again. Answers `{book}`.
 */
export const IntendedFindingBodySchema = z.strictObject({ key: z.string().regex(FINDING_KEY), intended: z.boolean() });
export const BibleEditResponseSchema = z.strictObject({ book: BookViewSchema });

/**
 * POST /api/progress/:bookType/bible/update: the book, how many parts the bible read again (one model call
 * each) and the bible's entries the update added and dropped; `credits_available`, the balance after, when it
 * read parts of an imported book the credits held for its bible did not pay for (charged as steps).
 */
export const BibleUpdateResponseSchema = z.strictObject({
  book: BookViewSchema,
  parts_read: z.number().int().min(0),
  changes: z.strictObject({ added: z.array(z.string()), removed: z.array(z.string()) }),
  credits_available: z.number().optional(),
});

export const BookTypeParamsSchema = z.strictObject({ bookType: z.string().regex(/^[a-z0-9_-]{1,80}$/) });

/** How each export format is sent: its media type and file extension. */
export const EXPORT_FILE_TYPES = {
  md: { contentType: 'text/markdown; charset=utf-8', extension: 'md' },
  epub: { contentType: 'application/epub+zip', extension: 'epub' },
  docx: { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx' },
  pdf: { contentType: 'application/pdf', extension: 'pdf' },
} as const satisfies Record<ExportFormat, { contentType: string; extension: string }>;

export { EXPORT_FORMATS, type ExportFormat };

/** `?format=` of the export routes. */
export const ExportQuerySchema = z.strictObject({
  format: z.enum(EXPORT_FORMATS, { error: `Choose one of ${EXPORT_FORMATS.join(', ')}` }),
  /** The author name for the title page, copyright page and metadata (EPUB dc:creator, DOCX creator, PDF Author). */
  author: WriterTextSchema.trim().max(100).optional(),
});

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

/** A count of words or chapters. */
const Count = z.number().int().min(0);

/**
 * One of the user's books (`GET /api/books`), finished or not: the current book of its type (its generator
 * page shows it) or one kept by "Start New". Every one downloads (`GET /books/:id/export`), continues
 * (`POST /books/:id/continue`) and is deleted (`DELETE /books/:id`) by its id.
 */
export const MyBookSchema = z.strictObject({
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
  series: z.strictObject({ id: z.number().int().positive(), name: z.string(), number: z.number().int().positive(), is_last: z.boolean() }).optional(),
  /** The book is a translated edition of this source book (absent: it is no edition, or its source was deleted). */
  edition_of: z.strictObject({ id: z.number().int().positive(), title: z.string(), lang: Lang }).optional(),
  /** The writer gave the book a cover picture of their own (GET /books/:id/cover answers it); absent: none, the typographic cover stands. */
  has_cover: z.boolean().optional(),
  /** When the book's publishing package was last made (absent: never published). */
  published_at: TimestampSchema.optional(),
});
export type MyBook = z.infer<typeof MyBookSchema>;

export const MyBooksResponseSchema = z.strictObject({ books: z.array(MyBookSchema) });

/** POST /api/books/:id/continue: the book is now the current book of its type (the one that was is kept). */
export const ContinueBookResponseSchema = z.strictObject({ book: MyBookSchema });
