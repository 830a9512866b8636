// Rules and shapes of stored data that every adapter and every caller share: role credits, the
// profile the API shows, e-mail normalisation, config keys. No database access here.
import type { Lang } from '../../engine/index.js';
import type { Role, User } from './schema.js';
import type { AttemptRule } from './ports.js';

/**
 * Credits a role gets when it is set or changed: one table, in the contract, so the admin page can state them before a
 * role change.
 */
export { ROLE_CREDITS } from '../../engine/index.js';

/** Roles an administrator may give; admin belongs to the KARYA_ADMIN_EMAIL account only. */
export const ASSIGNABLE_ROLES = ['free', 'pro', 'business'] as const;

/** The profile as the API shows it (snake_case). */
export interface Profile {
  id: string;
  email: string;
  name: string;
  bio: string;
  role: Role;
  credits_available: number;
  total_usage: number;
  lang: Lang;
  created_at: string;
  updated_at: string;
}

export function toProfile(user: User): Profile {
  const { id, email, name, bio, role, credits_available, total_usage, lang, created_at, updated_at } = user;
  return { id, email, name, bio, role, credits_available, total_usage, lang, created_at, updated_at };
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const OPENAI_CONFIG_KEY = 'openai_config';
export interface OpenAIConfigValue {
  useAzure: boolean;
}

/** How long (ms) the next attempt must still wait under `rule`, after the attempts counted so far. */
export function attemptWait(
  counted: { failures: number; lastFailureAt: number } | null | undefined,
  rule: AttemptRule,
  now: number,
): number {
  if (!counted || counted.failures < rule.freeAttempts) return 0;
  const delay = Math.min(rule.maxDelayMs, rule.baseDelayMs * 2 ** Math.min(30, counted.failures - rule.freeAttempts));
  return Math.max(0, counted.lastFailureAt + delay - now);
}

/** A request's idempotency key as first stored: running, no answer yet (both adapters insert this row). */
export function runningIdempotencyRow(userId: string, key: string, requestHash: string, now: number) {
  return {
    user_id: userId,
    key,
    request_hash: requestHash,
    status: 'running' as const,
    response_status: null,
    response_body: null,
    created_at: now,
  };
}

/**
 * A failed migration run (kysely's Migrator answer) as the error both adapters throw, naming the migration that
 * failed; undefined when every migration ran.
 */
export function migrationFailure(
  error: unknown,
  results: readonly { status: string; migrationName: string }[] | undefined,
): Error | undefined {
  const failed = results?.find((r) => r.status === 'Error');
  if (!error && !failed) return undefined;
  const at = failed ? ` at ${failed.migrationName}` : '';
  return new Error(`database migration failed${at}: ${error instanceof Error ? error.message : String(error)}`);
}
