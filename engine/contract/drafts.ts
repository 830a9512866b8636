// Drafts of hand edits (edits are never lost): while a writer edits a written part, the studio
// saves the unsaved text as a draft of that part of their current book, every few seconds. The draft comes
// back when the writer opens the book again, and goes when the part is saved (PUT …/part) or discarded.
// A draft belongs to one book: a book started anew does not see the drafts of the one before.
import * as z from 'zod';
import { MAX_PART_CHARS, MAX_REWRITE_NOTE_CHARS } from '../session/edits/light.js';
import { StepRefSchema } from '../compile/step-ref.js';
import { BookViewSchema, LabelledStepSchema } from '../session/view-schema.js';
import { TimestampSchema, WriterTextSchema } from './common.js';

/** One part's draft: its position (-1 the outline, 0 the introduction, then chapters) and its text. */
export const PartDraftSchema = z.strictObject({
  position: z.number().int().min(-1),
  text: z.string(),
  updated_at: TimestampSchema,
});

/** GET /api/progress/:bookType/drafts: the drafts of the user's current book of that type (none without a book). */
export const PartDraftsResponseSchema = z.strictObject({ drafts: z.array(PartDraftSchema) });

/**
 * PUT /api/progress/:bookType/drafts: keep the text being edited of one written part (at most twice a part's limit).
 */
export const PartDraftBodySchema = z.strictObject({
  position: z.number().int().min(-1).max(10_000),
  text: WriterTextSchema.max(MAX_PART_CHARS * 2),
});

export const PartDraftResponseSchema = z.strictObject({ draft: PartDraftSchema });

/** DELETE /api/progress/:bookType/drafts/:position */
export const PartDraftParamsSchema = z.strictObject({
  bookType: z.string().regex(/^[a-z0-9_-]{1,80}$/),
  position: z.coerce.number().int().min(-1).max(10_000),
});

/**
 * A part stopped while it streamed: the text that reached the writer, kept as the draft of the
 * book's next step (GET /api/progress shows it as `book.stopped`). Discarded with
 * DELETE /api/progress/:bookType/drafts/:position (the step can then be written afresh).
 */
export const StoppedPartSchema = LabelledStepSchema.extend({
  text: z.string(),
  words: z.number().int(),
  updated_at: TimestampSchema,
});

/** POST /api/progress/:bookType/stop: stop the step being written now (no body). */
export const StopBodySchema = z.strictObject({}).optional();
/**
 * The book after the stop: `stopped` the draft kept (null when no text had reached the writer: refunded,
 * nothing kept; or the part was finished before the stop: it is in the book), what the stop charged
 * (the step's cost when text was kept, else 0) and the credits left.
 */
export const StopResponseSchema = z.strictObject({
  book: BookViewSchema,
  stopped: StoppedPartSchema.nullable(),
  credits_charged: z.number(),
  credits_available: z.number(),
});

/**
 * POST /api/progress/:bookType/stopped: the stopped part finished, as the book's next step: `keep` takes the
 * draft as the part (free), `continue` writes on from where it stops and `rewrite` writes it again with the
 * writer's note (each charged as a step, refunded when it fails). `part` is the step the draft belongs to.
 */
export const FinishStoppedBodySchema = z.strictObject({
  part: StepRefSchema,
  action: z.enum(['keep', 'continue', 'rewrite']),
  note: z.string().max(MAX_REWRITE_NOTE_CHARS).optional(),
});
export const FinishStoppedResponseSchema = z.strictObject({
  book: BookViewSchema,
  words: z.number().int(),
  credits_available: z.number(),
  /**
   * Continued, the part came back written again from its start: the draft it replaced, kept as this version of the
   * part.
   */
  restarted_version: z.number().int().positive().optional(),
});
