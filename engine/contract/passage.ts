// Passage tools: POST /api/progress/:bookType/passage reworks a passage the writer selected in a
// written part (rewrite with a note or a tone, expand, shorten, describe), charged as one step and refunded
// on failure, and answers the new passage without changing the part; POST …/passage/keep puts it in place
// of the passage, the part's earlier text kept as a version (engine/session/passage.ts).
import * as z from 'zod';
import { StepRefSchema } from '../compile/step-ref.js';
import { MAX_PART_CHARS, MAX_REWRITE_NOTE_CHARS } from '../session/edits/light.js';
import { MAX_PASSAGE_CHARS, PASSAGE_ACTIONS, PASSAGE_TONE_IDS } from '../session/passage-kinds.js';
import { BookViewSchema } from '../session/view-schema.js';
import { AnswerNotesSchema, DeltaEventSchema, StreamErrorEventSchema } from './books.js';
import { ModelWaitingEventSchema, PartHashSchema, WriterTextSchema } from './common.js';

/**
 * Where the passage is: characters `start` to `end` of the part's text as the book view gives it, that text as
 * selected, and `hash`, the part's `hash` in the book view the writer selected in. A place the part no longer
 * holds is refused (409 `part_changed`, nothing charged), never looked for elsewhere.
 */
const PassageRefFields = {
  part: StepRefSchema,
  start: z
    .number()
    .int()
    .min(0)
    .max(MAX_PART_CHARS * 2),
  end: z
    .number()
    .int()
    .min(1)
    .max(MAX_PART_CHARS * 2),
  text: z
    .string()
    .min(1)
    .max(MAX_PASSAGE_CHARS * 2),
  hash: PartHashSchema.optional(),
};

export const PassageBodySchema = z.strictObject({
  ...PassageRefFields,
  action: z.enum(PASSAGE_ACTIONS),
  /** Rewrite only: the writer's note, and a tone. */
  note: WriterTextSchema.max(MAX_REWRITE_NOTE_CHARS).optional(),
  tone: z.enum(PASSAGE_TONE_IDS).optional(),
});
/** The new passage (the part is unchanged until Keep), its words, and the credits left. */
export const PassageResponseSchema = z.strictObject({
  passage: z.string(),
  words: z.number().int(),
  notes: AnswerNotesSchema.optional(),
  credits_available: z.number(),
});
export type PassageResponse = z.infer<typeof PassageResponseSchema>;
/**
 * With Accept: text/event-stream: the passage as it is written (`delta`), then `done` (the JSON answer) or `error`
 * (refunded).
 */
export const PassageEventSchemas = {
  waiting: ModelWaitingEventSchema,
  delta: DeltaEventSchema,
  done: PassageResponseSchema,
  error: StreamErrorEventSchema,
} as const;

/** Keep: the passage (as selected) and the new text to put in its place. */
export const PassageKeepBodySchema = z.strictObject({
  ...PassageRefFields,
  passage: WriterTextSchema.min(1).max(MAX_PASSAGE_CHARS * 4),
});
/** The book with the new text, and the version the part's earlier text was kept as. */
export const PassageKeepResponseSchema = z.strictObject({ book: BookViewSchema, kept_version: z.number().int() });
