// Saved books on SQLite, for the server and the CLI's state file alike: the engine's ProgressStore port.
// A step writes its own part and the book's small header row, never the whole book, so saving costs the
// same at chapter 95 as at chapter 1 (the save itself is queries/step.ts, shared with Postgres). Loading
// a book and keeping its memory run on every step: raw statements prepared once, no query building.
import type { Selectable } from 'kysely';
import type { BooksTable } from '../schema.js';
import type { MemorySave, ProgressStore, SavedBook } from '../../../engine/index.js';
import { bookOfRows } from '../queries/book-rows.js';
import { saveStep } from '../queries/step.js';
import { dropKeptQuery, keptAnswersOf } from '../queries/kept-answers.js';
import { sqliteConn } from './conn.js';
import type { Store } from './store.js';

const LOAD_BOOK = 'SELECT * FROM books WHERE owner = ? AND book_key = ?';
const LOAD_PARTS = 'SELECT position, text, is_complete, title FROM book_parts WHERE book_id = ? ORDER BY position';
const UPDATE_MEMORY =
  'UPDATE books SET memory = ?, memory_up_to = ?, updated_at = CURRENT_TIMESTAMP WHERE owner = ? AND book_key = ?';
const UPDATE_VOICE = 'UPDATE books SET voice = ? WHERE owner = ? AND book_key = ?';
const DELETE_BOOK = 'DELETE FROM books WHERE owner = ? AND book_key = ?';

/** The book saved under (owner, key), or null (at once: call it where nobody else holds the connection). */
export function loadBook(store: Store, owner: string, key: string): (SavedBook & { bookType: string }) | null {
  const found = store.raw(LOAD_BOOK).get(owner, key) as Selectable<BooksTable> | undefined;
  return found ? bookOfRows(found, store.raw(LOAD_PARTS).all(found.id) as Parameters<typeof bookOfRows>[1]) : null;
}

/**
 * Keep a book's updated memory: its header only, and the drop of the answers kept for its update (`keptScope`) in the
 * same transaction (one commit, not two: a kill leaves the bible saved without them or unsaved with them).
 */
export function writeMemory(store: Store, owner: string, key: string, save: MemorySave): Promise<void> {
  const { keptScope } = save;
  if (keptScope === undefined)
    return store.exclusive(() => void store.raw(UPDATE_MEMORY).run(save.memory, save.upTo, owner, key));
  return store.exclusive(() =>
    store.transaction(() => {
      store.raw(UPDATE_MEMORY).run(save.memory, save.upTo, owner, key);
      store.run(dropKeptQuery(store.db, owner, key, keptScope));
    }),
  );
}

/** The ProgressStore port for one owner (a user of the server, or the CLI). */
export function bookStore(store: Store, owner: string): ProgressStore & { remove(key: string): Promise<boolean> } {
  const conn = sqliteConn(store);
  return {
    load: (key) => store.exclusive(() => loadBook(store, owner, key)),
    saveStep: (key, save) => saveStep(conn, owner, key, save),
    saveMemory: (key, save) => writeMemory(store, owner, key, save),
    saveVoice: (key, voice) =>
      store.exclusive(() => void store.raw(UPDATE_VOICE).run(voice ? JSON.stringify(voice) : null, owner, key)),
    saveSteps: (key, saves) =>
      conn.transaction(async (conn) => {
        for (const save of saves) await saveStep(conn, owner, key, save);
      }),
    remove: (key) => store.exclusive(() => store.raw(DELETE_BOOK).run(owner, key).changes > 0),
    // A step's answers kept as they arrive, before the step is saved (engine/session/kept-answers.ts).
    ...keptAnswersOf(conn, owner),
  };
}
