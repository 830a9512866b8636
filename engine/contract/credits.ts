// /api/credits: redeem a credit code and claim a credit link (once per user each).
import * as z from 'zod';
import { failsWith } from './messages.js';

/** The code as typed: trimmed and upper-cased by the server. */
export const RedeemBodySchema = z.strictObject({
  code: failsWith('invalid_code', z.string().trim().min(1).max(64)).transform((c) => c.toUpperCase()),
});

export const ClaimBodySchema = z.strictObject({
  token: failsWith('invalid_link', z.string().trim().min(1).max(64)),
});

/** A granted redeem or claim: the credits it gave and the new balance. */
export const CreditsGrantedResponseSchema = z.strictObject({
  message: z.string().min(1),
  credits_awarded: z.number().int().positive(),
  credits_available: z.number().int().min(0),
});
export type CreditsGrantedResponse = z.infer<typeof CreditsGrantedResponseSchema>;
