// Users (profiles with role and credits): create, find, list, update, delete. Every write notifies
// the store's user listeners (the admin's live list).
import { randomUUID } from 'node:crypto';
import type { Store } from './store.js';
import { nowIso } from './store.js';
import type { Role, User } from './types.js';
import { changeCredits } from './credits.js';

/** Credits a role gets when it is set or changed (spec/platform.md §6). */
export const ROLE_CREDITS: Readonly<Record<Role, number>> = { free: 10, pro: 150, business: 500, admin: 9999 };
/** Roles an administrator may give; admin belongs to the KARYA_ADMIN_EMAIL account only. */
export const ASSIGNABLE_ROLES = ['free', 'pro', 'business'] as const;

/** The profile as the API shows it (snake_case, spec/platform.md §3). */
export interface Profile {
  id: string;
  email: string;
  name: string;
  bio: string;
  role: Role;
  credits_available: number;
  total_usage: number;
  created_at: string;
  updated_at: string;
}

export function toProfile(user: User): Profile {
  const { id, email, name, bio, role, credits_available, total_usage, created_at, updated_at } = user;
  return { id, email, name, bio, role, credits_available, total_usage, created_at, updated_at };
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function findUserById(store: Store, id: string): User | undefined {
  return store.first(store.db.selectFrom('users').selectAll().where('id', '=', id));
}

export function findUserByEmail(store: Store, email: string): User | undefined {
  return store.first(store.db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)));
}

export function passwordHashOf(store: Store, userId: string): string | undefined {
  return store.first(store.db.selectFrom('user_passwords').select('hash').where('user_id', '=', userId))?.hash;
}

/** Newest first. */
export function listUsers(store: Store): User[] {
  return store.all(store.db.selectFrom('users').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'));
}

/**
 * Create a user with a password hash, starting credits for the role and a ledger row, in one
 * transaction. Returns undefined when the e-mail is taken.
 */
export function createUser(store: Store, input: { email: string; passwordHash: string; role: Role; name?: string }): User | undefined {
  const email = normaliseEmail(input.email);
  const id = randomUUID();
  const now = nowIso();
  const created = store.transaction(() => {
    if (findUserByEmail(store, email)) return false;
    store.run(store.db.insertInto('users').values({ id, email, name: input.name ?? '', role: input.role, credits_available: 0, created_at: now, updated_at: now }));
    store.run(store.db.insertInto('user_passwords').values({ user_id: id, hash: input.passwordHash, updated_at: now }));
    changeCredits(store, { userId: id, amount: ROLE_CREDITS[input.role], type: 'signup', reason: `Starting credits (${input.role})` });
    return true;
  });
  return created ? findUserById(store, id) : undefined;
}

export function updateProfile(store: Store, input: { userId: string; name?: string; bio?: string }): User | undefined {
  const { userId, ...patch } = input;
  store.run(store.db.updateTable('users').set({ ...patch, updated_at: nowIso() }).where('id', '=', userId));
  store.userChanged(userId);
  return findUserById(store, userId);
}

export function setPasswordHash(store: Store, input: { userId: string; hash: string }): void {
  store.run(store.db.updateTable('user_passwords').set({ hash: input.hash, updated_at: nowIso() }).where('user_id', '=', input.userId));
}

/** Set a role and reset the credits to the role's amount (an adjustment row records it). */
export function setRole(store: Store, input: { userId: string; role: Role; reason: string }): User | undefined {
  const { userId, role, reason } = input;
  store.transaction(() => {
    store.run(store.db.updateTable('users').set({ role, updated_at: nowIso() }).where('id', '=', userId));
    changeCredits(store, { userId, setTo: ROLE_CREDITS[role], type: 'role', reason });
  });
  return findUserById(store, userId);
}

/** Delete a user with everything that is theirs (sessions, history, claims, saved progress). The ledger stays. */
export function deleteUser(store: Store, userId: string): boolean {
  const deleted = store.transaction(() => {
    store.run(store.db.deleteFrom('book_progress').where('user_id', '=', userId));
    return store.run(store.db.deleteFrom('users').where('id', '=', userId)) > 0;
  });
  if (deleted) store.userChanged(userId);
  return deleted;
}

/** Count one more generated part for the dashboard's "chapters generated". */
export function addUsage(store: Store, userId: string): void {
  store.run(store.db.updateTable('users').set((eb) => ({ total_usage: eb('total_usage', '+', 1), updated_at: nowIso() })).where('id', '=', userId));
  store.userChanged(userId);
}
