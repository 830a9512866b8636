// Generation steps on SQLite: the shared repository (server/store/queries/generations.ts) run synchronously.
import type { Store } from './store.js';
import type { GenerationRepository } from '../ports.js';
import { generationRepository } from '../queries/generations.js';
import { sqliteExec } from './run.js';

export function sqliteGenerations(store: Store): GenerationRepository {
  return generationRepository(store.db, sqliteExec(store));
}
