// Users on SQLite: the shared repository (server/store/queries/users.ts) run synchronously on the Store,
// whose listeners hear every change of a users row (the admin's live list).
import type { Store } from './store.js';
import type { UserRepository } from '../ports.js';
import * as users from '../queries/users.js';
import { sqliteExec } from './run.js';

export function sqliteUsers(store: Store): UserRepository {
  return users.userRepository(store.db, sqliteExec(store), async (listener) => store.onUserChange(listener));
}
