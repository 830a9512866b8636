// The codes of the server's messages that the contract's request schemas fail with. Each failure carries its
// code as data (withErrorCode: the params.code), which the server answers with, worded in the caller's
// language from the catalogue `server-messages` (server/errors/api-error.ts; languages/<code>/server-messages.yaml).
import type * as z from 'zod';
import { withErrorCode } from '../error-code.js';

export const VALIDATION_CODES = [
  'email_required',
  'invalid_email',
  'password_too_short',
  'invalid_credentials',
  'reset_invalid',
  'current_password_wrong',
  'invalid_credit_amount',
  'invalid_code',
  'invalid_link',
  'invalid_ai_text',
  'package_keywords_too_many',
  'package_keyword_too_long',
  'package_description_too_long',
  'package_categories_too_many',
  'package_category_too_long',
] as const;

export type ValidationMessageCode = (typeof VALIDATION_CODES)[number];

/** `schema`, whose every failure is one issue with `code` as data (and as its message: the server words it). */
export function failsWith<T extends z.ZodType>(
  code: ValidationMessageCode,
  schema: T,
): z.ZodType<z.output<T>, z.input<T>> {
  return withErrorCode(schema, { code, message: code });
}
