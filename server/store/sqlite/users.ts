// Users on SQLite: the shared repository (server/store/queries/users.ts) run synchronously on the Store,
// whose listeners hear every change of a users row (the admin's live list).
import type { Store } from './store.js';
import type { User } from '../schema.js';
import type { UserRepository } from '../ports.js';
import * as users from '../queries/users.js';
import { runSync, sqliteExec } from './run.js';

export function findUserById(store: Store, id: string): User | undefined {
  return runSync(store, users.findUserById(store.db, id));
}

/** Count one more generated part for the dashboard's "chapters generated". */
export function addUsage(store: Store, userId: string): void {
  runSync(store, users.addUsage(store.db, userId));
}

export function sqliteUsers(store: Store): UserRepository {
  return users.userRepository(store.db, sqliteExec(store), async (listener) => store.onUserChange(listener));
}
