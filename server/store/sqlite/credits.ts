// The credit ledger on SQLite: the shared repository (server/store/queries/users.ts) run synchronously.
import type { Store } from './store.js';
import type { CreditRepository } from '../ports.js';
import { creditRepository } from '../queries/users.js';
import { sqliteExec } from './run.js';

export function sqliteCredits(store: Store): CreditRepository {
  return creditRepository(store.db, sqliteExec(store));
}
