// /api/auth: sign-up, sign-in, sign-out, the session, password reset by e-mail. Bodies as the server
// validates them (its catalogue messages included) and its answers.
import * as z from 'zod';
import { DisplayNameSchema, LangSchema, ProfileSchema, TimestampSchema } from './common.js';
import { failsWith } from './messages.js';

export const MIN_PASSWORD = 6;
export const MAX_PASSWORD = 256;

/** An e-mail address as typed: trimmed, required, at most 254 characters. */
export const EmailSchema = failsWith('email_required', z.string().trim().min(1)).pipe(
  failsWith('invalid_email', z.string().max(254).pipe(z.email())),
);

/** A password being chosen (sign-up, reset, change, an admin adding a user). */
export const NewPasswordSchema = failsWith('password_too_short', z.string().min(MIN_PASSWORD)).pipe(
  z.string().max(MAX_PASSWORD, { error: `Password must be at most ${MAX_PASSWORD} characters` }),
);

/** The plans of the sign-up page; every account starts free until purchases exist. */
export const SIGN_UP_PLANS = ['free', 'pro', 'business'] as const;

export const SignUpBodySchema = z.strictObject({
  email: EmailSchema,
  password: NewPasswordSchema,
  name: DisplayNameSchema.optional(),
  plan: z.enum(SIGN_UP_PLANS, { error: 'Invalid plan selected' }).optional(),
  rememberMe: z.boolean().optional(),
  /** The studio language chosen before the account existed (kept in the browser until sign-up). */
  lang: LangSchema.optional(),
});

export const SignInBodySchema = z.strictObject({
  email: failsWith('email_required', z.string().trim().min(1)).pipe(z.string().max(254)),
  password: failsWith('invalid_credentials', z.string().min(1)).pipe(z.string().max(MAX_PASSWORD)),
  rememberMe: z.boolean().optional(),
});

export const ResetRequestBodySchema = z.strictObject({ email: EmailSchema });

export const ResetPasswordBodySchema = z.strictObject({
  token: failsWith('reset_invalid', z.string().min(1)).pipe(z.string().max(200)),
  newPassword: NewPasswordSchema,
  /** Revoke every API key of the account too (default: yes; whoever could reset may have made keys). */
  revokeApiKeys: z.boolean().optional(),
});

/** The session of this browser: when it ends, and whether "remember me" keeps it 30 days. */
export const SessionInfoSchema = z.strictObject({ expires_at: TimestampSchema, is_remembered: z.boolean() });
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

/** 201 of sign-up and 200 of sign-in (the session cookie comes with it). */
export const SignedInResponseSchema = z.strictObject({
  message: z.string().min(1),
  user: ProfileSchema,
  session: SessionInfoSchema,
});

/** `GET /api/auth/get-session`: the user and session, or both null when signed out. */
export const GetSessionResponseSchema = z.union([
  z.strictObject({ user: ProfileSchema, session: SessionInfoSchema }),
  z.strictObject({ user: z.null(), session: z.null() }),
]);
