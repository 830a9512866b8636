// The contract of a saved book's edits between steps: a part, the outline, the voice, the character details,
// the chapter count and the story bible replaced by the writer's text; "write more" and a rewrite (charged calls
// on a part); a part's earlier versions and their restore. Beside the book routes (books.ts).
import * as z from 'zod';
import { StepRefSchema } from '../compile/step-ref.js';
import {
  MAX_BIBLE_CHARS,
  MAX_PART_CHARS,
  MAX_REWRITE_NOTE_CHARS,
  MAX_CHARACTER_DETAILS_CHARS,
} from '../session/edits/light.js';
// The key's file alone, not the room's index.ts: the contract is loaded in the browser (tests/contract/client.test.ts).
import { FINDING_KEY } from '../session/continuity/light.js';
import {
  MAX_CHAPTER_NOTE_CHARS,
  MAX_CHAPTER_PLAN_CHARS,
  MAX_CHAPTER_TITLE_CHARS,
  MAX_OUTLINE_CHAPTERS,
} from '../session/outline/light.js';
import { ModelWaitingEventSchema, PartHashSchema, TimestampSchema, WriterTextSchema } from './common.js';
import { BookViewSchema, PartProvenanceSchema } from '../session/view-schema.js';
import { AnswerNotesSchema, DeltaEventSchema, StreamErrorEventSchema } from './books.js';

/** The longest voice sample sent (10,000 words of prose are well under it). */
export const MAX_VOICE_SAMPLE_CHARS = 90_000;

/**
 * PUT /api/progress/:bookType/part: a written part (or the outline) replaced by the user's text, between
 * steps. The engine checks the text (engine/session/edit.ts: not empty, at most MAX_PART_CHARS); the
 * schema only bounds what is read.
 */
export const PartEditBodySchema = z.lazy(() =>
  z.strictObject({
    part: StepRefSchema,
    text: WriterTextSchema.max(MAX_PART_CHARS * 2),
    /**
     * The part's (or the outline's) `hash` in the book view the editor opened on: a part changed since is refused (409
     * `part_stale`).
     */
    hash: PartHashSchema.optional(),
  }),
);

/**
 * The book after the edit; `memory_reset` when the story memory had read the old text and is rebuilt before the next
 * step.
 */
export const PartEditResponseSchema = z.lazy(() => z.strictObject({ book: BookViewSchema, memory_reset: z.boolean() }));

/**
 * PUT /api/progress/:bookType/outline: the outline as chapters, chapter 1 first: each one's
 * title, plan and the writer's note ("what must happen here"). The written chapters come first, unchanged;
 * the others replace the unwritten chapters' entries and notes, and the chapter count follows.
 */
export const OutlineEditBodySchema = z.lazy(() =>
  z.strictObject({
    chapters: z
      .array(
        z.strictObject({
          title: WriterTextSchema.max(MAX_CHAPTER_TITLE_CHARS),
          plan: WriterTextSchema.max(MAX_CHAPTER_PLAN_CHARS),
          note: WriterTextSchema.max(MAX_CHAPTER_NOTE_CHARS).optional(),
        }),
      )
      .min(1)
      .max(MAX_OUTLINE_CHAPTERS),
  }),
);
/** The book after the edit (its `chapters`, `total_chapters`, progress and plan follow the edited outline). */
export const OutlineEditResponseSchema = z.lazy(() => z.strictObject({ book: BookViewSchema }));

/**
 * "Write more" on a written prose part (a part marked short): one more request from where it ends, charged as a step.
 */
/**
 * `hash`: the part's in the book view the writer acted on (409 `part_stale` when it changed since), as for every part
 * edit.
 */
export const WriteMoreBodySchema = z.lazy(() =>
  z.strictObject({ part: StepRefSchema, hash: PartHashSchema.optional() }),
);
/** The book after "write more": the part's words now and the words added; the credits left. */
export const WriteMoreResponseSchema = z.lazy(() =>
  z.strictObject({
    book: BookViewSchema,
    words: z.number().int(),
    added: z.number().int(),
    notes: AnswerNotesSchema.optional(),
    credits_available: z.number(),
    /**
     * Asked to continue, the model wrote the part again from its start: the writer's text it replaced, kept as this
     * version (restorable).
     */
    restarted_version: z.number().int().positive().optional(),
  }),
);

/**
 * POST /api/progress/:bookType/rewrite: a written part written again, with the writer's note or
 * none, charged as a step (refunded when it fails); the text it replaces is kept as a version.
 */
export const RewriteBodySchema = z.lazy(() =>
  z.strictObject({
    part: StepRefSchema,
    note: WriterTextSchema.max(MAX_REWRITE_NOTE_CHARS).optional(),
    /**
     * Write it again toward the book's voice: the voice guidance, with what drifted named (409 `voice_missing` for a
     * book with no sample).
     */
    toward_voice: z.boolean().optional(),
    hash: PartHashSchema.optional(),
  }),
);
/**
 * The book after the rewrite, the part's words, the version number the previous text was kept as, and the credits left.
 */
export const RewriteResponseSchema = z.lazy(() =>
  z.strictObject({
    book: BookViewSchema,
    words: z.number().int(),
    kept_version: z.number().int(),
    notes: AnswerNotesSchema.optional(),
    credits_available: z.number(),
  }),
);
/**
 * A charged call on a part asked for as events (write more, a rewrite): what it waits for, its words, then its answer.
 */
export const WriteMoreEventSchemas = {
  waiting: ModelWaitingEventSchema,
  delta: DeltaEventSchema,
  done: WriteMoreResponseSchema,
  error: StreamErrorEventSchema,
} as const;
export const RewriteEventSchemas = {
  waiting: ModelWaitingEventSchema,
  delta: DeltaEventSchema,
  done: RewriteResponseSchema,
  error: StreamErrorEventSchema,
} as const;

/** GET /api/progress/:bookType/versions?position=N: a part's earlier texts, newest first. */
export const VersionsQuerySchema = z.lazy(() =>
  z.strictObject({ position: z.coerce.number().int().min(0).max(10_000) }),
);
export const PartVersionSchema = z.lazy(() =>
  z.strictObject({
    version: z.number().int(),
    /** The writer's note of the rewrite that replaced it ('' when none). */
    note: z.string(),
    words: z.number().int(),
    text: z.string(),
    /** How the text came to be when it was kept (absent for a version kept before provenance was recorded). */
    provenance: PartProvenanceSchema.omit({ model_words: true }).optional(),
    created_at: TimestampSchema,
  }),
);
export type PartVersionView = z.infer<typeof PartVersionSchema>;
export const VersionsResponseSchema = z.lazy(() =>
  z.strictObject({
    position: z.number().int(),
    versions: z.array(PartVersionSchema),
  }),
);

/**
 * POST /api/progress/:bookType/versions/restore: an earlier text back as the part; the text it replaces is kept as a
 * version.
 */
export const RestoreVersionBodySchema = z.lazy(() =>
  z.strictObject({
    part: StepRefSchema,
    version: z.number().int().min(1),
    hash: PartHashSchema.optional(),
  }),
);
export const RestoreVersionResponseSchema = z.lazy(() =>
  z.strictObject({ book: BookViewSchema, kept_version: z.number().int() }),
);

/**
 * PUT /api/progress/:bookType/voice: the book's voice. `sample` (300 to 10,000 words of the writer's own prose)
 * is measured and kept as the voice's fingerprint with one or two of its paragraphs; `null` removes it; absent,
 * the fingerprint stays. `avoid` replaces the writer's phrases to keep out (at most 40 of 80 characters). Free.
 */
export const VoiceBodySchema = z.lazy(() =>
  z.strictObject({
    sample: WriterTextSchema.max(MAX_VOICE_SAMPLE_CHARS).nullable().optional(),
    avoid: z.array(WriterTextSchema.max(200)).max(200).optional(),
  }),
);
export type VoiceBody = z.input<typeof VoiceBodySchema>;
export const VoiceResponseSchema = z.lazy(() => z.strictObject({ book: BookViewSchema }));

/**
 * PUT /api/progress/:bookType/characters: the introduction's character list replaced by the writer's (one
 * character a line; empty: none). The introduction's prose stays as it is; later steps are told the new list.
 */
export const CharacterDetailsBodySchema = z.lazy(() =>
  z.strictObject({
    text: WriterTextSchema.max(MAX_CHARACTER_DETAILS_CHARS * 2),
  }),
);

/**
 * An imported book's chapters before its conclusion, the writer's and those the model is to write (more than it holds:
 * "write more chapters").
 */
export const ChapterCountBodySchema = z.lazy(() => z.strictObject({ chapters: z.number().int().min(1).max(1000) }));

/** The story bible edited by hand (all but the premise and planned ending, which come from the outline). */
export const BibleEditBodySchema = z.lazy(() => z.strictObject({ text: WriterTextSchema.max(MAX_BIBLE_CHARS * 2) }));

/**
 * PUT /api/progress/:bookType/continuity/intended: a continuity finding (its `key` from the book view) marked as
 * intended (no longer listed) or, with `intended: false`, listed again. Answers `{book}`.
 */
export const IntendedFindingBodySchema = z.lazy(() =>
  z.strictObject({ key: z.string().regex(FINDING_KEY), intended: z.boolean() }),
);
export const BibleEditResponseSchema = z.lazy(() => z.strictObject({ book: BookViewSchema }));

/**
 * POST /api/progress/:bookType/bible/update: the book, how many parts the bible read again (one model call
 * each) and the bible's entries the update added and dropped; `credits_available`, the balance after, when it
 * read parts of an imported book the credits held for its bible did not pay for (charged as steps).
 */
export const BibleUpdateResponseSchema = z.lazy(() =>
  z.strictObject({
    book: BookViewSchema,
    parts_read: z.number().int().min(0),
    changes: z.strictObject({ added: z.array(z.string()), removed: z.array(z.string()) }),
    credits_available: z.number().optional(),
  }),
);
