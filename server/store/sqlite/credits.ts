// The credit ledger on SQLite: the shared use cases (server/store/queries/users.ts) run synchronously.
import type { Store } from './store.js';
import type { Balance, CreditRepository } from '../ports.js';
import * as users from '../queries/users.js';
import { runSync, sqliteExec } from './run.js';

/** Add `amount` credits (negative to deduct) or set the balance to `setTo`; null when refused. */
export function changeCredits(store: Store, change: Parameters<typeof users.changeCredits>[1]): Balance | null {
  return runSync(store, users.changeCredits(store.db, change));
}

export function sqliteCredits(store: Store): CreditRepository {
  return users.creditRepository(store.db, sqliteExec(store));
}
