// /api/api-keys: API access for business and admin accounts. A key is shown once, when it is made;
// afterwards only its name and first characters. `Authorization: Bearer <key>` then works on the
// generation, progress, history and export routes.
import * as z from 'zod';
import { TimestampSchema } from './common.js';

/** Most live keys one account may have. */
export const MAX_API_KEYS = 20;
export const MAX_API_KEY_NAME = 64;

/** Roles with API access (the business package's "API Access"; the administrator too). */
export const API_ROLES = ['business', 'admin'] as const;

export const NewApiKeyBodySchema = z.strictObject({ name: z.string().trim().min(1).max(MAX_API_KEY_NAME) });

/** `POST /api/api-keys` (201): the key itself, this once. */
export const ApiKeyCreatedSchema = z.strictObject({
  id: z.number().int().positive(),
  name: z.string().min(1),
  key: z.string().regex(/^karya_[A-Za-z0-9_-]{43}$/),
  created_at: TimestampSchema,
});
export type ApiKeyCreated = z.infer<typeof ApiKeyCreatedSchema>;

/** A key as listed: its name and first characters, never the key. */
export const ApiKeySchema = z.strictObject({
  id: z.number().int().positive(),
  name: z.string().min(1),
  /** `karya_AbCd…`: enough to tell keys apart. */
  prefix: z.string().min(1),
  created_at: TimestampSchema,
  last_used_at: TimestampSchema.nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const ApiKeysResponseSchema = z.strictObject({ keys: z.array(ApiKeySchema) });
