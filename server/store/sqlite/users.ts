// Users (profiles with role and credits) on SQLite: create, find, list, update, delete. Every write
// notifies the store's user listeners (the admin's live list).
import { randomUUID } from 'node:crypto';
import type { Store } from './store.js';
import { nowIso } from './store.js';
import type { Role, User } from '../schema.js';
import { ROLE_CREDITS, normaliseEmail } from '../model.js';
import type { UserRepository } from '../ports.js';
import { changeCredits } from './credits.js';

export function findUserById(store: Store, id: string): User | undefined {
  return store.first(store.db.selectFrom('users').selectAll().where('id', '=', id));
}

export function findUserByEmail(store: Store, email: string): User | undefined {
  return store.first(store.db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)));
}

/** Newest first. */
export function listUsers(store: Store): User[] {
  return store.all(store.db.selectFrom('users').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'));
}

/**
 * Create a user with a password hash, starting credits for the role and a ledger row, in one
 * transaction. Returns undefined when the e-mail is taken.
 */
export function createUser(store: Store, input: { email: string; passwordHash: string; role: Role; name?: string; lang?: 'en' | 'ms' }): User | undefined {
  const email = normaliseEmail(input.email);
  const id = randomUUID();
  const now = nowIso();
  const created = store.transaction(() => {
    if (findUserByEmail(store, email)) return false;
    store.run(store.db.insertInto('users').values({ id, email, name: input.name ?? '', role: input.role, credits_available: 0, lang: input.lang ?? 'en', created_at: now, updated_at: now }));
    store.run(store.db.insertInto('user_passwords').values({ user_id: id, hash: input.passwordHash, updated_at: now }));
    changeCredits(store, { userId: id, amount: ROLE_CREDITS[input.role], type: 'signup', reason: `Starting credits (${input.role})` });
    return true;
  });
  return created ? findUserById(store, id) : undefined;
}

export function updateProfile(store: Store, input: { userId: string; name?: string; bio?: string; lang?: 'en' | 'ms' }): User | undefined {
  const { userId, ...patch } = input;
  store.run(store.db.updateTable('users').set({ ...patch, updated_at: nowIso() }).where('id', '=', userId));
  store.userChanged(userId);
  return findUserById(store, userId);
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
    store.run(store.db.deleteFrom('books').where('owner', '=', userId));
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

/** Make the account with this e-mail admin unless it is already; answers it when changed. */
export function promoteToAdmin(store: Store, input: { email: string; reason: string }): User | undefined {
  return store.transaction(() => {
    const user = findUserByEmail(store, input.email);
    if (!user || user.role === 'admin') return undefined;
    return setRole(store, { userId: user.id, role: 'admin', reason: input.reason });
  });
}

export function sqliteUsers(store: Store): UserRepository {
  return {
    findById: async (id) => findUserById(store, id),
    findByEmail: async (email) => findUserByEmail(store, email),
    list: async () => listUsers(store),
    create: async (input) => createUser(store, input),
    updateProfile: async (input) => updateProfile(store, input),
    setRole: async (input) => setRole(store, input),
    promoteToAdmin: async (input) => promoteToAdmin(store, input),
    delete: async (userId) => deleteUser(store, userId),
    onChange: async (listener) => store.onUserChange(listener),
  };
}
