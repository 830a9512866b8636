// /api/history: the user's own generated items, newest first, a page at a time (titles and metadata
// only), searchable and filtered by type; one item's content when it is opened.
import * as z from 'zod';
import { TimestampSchema, WordedSchema } from './common.js';

/**
 * `?search=&type=&cursor=&limit=50`; `type=all` means no filter. `cursor` is the previous page's
 * `next_cursor`. The search matches items whose title, type or text has a word starting with each
 * word of the search (case- and accent-insensitive).
 */
export const HistoryQuerySchema = z.strictObject({
  search: z.string().max(200).optional(),
  type: z.string().max(80).optional(),
  cursor: z.coerce.number<number | string>().int().min(1).optional(),
  limit: z.coerce.number<number | string>().int().min(1).max(100).default(50),
});

/** An item in the list: its own title (its first heading or line) and metadata, no content. */
export const HistoryListItemSchema = z.strictObject({
  id: z.number().int().positive(),
  title: z.string(),
  content_type: z.string(),
  generator_id: z.string().nullable(),
  created_at: TimestampSchema,
});
export type HistoryListItem = z.infer<typeof HistoryListItemSchema>;

/** An opened item: the list's fields and its content (text, or a `data:image/…` URL for images). */
export const HistoryItemSchema = HistoryListItemSchema.extend({ content: z.string() });
export type HistoryItem = z.infer<typeof HistoryItemSchema>;

/** A content type the user has items of, with the display name of the generators that make it. */
export const HistoryTypeSchema = z.strictObject({
  type: z.string(),
  name: WordedSchema,
});
export type HistoryType = z.infer<typeof HistoryTypeSchema>;

/**
 * One page of items; `next_cursor` asks for the next page (null on the last); every type the user has (for the filter).
 */
export const HistoryResponseSchema = z.strictObject({
  items: z.array(HistoryListItemSchema),
  next_cursor: z.number().int().positive().nullable(),
  types: z.array(HistoryTypeSchema),
});
export type HistoryResponse = z.infer<typeof HistoryResponseSchema>;
