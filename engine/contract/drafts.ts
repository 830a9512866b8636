// Drafts of hand edits (issue 27: edits are never lost): while a writer edits a written part, the studio
// saves the unsaved text as a draft of that part of their current book, every few seconds. The draft comes
// back when the writer opens the book again, and goes when the part is saved (PUT …/part) or discarded.
// A draft belongs to one book: a book started anew does not see the drafts of the one before.
import * as z from 'zod';
import { MAX_PART_CHARS } from '../session/edit.js';
import { TimestampSchema } from './common.js';

/** One part's draft: its position (-1 the outline, 0 the introduction, then chapters) and its text. */
export const PartDraftSchema = z.strictObject({
  position: z.number().int().min(-1),
  text: z.string(),
  updated_at: TimestampSchema,
});
export type PartDraft = z.infer<typeof PartDraftSchema>;

/** GET /api/progress/:bookType/drafts: the drafts of the user's current book of that type (none without a book). */
export const PartDraftsResponseSchema = z.strictObject({ drafts: z.array(PartDraftSchema) });
export type PartDraftsResponse = z.infer<typeof PartDraftsResponseSchema>;

/** PUT /api/progress/:bookType/drafts: keep the text being edited of one written part (at most twice a part's limit). */
export const PartDraftBodySchema = z.strictObject({
  position: z.number().int().min(-1).max(10_000),
  text: z.string().max(MAX_PART_CHARS * 2),
});
export type PartDraftBody = z.input<typeof PartDraftBodySchema>;

export const PartDraftResponseSchema = z.strictObject({ draft: PartDraftSchema });
export type PartDraftResponse = z.infer<typeof PartDraftResponseSchema>;

/** DELETE /api/progress/:bookType/drafts/:position */
export const PartDraftParamsSchema = z.strictObject({
  bookType: z.string().regex(/^[a-z0-9_-]{1,80}$/),
  position: z.coerce.number().int().min(-1).max(10_000),
});
