// /api/history: the user's own generated items, newest first, searchable and filtered by type.
import * as z from 'zod';
import { Timestamp } from './common.js';

/** `?search=&type=&limit=100&offset=0`; `type=all` means no filter. */
export const HistoryQuery = z.strictObject({
  search: z.string().max(200).optional(),
  type: z.string().max(80).optional(),
  limit: z.coerce.number<number | string>().int().min(1).max(500).default(100),
  offset: z.coerce.number<number | string>().int().min(0).max(1_000_000).default(0),
});
export type HistoryQuery = z.infer<typeof HistoryQuery>;

export const HistoryItem = z.strictObject({
  id: z.number().int().positive(),
  title: z.string(),
  content_type: z.string(),
  content: z.string(),
  generator_id: z.string().nullable(),
  created_at: Timestamp,
});
export type HistoryItem = z.infer<typeof HistoryItem>;

/** The page of items and every content type the user has (for the filter). */
export const HistoryResponse = z.strictObject({ items: z.array(HistoryItem), types: z.array(z.string()) });
export type HistoryResponse = z.infer<typeof HistoryResponse>;
