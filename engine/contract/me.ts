// /api/me: the signed-in user's profile, profile edits (name, bio) and password change.
import * as z from 'zod';
import { MAX_PASSWORD, NewPassword } from './auth.js';
import { Profile } from './common.js';
import { VALIDATION_MESSAGES as M } from './messages.js';

export const MeResponse = Profile;
export type MeResponse = z.infer<typeof MeResponse>;

/** At least one of name and bio. */
export const ProfilePatchBody = z
  .strictObject({
    name: z.string().trim().max(100).optional(),
    bio: z.string().trim().max(2000).optional(),
  })
  .refine((b) => b.name !== undefined || b.bio !== undefined, { error: 'Give a name or a bio' });
export type ProfilePatchBody = z.infer<typeof ProfilePatchBody>;

export const ProfileUpdatedResponse = z.strictObject({ message: z.string().min(1), user: Profile });
export type ProfileUpdatedResponse = z.infer<typeof ProfileUpdatedResponse>;

export const PasswordChangeBody = z.strictObject({
  currentPassword: z.string({ error: M.current_password_wrong }).min(1, { error: M.current_password_wrong }).max(MAX_PASSWORD),
  newPassword: NewPassword,
});
export type PasswordChangeBody = z.infer<typeof PasswordChangeBody>;
