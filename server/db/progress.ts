// Saved progress: load, save (after every step) and delete a BookState under (user, key).
// The row mapping is shared by the async functions (CLI) and the server's synchronous store.
import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { BookState } from '../../engine/index.js';
import type { BookProgressTable, Database } from './types.js';

export interface ProgressRow {
  bookType: string;
  state: BookState;
  updatedAt: string;
}

/** A book_progress row as a BookState. */
export function progressRowToState(row: Selectable<BookProgressTable>): BookState {
  const content = JSON.parse(row.content) as string[];
  return {
    generatorId: row.generator_id,
    settings: JSON.parse(row.settings) as BookState['settings'],
    lang: row.lang === 'ms' ? 'ms' : 'en',
    totalChapters: row.total_chapters,
    ...(row.outline !== null ? { outline: row.outline } : {}),
    content,
    currentChapter: row.current_chapter,
    ...(row.character_details !== null ? { characterDetails: row.character_details } : {}),
    isLocked: content.length > 0,
  };
}

/** The upsert statement that saves a BookState; one statement, so it is atomic. */
export function saveProgressQuery(db: Kysely<Database>, input: { userId: string; key: string; bookType: string; state: BookState }) {
  const { state } = input;
  const values = {
    user_id: input.userId,
    progress_key: input.key,
    book_type: input.bookType,
    generator_id: state.generatorId,
    lang: state.lang,
    current_chapter: state.currentChapter,
    total_chapters: state.totalChapters,
    content: JSON.stringify(state.content),
    settings: JSON.stringify(state.settings),
    outline: state.outline ?? null,
    character_details: state.characterDetails ?? null,
  };
  return db
    .insertInto('book_progress')
    .values(values)
    .onConflict((oc) => oc.columns(['user_id', 'progress_key']).doUpdateSet({ ...values, updated_at: sql`CURRENT_TIMESTAMP` }));
}

export async function loadProgress(db: Kysely<Database>, userId: string, key: string): Promise<ProgressRow | undefined> {
  const row = await db.selectFrom('book_progress').selectAll().where('user_id', '=', userId).where('progress_key', '=', key).executeTakeFirst();
  if (!row) return undefined;
  return { bookType: row.book_type, state: progressRowToState(row), updatedAt: row.updated_at };
}

/** Insert or replace the saved state. */
export async function saveProgress(db: Kysely<Database>, input: { userId: string; key: string; bookType: string; state: BookState }): Promise<void> {
  await saveProgressQuery(db, input).execute();
}

export async function deleteProgress(db: Kysely<Database>, userId: string, key: string): Promise<boolean> {
  const r = await db.deleteFrom('book_progress').where('user_id', '=', userId).where('progress_key', '=', key).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
