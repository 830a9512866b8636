// A step's wire form checked (the API's requests name parts by it): apart from step.ts, so that code which only names
// steps (a book's Markdown, its continuity: a batch's book-end thread) does not load zod.
import * as z from 'zod';
import { STEP_KINDS, type StepRef } from './step.js';

/** A step on the wire (step.ts StepRef): the kind and, for parts of a book, the position. */
export const StepRefSchema = z.strictObject({
  kind: z.enum(STEP_KINDS),
  position: z.number().int().min(0).max(10_000).optional(),
}) satisfies z.ZodType<StepRef>;
