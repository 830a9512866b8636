// Saved progress moves from one row per book (rewritten whole at every step) to a header row plus one
// row per part (migrations/books.ts). Existing progress is carried over part by part.
import { sql, type Kysely } from 'kysely';
import { createBookTables, dropBookTables } from './books.js';
import { isPostgres } from './dialect.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await createBookTables(db);
  await sql`INSERT INTO books (owner, book_key, book_type, generator_id, lang, total_chapters, current_chapter,
      settings, character_details, is_finished, created_at, updated_at)
    SELECT user_id, progress_key, book_type, generator_id, lang, total_chapters, current_chapter, settings,
      character_details, 0, created_at, updated_at FROM book_progress`.execute(db);
  await sql`INSERT INTO book_parts (book_id, position, step, text)
    SELECT b.id, -1, 'outline', p.outline
    FROM book_progress p JOIN books b ON b.owner = p.user_id AND b.book_key = p.progress_key
    WHERE p.outline IS NOT NULL`.execute(db);
  // The content array's elements with their index: json_each on SQLite, jsonb_array_elements_text on Postgres.
  await (
    isPostgres(db)
      ? sql`INSERT INTO book_parts (book_id, position, step, text)
    SELECT b.id, CAST(j.n - 1 AS INTEGER), CASE WHEN j.n = 1 THEN 'introduction' ELSE 'chapter:' || (j.n - 1) END,
      j.value
    FROM book_progress p JOIN books b ON b.owner = p.user_id AND b.book_key = p.progress_key,
      jsonb_array_elements_text(CAST(p.content AS jsonb)) WITH ORDINALITY AS j(value, n)`
      : sql`INSERT INTO book_parts (book_id, position, step, text)
    SELECT b.id, CAST(j.key AS INTEGER), CASE WHEN j.key = 0 THEN 'introduction' ELSE 'chapter:' || j.key END, j.value
    FROM book_progress p JOIN books b ON b.owner = p.user_id AND b.book_key = p.progress_key, json_each(p.content) j`
  ).execute(db);
  await db.schema.dropTable('book_progress').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropBookTables(db);
}
