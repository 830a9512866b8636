// Saved progress: load, save (after every step) and delete a BookState under (user, key).
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { BookState } from '../../engine/index.js';
import type { Database } from './types.js';

export interface ProgressRow {
  bookType: string;
  state: BookState;
  updatedAt: string;
}

export async function loadProgress(db: Kysely<Database>, userId: string, key: string): Promise<ProgressRow | undefined> {
  const row = await db.selectFrom('book_progress').selectAll().where('user_id', '=', userId).where('progress_key', '=', key).executeTakeFirst();
  if (!row) return undefined;
  const state: BookState = {
    generatorId: row.generator_id,
    settings: JSON.parse(row.settings) as BookState['settings'],
    lang: row.lang === 'ms' ? 'ms' : 'en',
    totalChapters: row.total_chapters,
    ...(row.outline !== null ? { outline: row.outline } : {}),
    content: JSON.parse(row.content) as string[],
    currentChapter: row.current_chapter,
    ...(row.character_details !== null ? { characterDetails: row.character_details } : {}),
    isLocked: (JSON.parse(row.content) as string[]).length > 0,
  };
  return { bookType: row.book_type, state, updatedAt: row.updated_at };
}

/** Insert or replace the saved state; one statement, so it is atomic. */
export async function saveProgress(db: Kysely<Database>, input: { userId: string; key: string; bookType: string; state: BookState }): Promise<void> {
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
  await db
    .insertInto('book_progress')
    .values(values)
    .onConflict((oc) => oc.columns(['user_id', 'progress_key']).doUpdateSet({ ...values, updated_at: sql`CURRENT_TIMESTAMP` }))
    .execute();
}

export async function deleteProgress(db: Kysely<Database>, userId: string, key: string): Promise<boolean> {
  const r = await db.deleteFrom('book_progress').where('user_id', '=', userId).where('progress_key', '=', key).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
