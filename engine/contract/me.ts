// /api/me: the signed-in user's profile, profile edits (name, bio) and password change.
import * as z from 'zod';
import { MAX_PASSWORD, NewPasswordSchema } from './auth.js';
import { DisplayNameSchema, LangSchema, ProfileSchema, TimestampSchema, WriterTextSchema } from './common.js';
import { failsWith } from './messages.js';

export const MeResponseSchema = ProfileSchema;

/** At least one of name and bio. */
export const ProfilePatchBodySchema = z
  .strictObject({
    name: DisplayNameSchema.optional(),
    bio: WriterTextSchema.trim().max(2000).optional(),
  })
  .refine((b) => b.name !== undefined || b.bio !== undefined, { error: 'Give a name or a bio' });

export const ProfileUpdatedResponseSchema = z.strictObject({ message: z.string().min(1), user: ProfileSchema });

export const PasswordChangeBodySchema = z.strictObject({
  currentPassword: failsWith('current_password_wrong', z.string().min(1)).pipe(z.string().max(MAX_PASSWORD)),
  newPassword: NewPasswordSchema,
  /**
   * Revoke every API key of the account too (default: yes, as a reset does; `false` keeps them, as the studio offers).
   */
  revokeApiKeys: z.boolean().optional(),
});

/** `PUT /api/me/lang`: the studio language of the account. */
export const LangBodySchema = z.strictObject({ lang: LangSchema });

/**
 * `GET /api/me/sign-in-notice`: when sign-in to this account was last slowed down because wrong passwords
 * came from many addresses (null: not lately), and how many attempts were held back. DELETE dismisses it.
 */
export const SignInNoticeSchema = z.strictObject({
  slowed_at: TimestampSchema.nullable(),
  held_back: z.number().int().min(0),
});
export type SignInNotice = z.infer<typeof SignInNoticeSchema>;
