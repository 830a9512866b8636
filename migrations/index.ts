// Every migration, in order. Names sort; the migrator refuses out-of-order history.
import type { Migration } from 'kysely';
import * as m0001 from './0001_book_progress.js';

export const migrations: Record<string, Migration> = {
  '0001_book_progress': m0001,
};
