// Config, deployments, the mail outbox and the health check on SQLite: the shared repository
// (server/store/queries/system.ts) run synchronously.
import type { Store } from './store.js';
import type { SystemRepository } from '../ports.js';
import { systemRepository } from '../queries/system.js';
import { sqliteExec } from './run.js';

export function sqliteSystem(store: Store): SystemRepository {
  return systemRepository(store.db, sqliteExec(store));
}
