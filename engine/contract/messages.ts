// The server's catalogue messages that the contract's request schemas fail with. Each failure carries
// its code as data (withErrorCode: the params.code), which the server answers with. These messages
// are written here once; server/http/errors.ts MESSAGES spreads them.
import type * as z from 'zod';
import { withErrorCode } from '../error-code.js';

export const VALIDATION_MESSAGES = {
  email_required: 'Please enter your email address',
  invalid_email: 'Please enter a valid email address',
  password_too_short: 'Password must be at least 6 characters long',
  invalid_credentials: 'Invalid email or password',
  reset_invalid: 'Invalid or expired session. Please request a new reset link.',
  current_password_wrong: 'Current password is incorrect',
  invalid_credit_amount: 'Please enter a valid credit amount between 1 and 10000',
  invalid_code: 'Invalid or expired code',
  invalid_link: 'Invalid or expired credit link',
  invalid_ai_text: 'AI-generated text must be one of: none, some, most, entirely',
  package_keywords_too_many: 'KDP takes at most 7 keywords',
  package_keyword_too_long: 'A keyword may be at most 50 characters long',
  package_description_too_long: 'The description may be at most 4,000 characters long',
  package_categories_too_many: 'Choose at most 3 categories',
  package_category_too_long: 'A category may be at most 200 characters long',
} as const;

export type ValidationMessageCode = keyof typeof VALIDATION_MESSAGES;

/** `schema`, whose every failure is one issue with the message of `code` and the code itself as data. */
export function failsWith<T extends z.ZodType>(code: ValidationMessageCode, schema: T): z.ZodType<z.output<T>, z.input<T>> {
  return withErrorCode(schema, { code, message: VALIDATION_MESSAGES[code] });
}
