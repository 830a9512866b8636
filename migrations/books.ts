// Saved books, shared by the server's database and the CLI's state file: one header row per book
// (settings, position, character details) and one row per written part, so that a step appends its own
// part and rewrites only the small header, whatever the length of the book.
import type { Kysely } from 'kysely';
import { autoId, defaultNow } from './dialect.js';

export async function createBookTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('books')
    .addColumn('id', ...autoId(db))
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('book_key', 'text', (c) => c.notNull())
    .addColumn('book_type', 'text', (c) => c.notNull())
    .addColumn('generator_id', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('total_chapters', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('current_chapter', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('character_details', 'text')
    .addColumn('is_finished', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', defaultNow(db))
    .addColumn('updated_at', 'text', defaultNow(db))
    .addUniqueConstraint('books_owner_key', ['owner', 'book_key'])
    .execute();
  await db.schema
    .createTable('book_parts')
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    // -1 the outline, 0 the introduction (or a single output), then chapters and the conclusion.
    .addColumn('position', 'integer', (c) => c.notNull())
    // The step's key (engine/compile/step.ts): outline, introduction, chapter:3, conclusion:6, single.
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', defaultNow(db))
    .addPrimaryKeyConstraint('book_parts_pk', ['book_id', 'position'])
    .execute();
}

export async function dropBookTables(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('book_parts').execute();
  await db.schema.dropTable('books').execute();
}

/** Parts remember whether their text is complete (a part still cut at the token limit is kept, marked). */
export async function addPartCompleteness(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('book_parts')
    .addColumn('is_complete', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function dropPartCompleteness(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('book_parts').dropColumn('is_complete').execute();
}

/** Parts keep the user's own title (a chapter's "The Storm"), so it heads the chapter and survives resume. */
export async function addPartTitle(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('book_parts').addColumn('title', 'text').execute();
}

export async function dropPartTitle(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('book_parts').dropColumn('title').execute();
}

/** A book keeps its running memory (the story so far) and the last part it took in. */
export async function addBookMemory(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('books').addColumn('memory', 'text').execute();
  await db.schema.alterTable('books').addColumn('memory_up_to', 'integer').execute();
}

export async function dropBookMemory(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('books').dropColumn('memory_up_to').execute();
  await db.schema.alterTable('books').dropColumn('memory').execute();
}

/**
 * A book keeps the writer's notes per chapter (JSON: position → note; null until the writer shapes the outline as
 * chapters).
 */
export async function addChapterNotes(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('books').addColumn('chapter_notes', 'text').execute();
}

export async function dropChapterNotes(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('books').dropColumn('chapter_notes').execute();
}

/** A book keeps what the optional model audit of continuity found per part (JSON: position → findings). */
export async function addAuditFindings(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('books').addColumn('audit_findings', 'text').execute();
}

export async function dropAuditFindings(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('books').dropColumn('audit_findings').execute();
}

/** A book keeps the continuity findings its writer marked as intended (JSON: their keys). */
export async function addIntendedFindings(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('books').addColumn('intended_findings', 'text').execute();
}

export async function dropIntendedFindings(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('books').dropColumn('intended_findings').execute();
}

/** A book keeps which of its parts the writer wrote, not the model (an imported manuscript's; JSON: positions). */
export async function addAuthoredParts(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('books').addColumn('authored_parts', 'text').execute();
}

export async function dropAuthoredParts(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('books').dropColumn('authored_parts').execute();
}

/** A book keeps the writer's voice (JSON: the sample's fingerprint and exemplars, the phrases to avoid). */
export async function addBookVoice(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('books').addColumn('voice', 'text').execute();
}

export async function dropBookVoice(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('books').dropColumn('voice').execute();
}

/**
 * A book keeps what its source text is (JSON: engine/compile/provenance.ts SourceStatus): public domain, first
 * published.
 */
export async function addBookSource(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('books').addColumn('source', 'text').execute();
}

export async function dropBookSource(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('books').dropColumn('source').execute();
}

/**
 * A part's earlier texts (rewrite keeps the text it replaces as a version the writer can restore):
 * one row per version of a part, numbered from 1 per part; they go with their book.
 */
export async function createPartVersions(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('part_versions')
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    // The writer's note of the rewrite that replaced this text ('' when it was written again without one).
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', defaultNow(db))
    .addPrimaryKeyConstraint('part_versions_pk', ['book_id', 'position', 'version'])
    .execute();
}

export async function dropPartVersions(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('part_versions').execute();
}

/**
 * How each part's text came to be (JSON: position → origin and the passages the model put in), and
 * the same for each kept version, so a version restored is again what it was. `authored_parts` stays, read
 * only for books saved before.
 */
export async function addProvenance(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('books').addColumn('provenance', 'text').execute();
  await db.schema.alterTable('part_versions').addColumn('provenance', 'text').execute();
}

export async function dropProvenance(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('part_versions').dropColumn('provenance').execute();
  await db.schema.alterTable('books').dropColumn('provenance').execute();
}

/**
 * The author an imported manuscript names (its title page, `Author:` line or metadata): publishing's author when given
 * none.
 */
export async function addBookAuthor(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('books').addColumn('author', 'text').execute();
}

export async function dropBookAuthor(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('books').dropColumn('author').execute();
}
