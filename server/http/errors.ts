// The API's error shape `{error: {code, message, fields?}}` (shared/DESIGN.md) and the server's
// messages. Wording comes from spec/platform.md §8 wherever spec/ has one; generation messages come
// from the engine's bilingual catalogue.
import { catalogueMessage, type CatalogueCode, type Lang } from '../../engine/index.js';
import { VALIDATION_MESSAGES } from '../../engine/contract/messages.js';

export const MESSAGES = {
  // The request schemas' own messages (engine/contract/messages.ts), kept there once.
  ...VALIDATION_MESSAGES,
  // Auth (spec/platform.md §8)
  email_taken: 'An account with this email already exists',
  reset_too_soon: 'Please wait a minute before requesting another reset',
  too_many_attempts: 'Too many attempts. Please wait a few minutes and try again',
  reset_expired: 'Your password reset link has expired. Please request a new one.',
  password_update_failed: 'Failed to update password',
  session_expired: 'Session expired. Please sign in again.',
  unauthenticated: 'User not authenticated',
  account_created: 'Account created successfully!',
  signed_in: 'Successfully signed in!',
  signed_out: 'Signed out successfully',
  reset_sent: 'Check your email for password reset instructions',
  password_updated: 'Password updated successfully',
  // Profile, history, progress
  profile_updated: 'Profile updated successfully',
  item_deleted: 'Item deleted successfully',
  progress_cleared: 'Progress cleared',
  // Codes and links
  code_redeemed: 'Credit code redeemed successfully!',
  link_claimed: 'Credits claimed successfully!',
  // Admin
  forbidden: 'Only the administrator can do this',
  protected_account: "The administrator's own role, credits and account cannot be changed",
  link_created: 'Credit URL generated successfully',
  link_deleted: 'URL deleted successfully',
  code_created: 'Credit code created successfully',
  code_exists: 'A credit code with this name already exists',
  credits_updated: 'Credits updated successfully',
  role_updated: 'User role updated successfully',
  user_added: 'User added successfully',
  user_deleted: 'User deleted successfully',
  user_not_found: 'User not found',
  rolled_back: 'Successfully rolled back deployment',
  rollback_failed: 'Failed to roll back deployment',
  deployment_not_found: 'Deployment not found',
  config_updated: 'AI configuration updated',
  // Generation and generic
  generator_not_found: 'Generator not found',
  step_not_allowed: 'This step is not the next step of your book',
  book_complete: 'Your book is complete.',
  progress_not_found: 'No saved progress',
  not_found: 'Not found',
  invalid_request: 'Please check the highlighted fields',
  invalid_json: 'The request body is not valid JSON',
  body_too_large: 'The request body is too large',
  cross_origin: 'Cross-origin requests are not allowed',
  unexpected: 'An unexpected error occurred',
} as const;

export type MessageCode = keyof typeof MESSAGES;

/** An error that becomes an API error response. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** An error with a server message. */
  static of(status: number, code: MessageCode, fields?: Record<string, string>): ApiError {
    return new ApiError(status, code, MESSAGES[code], fields);
  }

  /** An error with an engine catalogue message (en or ms). */
  static catalogue(status: number, code: CatalogueCode, lang: Lang = 'en', vars: Record<string, string> = {}): ApiError {
    return new ApiError(status, code, catalogueMessage(code, lang, vars));
  }
}

export function errorBody(error: ApiError): { error: { code: string; message: string; fields?: Record<string, string> } } {
  return { error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) } };
}
