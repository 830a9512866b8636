// Credit codes and credit links on SQLite: the shared repository (server/store/queries/codes.ts) run synchronously.
import type { Store } from './store.js';
import type { CodeRepository } from '../ports.js';
import { codeRepository } from '../queries/codes.js';
import { sqliteExec } from './run.js';

export function sqliteCodes(store: Store): CodeRepository {
  return codeRepository(store.db, sqliteExec(store));
}
