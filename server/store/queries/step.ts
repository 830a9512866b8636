// A book's step, the product's central write, once for both databases: the header row a step writes and
// its save (the header upserted, the earlier parts and versions dropped when the step starts a new book,
// the part upserted), saved whole or not at all, or inside the caller's transaction (a generation's commit,
// an import).
import type { Kysely } from 'kysely';
import type { BookState, StepSave } from '../../../engine/index.js';
import { clearVersionsQuery, type VersionsDatabase } from '../versions.js';
import { fixedQuery, type Conn } from './conn.js';
import { dropKeptQuery } from './kept-answers.js';

/** `book_parts.is_complete` of a part kept as the writer stopped it (0: cut at the token limit, 1: whole). */
export const PART_STOPPED = 2;

/** The `is_complete` a saved step writes for its part. */
export function partCompleteness(save: Pick<StepSave, 'isComplete' | 'position' | 'state'>): number {
  if (!save.isComplete) return 0;
  return save.state.stoppedParts?.includes(save.position) ? PART_STOPPED : 1;
}

/** The provenance column a book's header writes (null: every part the model's). */
export const provenanceOfState = (state: BookState): string | null =>
  state.provenance && Object.keys(state.provenance).length ? JSON.stringify(state.provenance) : null;

/** The books row a saved step writes (both adapters). */
export function headerOfStep(save: StepSave) {
  return headerOfState({
    bookType: save.bookType,
    generatorId: save.generatorId,
    state: save.state,
    isFinished: save.isFinished,
  });
}

/** The books row of a book's state. */
export function headerOfState(input: { bookType: string; generatorId: string; state: BookState; isFinished: boolean }) {
  const { state } = input;
  return {
    book_type: input.bookType,
    generator_id: input.generatorId,
    lang: state.lang,
    total_chapters: state.totalChapters,
    current_chapter: state.currentChapter,
    settings: JSON.stringify(state.settings),
    character_details: state.characterDetails ?? null,
    memory: state.memory ?? null,
    memory_up_to: state.memoryUpTo ?? null,
    chapter_notes: state.chapterNotes ? JSON.stringify(state.chapterNotes) : null,
    audit_findings: state.auditFindings ? JSON.stringify(state.auditFindings) : null,
    // Provenance says who wrote each part now; the older column is read only (books saved before it).
    authored_parts: null,
    provenance: provenanceOfState(state),
    voice: state.voice ? JSON.stringify(state.voice) : null,
    source: state.source ? JSON.stringify(state.source) : null,
    author: state.author ?? null,
    is_finished: input.isFinished ? 1 : 0,
  };
}

/** "YYYY-MM-DD HH:MM:SS" (UTC), as the text timestamp columns hold it on both databases (migrations/dialect.ts). */
const stampNow = (): string => new Date().toISOString().slice(0, 19).replace('T', ' ');

/**
 * The header's upsert, answering the book's id. Written as SQL rather than with the query builder: it runs at every
 * step, and building this statement costs twenty times compiling it. Both databases read the same text (on Postgres, a
 * later step's inside the WITH of the part's upsert: Conn.runChained).
 */
function upsertHeader(conn: Conn, owner: string, key: string, h: ReturnType<typeof headerOfStep>) {
  return fixedQuery<{ id: number }>(
    conn.db,
  )`INSERT INTO books (owner, book_key, book_type, generator_id, lang, total_chapters, current_chapter, settings,
      character_details, memory, memory_up_to, chapter_notes, audit_findings, authored_parts, provenance, voice,
      source, author, is_finished)
    VALUES (${owner}, ${key}, ${h.book_type}, ${h.generator_id}, ${h.lang}, ${h.total_chapters}, ${h.current_chapter},
      ${h.settings}, ${h.character_details}, ${h.memory}, ${h.memory_up_to}, ${h.chapter_notes}, ${h.audit_findings},
      ${h.authored_parts}, ${h.provenance}, ${h.voice}, ${h.source}, ${h.author}, ${h.is_finished})
    ON CONFLICT (owner, book_key) DO UPDATE SET book_type = excluded.book_type, generator_id = excluded.generator_id,
      lang = excluded.lang, total_chapters = excluded.total_chapters, current_chapter = excluded.current_chapter,
      settings = excluded.settings, character_details = excluded.character_details, memory = excluded.memory,
      memory_up_to = excluded.memory_up_to, chapter_notes = excluded.chapter_notes,
      audit_findings = excluded.audit_findings, authored_parts = excluded.authored_parts,
      provenance = excluded.provenance, voice = excluded.voice, source = COALESCE(excluded.source, books.source),
      author = excluded.author, is_finished = excluded.is_finished, updated_at = ${stampNow()}
    RETURNING id`;
}

/** The part's upsert (SQL for the same reason as the header's). */
function upsertPart(conn: Conn, bookId: number, save: StepSave) {
  return fixedQuery(conn.db)`INSERT INTO book_parts (book_id, position, step, text, is_complete, title)
    VALUES (${bookId}, ${save.position}, ${save.stepKey}, ${save.text}, ${partCompleteness(save)},
      ${save.title ?? null})
    ON CONFLICT (book_id, position) DO UPDATE SET step = excluded.step, text = excluded.text,
      is_complete = excluded.is_complete, title = excluded.title`;
}

/**
 * Save one step of the book under (owner, key): its header, and its part; a first step drops the book's earlier parts
 * and versions. A later step's header and part are saved as one (Conn.runChained: one statement on Postgres, where a
 * queued batch's worker saves every step, a transaction on SQLite); a first step's four statements in a transaction
 * (its part's upsert must see the drop, which a statement's WITH would not). The answers kept for the step
 * (`keptScope`) are dropped with it: in its transaction on SQLite (one commit a step, not two: a kill at any moment
 * leaves the step saved without them or unsaved with them), their own statement after it on Postgres.
 */
export async function saveStep(conn: Conn, owner: string, key: string, save: StepSave): Promise<void> {
  if (!save.keepsProgress) return;
  const header = headerOfStep(save);
  const dropKept = save.keptScope === undefined ? undefined : dropKeptQuery(conn.db, owner, key, save.keptScope);
  if (!save.isFirst)
    return void (await conn.runChained(
      upsertHeader(conn, owner, key, header),
      'id',
      (bookId) => upsertPart(conn, bookId, save),
      dropKept,
    ));
  await conn.transaction(async (conn) => {
    const bookId = (await conn.first(upsertHeader(conn, owner, key, header)))!.id;
    await conn.run(conn.db.deleteFrom('book_parts').where('book_id', '=', bookId));
    await conn.run(clearVersionsQuery(conn.db as unknown as Kysely<VersionsDatabase>, bookId));
    await conn.run(upsertPart(conn, bookId, save));
    if (dropKept) await conn.run(dropKept);
  });
}
