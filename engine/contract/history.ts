// /api/history: the user's own generated items, newest first, searchable and filtered by type.
import * as z from 'zod';
import { TimestampSchema } from './common.js';

/** `?search=&type=&limit=100&offset=0`; `type=all` means no filter. */
export const HistoryQuerySchema = z.strictObject({
  search: z.string().max(200).optional(),
  type: z.string().max(80).optional(),
  limit: z.coerce.number<number | string>().int().min(1).max(500).default(100),
  offset: z.coerce.number<number | string>().int().min(0).max(1_000_000).default(0),
});
export type HistoryQuery = z.infer<typeof HistoryQuerySchema>;

export const HistoryItemSchema = z.strictObject({
  id: z.number().int().positive(),
  title: z.string(),
  content_type: z.string(),
  content: z.string(),
  generator_id: z.string().nullable(),
  created_at: TimestampSchema,
});
export type HistoryItem = z.infer<typeof HistoryItemSchema>;

/** The page of items and every content type the user has (for the filter). */
export const HistoryResponseSchema = z.strictObject({ items: z.array(HistoryItemSchema), types: z.array(z.string()) });
export type HistoryResponse = z.infer<typeof HistoryResponseSchema>;
