// A saved book's edits, once for both databases: a part or the outline edited by hand (the replaced text kept as a
// version when asked), a chapter's title, and the saves of one column of the book's header (voice, source, author,
// settings, chapter count, intended findings).
import type { Kysely, Updateable } from 'kysely';
import type { BookState, BookVoice, PartProvenance } from '../../../engine/index.js';
import type { BookRepository } from '../ports.js';
import type { Conn } from './conn.js';
import type { BooksTable } from '../schema.js';
import { provenanceOfState } from './step.js';
import {
  MAX_VERSIONS,
  provenanceColumn,
  insertVersionQuery,
  lastVersionQuery,
  pruneVersionsQuery,
  versionStamp,
  type VersionsDatabase,
} from '../versions.js';

/** One book's header row updated: the number of books changed (0 or 1). */
function headerUpdate(conn: Conn, owner: string, key: string, set: Updateable<BooksTable>): Promise<number | bigint> {
  return conn.run(conn.db.updateTable('books').set(set).where('owner', '=', owner).where('book_key', '=', key));
}

/** Keep a book's voice (none: `undefined`): its header only; the number of books changed (0 or 1). */
export function voiceUpdate(
  conn: Conn,
  owner: string,
  key: string,
  voice: BookVoice | undefined,
): Promise<number | bigint> {
  return headerUpdate(conn, owner, key, { voice: voice ? JSON.stringify(voice) : null });
}

/**
 * A part's text saved as complete (inside the caller's transaction): the book's row, or null when the book or the
 * part is missing. The part edit and the outline edit (the part at position -1) both start with it.
 */
async function savedPartText(
  conn: Conn,
  owner: string,
  key: string,
  position: number,
  text: string,
): Promise<{ id: number } | null> {
  const row = await conn.first(
    conn.db.selectFrom('books').select('id').where('owner', '=', owner).where('book_key', '=', key),
  );
  if (!row) return null;
  const changed = await conn.run(
    conn.db
      .updateTable('book_parts')
      .set({ text, is_complete: 1 })
      .where('book_id', '=', row.id)
      .where('position', '=', position),
  );
  return changed === 0 ? null : row;
}

/**
 * A part edited by hand: its text (complete now) and the header's character details and memory from the
 * edited state, in one transaction (the book's finishing time stays). False when the book or the part is missing.
 */
function writePartEdit(
  conn: Conn,
  owner: string,
  key: string,
  edit: {
    position: number;
    text: string;
    state: BookState;
    keep?: { text: string; note?: string; provenance?: PartProvenance };
  },
): Promise<boolean | number> {
  const { state } = edit;
  return conn.transaction(async (conn) => {
    const row = await savedPartText(conn, owner, key, edit.position, edit.text);
    if (!row) return false;
    await conn.run(
      conn.db
        .updateTable('books')
        .set({
          character_details: state.characterDetails ?? null,
          memory: state.memory ?? null,
          memory_up_to: state.memoryUpTo ?? null,
          authored_parts: null,
          provenance: provenanceOfState(state),
        })
        .where('id', '=', row.id),
    );
    if (!edit.keep) return true;
    // The text it replaced, kept as the part's newest version in the same transaction (a passage Keep).
    const versions = conn.db as unknown as Kysely<VersionsDatabase>;
    const last = Number((await conn.first(lastVersionQuery(versions, row.id, edit.position)))?.last ?? 0);
    const version = last + 1;
    await conn.run(
      insertVersionQuery(versions, {
        book_id: row.id,
        position: edit.position,
        version,
        text: edit.keep.text,
        note: edit.keep.note ?? '',
        provenance: provenanceColumn(edit.keep.provenance),
        created_at: versionStamp(),
      }),
    );
    if (version > MAX_VERSIONS) await conn.run(pruneVersionsQuery(versions, row.id, edit.position, version));
    return version;
  });
}

/**
 * The outline shaped as chapters: its text, and the header's chapter count and notes, in one transaction
 * (the book's finishing time stays). False when the book or its outline is missing.
 */
function writeOutlineEdit(
  conn: Conn,
  owner: string,
  key: string,
  edit: { outline: string; state: BookState },
): Promise<boolean> {
  const { state } = edit;
  return conn.transaction(async (conn) => {
    // The outline is the part at position -1.
    const row = await savedPartText(conn, owner, key, -1, edit.outline);
    if (!row) return false;
    await conn.run(
      conn.db
        .updateTable('books')
        .set({ total_chapters: state.totalChapters, chapter_notes: JSON.stringify(state.chapterNotes ?? {}) })
        .where('id', '=', row.id),
    );
    return true;
  });
}

/** The saves of one column of a book's header (its voice, source, author, settings…): true when the book is there. */
function headerSaves(
  conn: Conn,
): Pick<
  BookRepository,
  'saveVoice' | 'saveSource' | 'saveAuthor' | 'saveSettings' | 'saveChapterCount' | 'saveIntendedFindings'
> {
  const saved = async (owner: string, key: string, set: Updateable<BooksTable>) =>
    Number(await headerUpdate(conn, owner, key, set)) > 0;
  return {
    saveVoice: async ({ userId, key, voice }) => Number(await voiceUpdate(conn, userId, key, voice)) > 0,
    saveSource: ({ userId, key, source }) => saved(userId, key, { source: JSON.stringify(source) }),
    saveAuthor: ({ userId, key, author }) => saved(userId, key, { author: author.trim().slice(0, 100) || null }),
    saveSettings: ({ userId, key, settings }) => saved(userId, key, { settings: JSON.stringify(settings) }),
    saveChapterCount: ({ userId, key, totalChapters, settings }) =>
      saved(userId, key, { total_chapters: totalChapters, settings: JSON.stringify(settings) }),
    saveIntendedFindings: ({ userId, key, keys }) =>
      saved(userId, key, { intended_findings: keys.length ? JSON.stringify(keys) : null }),
  };
}

/** The book repository's hand edits and header saves. */
export function editUseCases(
  conn: Conn,
): Pick<
  BookRepository,
  | 'savePartEdit'
  | 'saveChapterTitle'
  | 'savePartEditKeeping'
  | 'saveOutlineEdit'
  | 'saveVoice'
  | 'saveSource'
  | 'saveAuthor'
  | 'saveSettings'
  | 'saveChapterCount'
  | 'saveIntendedFindings'
> {
  return {
    ...headerSaves(conn),
    savePartEdit: async ({ userId, key, position, text, state }) =>
      (await writePartEdit(conn, userId, key, { position, text, state })) !== false,
    saveChapterTitle: async ({ userId, key, position, title }) => {
      const row = await conn.first(
        conn.db.selectFrom('books').select('id').where('owner', '=', userId).where('book_key', '=', key),
      );
      return (
        !!row &&
        (await conn.run(
          conn.db
            .updateTable('book_parts')
            .set({ title })
            .where('book_id', '=', row.id)
            .where('position', '=', position),
        )) > 0
      );
    },
    savePartEditKeeping: async ({ userId, key, position, text, state, previous }) => {
      const kept = await writePartEdit(conn, userId, key, { position, text, state, keep: previous });
      return typeof kept === 'number' ? kept : null;
    },
    saveOutlineEdit: ({ userId, key, outline, state }) => writeOutlineEdit(conn, userId, key, { outline, state }),
  };
}
