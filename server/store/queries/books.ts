// Saved books and KDP packages, once for both databases: the row-to-book mapping and the book repository's
// use cases (Start New, finished books, hand edits, packages). A step's save is ./step.ts. Loading a book
// and saving its memory are each adapter's hot path (SQLite: statements prepared once; Postgres: the
// queue's workers) and stay in ./sqlite and ./postgres.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { KdpPackage } from '../../../engine/contract/index.js';
import { auditFindingsOf, bookProvenanceOf, bookVoiceOf, chapterNotesOf, type BookState, type BookVoice, type PartProvenance, sourceStatusFrom, type SourceStatus, type SavedBook, type StepSave } from '../../../engine/index.js';
import type { BookRepository, UserBook } from '../ports.js';
import type { BooksDatabase, BooksTable } from '../schema.js';
import type { Conn } from './conn.js';
import { PART_STOPPED, headerOfState, provenanceOfState, saveStep } from './step.js';
import { MAX_VERSIONS, provenanceColumn, insertVersionQuery, lastVersionQuery, pruneVersionsQuery, versionStamp, type VersionsDatabase } from '../versions.js';

/** book_packages (migrations/0009): a server-only table, one zip and its report per book. */
export interface BookPackagesTable {
  book_id: number;
  zip: Uint8Array;
  /** The KdpPackage report as JSON. */
  report: string;
  created_at: string;
}

/** SQLite's CURRENT_TIMESTAMP ("YYYY-MM-DD HH:MM:SS", UTC) as ISO 8601. */
function isoOf(stamp: string): string {
  return stamp.includes('T') ? stamp : `${stamp.replace(' ', 'T')}Z`;
}

/** The parts of a book, in order (every adapter runs this query). */
export function partsOf(books: Kysely<BooksDatabase>, bookId: number) {
  return books.selectFrom('book_parts').select(['position', 'text', 'is_complete', 'title']).where('book_id', '=', bookId).orderBy('position');
}

/** A header row and its parts as the engine's saved book (shared by every adapter). */
export function bookOfRows(row: Selectable<BooksTable>, parts: Array<{ position: number; text: string; is_complete: number; title: string | null }>): SavedBook & { bookType: string } {
  const incompleteParts = parts.filter((p) => p.is_complete === 0).map((p) => p.position);
  const stoppedParts = parts.filter((p) => p.is_complete === PART_STOPPED).map((p) => p.position);
  const chapterTitles = Object.fromEntries(parts.filter((p) => p.title !== null).map((p) => [p.position, p.title!]));
  const outline = parts.find((p) => p.position < 0)?.text;
  const content = parts.filter((p) => p.position >= 0).map((p) => p.text);
  const state: BookState = {
    generatorId: row.generator_id,
    settings: JSON.parse(row.settings) as BookState['settings'],
    lang: row.lang,
    ...(row.author ? { author: row.author } : {}),
    totalChapters: row.total_chapters,
    ...(outline !== undefined ? { outline } : {}),
    content,
    currentChapter: row.current_chapter,
    ...(row.character_details !== null ? { characterDetails: row.character_details } : {}),
    isLocked: content.length > 0,
    ...(incompleteParts.length ? { incompleteParts } : {}),
    ...(stoppedParts.length ? { stoppedParts } : {}),
    ...(Object.keys(chapterTitles).length ? { chapterTitles } : {}),
    ...(row.memory !== null ? { memory: row.memory } : {}),
    ...(row.memory_up_to !== null ? { memoryUpTo: row.memory_up_to } : {}),
    ...(row.chapter_notes ? { chapterNotes: chapterNotesOf(JSON.parse(row.chapter_notes)) } : {}),
    ...(row.audit_findings && auditFindingsOf(JSON.parse(row.audit_findings)) ? { auditFindings: auditFindingsOf(JSON.parse(row.audit_findings))! } : {}),
    ...(intendedOf(row.intended_findings).length ? { intendedFindings: intendedOf(row.intended_findings) } : {}),
    ...(provenanceOfRow(row) ? { provenance: provenanceOfRow(row)! } : {}),
    ...(voiceOf(row.voice) ? { voice: voiceOf(row.voice)! } : {}),
    ...(sourceOfRow(row.source) ? { source: sourceOfRow(row.source)! } : {}),
  };
  return { state, isFinished: row.is_finished === 1, updatedAt: isoOf(row.updated_at), bookType: row.book_type };
}

/** Keep a book's voice (none: `undefined`): its header only; the number of books changed (0 or 1). */
export function voiceUpdate(conn: Conn, owner: string, key: string, voice: BookVoice | undefined): Promise<number | bigint> {
  return conn.run(conn.db.updateTable('books').set({ voice: voice ? JSON.stringify(voice) : null }).where('owner', '=', owner).where('book_key', '=', key));
}

/** The source status as kept (JSON), checked as the engine checks one (undefined: none or unreadable). */
function sourceOfRow(raw: string | null | undefined): SourceStatus | undefined {
  if (!raw) return undefined;
  try {
    return sourceStatusFrom(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

/** The voice as kept (JSON), read as the engine reads a saved one (undefined: none or unreadable). */
function voiceOf(raw: string | null | undefined): BookVoice | undefined {
  if (!raw) return undefined;
  try {
    return bookVoiceOf(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

/**
 * The parts' provenance as kept (JSON); a book saved before it was names its imported parts (`authored_parts`): the
 * writer's.
 */
function provenanceOfRow(row: Pick<Selectable<BooksTable>, 'provenance' | 'authored_parts'>): BookState['provenance'] {
  const parse = (raw: string | null | undefined): unknown => {
    if (!raw) return undefined;
    try {
      return JSON.parse(raw);
    } catch {
      return undefined;
    }
  };
  return bookProvenanceOf(parse(row.provenance), parse(row.authored_parts));
}

/** The intended findings' keys as kept (JSON), anything else dropped. */
function intendedOf(raw: string | null | undefined): string[] {
  if (!raw) return [];
  const list = JSON.parse(raw) as unknown;
  return Array.isArray(list) ? list.filter((k): k is string => typeof k === 'string') : [];
}

/**
 * Kept books. The current book's key is its book type (the CLI's: its settings or job key), never with a
 * colon; "Start New" keeps the current book, finished or not, under `kept:<id>`, with its id, parts and
 * last change unchanged, and a kept book is made current again by taking its book type back ("Continue").
 * A finished book has its introduction written and every step done, so a single tool's saved output is
 * never one.
 */
export const KEPT_PREFIX = 'kept:';

async function userBookOfRow(conn: Conn, row: Selectable<BooksTable>): Promise<UserBook> {
  const parts = await conn.all(partsOf(conn.db, row.id));
  const book = bookOfRows(row, parts);
  // A book that says it is finished but never wrote its introduction (a single tool's output) is not a finished book.
  const isFinished = book.isFinished && parts.some((p) => p.position === 0);
  return { ...book, isFinished, id: row.id, key: row.book_key, isCurrent: !row.book_key.startsWith(KEPT_PREFIX) };
}

/** The key a book is kept under once another takes its place. */
const keptKey = sql<string>`CAST(${KEPT_PREFIX} AS text) || id`;

/**
 * Start anew under (owner, key): the book there, finished or not, is kept (moved to its kept key, same id
 * and parts); nothing is deleted. True when there was a book.
 */
async function startNewBook(conn: Conn, owner: string, key: string): Promise<boolean> {
  return (await conn.run(conn.db.updateTable('books').set({ book_key: keptKey }).where('owner', '=', owner).where('book_key', '=', key))) > 0;
}

/**
 * An imported manuscript as the owner's current book under `key` (the book there before kept), in one transaction; its
 * id.
 */
export function importBook(conn: Conn, owner: string, key: string, saves: readonly StepSave[]): Promise<number> {
  return conn.transaction(async (conn) => {
    await startNewBook(conn, owner, key);
    for (const save of saves) await saveStep(conn, owner, key, save);
    return (await conn.first(conn.db.selectFrom('books').select('id').where('owner', '=', owner).where('book_key', '=', key)))!.id;
  });
}

/**
 * A book with nothing written yet as the owner's current book under `key` (the book there before kept), in one
 * transaction: its settings saved, so that it is one of the owner's books from now on (a series' next book). Its id.
 */
function draftBook(conn: Conn, owner: string, input: { key: string; bookType: string; generatorId: string; state: BookState }): Promise<number> {
  return conn.transaction(async (conn) => {
    await startNewBook(conn, owner, input.key);
    await conn.run(conn.db.insertInto('books').values({ owner, book_key: input.key, ...headerOfState({ ...input, isFinished: false }) }));
    return (await conn.first(conn.db.selectFrom('books').select('id').where('owner', '=', owner).where('book_key', '=', input.key)))!.id;
  });
}

/**
 * "Continue" a book by id: it takes its book type back as its key (the current book of its type), and the
 * book that was current there is kept. The book type, or null when the owner has no such book.
 */
function continueBook(conn: Conn, owner: string, id: number): Promise<string | null> {
  return conn.transaction(async (conn) => {
    const row = await conn.first(conn.db.selectFrom('books').select(['id', 'book_key', 'book_type']).where('id', '=', id).where('owner', '=', owner));
    if (!row) return null;
    if (row.book_key === row.book_type) return row.book_type;
    await conn.run(conn.db.updateTable('books').set({ book_key: keptKey }).where('owner', '=', owner).where('book_key', '=', row.book_type));
    await conn.run(conn.db.updateTable('books').set({ book_key: row.book_type }).where('id', '=', row.id));
    return row.book_type;
  });
}

/**
 * A part edited by hand: its text (complete now) and the header's character details and memory from the
 * edited state, in one transaction (the book's finishing time stays). False when the book or the part is missing.
 */
function writePartEdit(conn: Conn, owner: string, key: string, edit: { position: number; text: string; state: BookState; keep?: { text: string; note?: string; provenance?: PartProvenance } }): Promise<boolean | number> {
  const { state } = edit;
  return conn.transaction(async (conn) => {
    const row = await conn.first(conn.db.selectFrom('books').select('id').where('owner', '=', owner).where('book_key', '=', key));
    if (!row) return false;
    const changed = await conn.run(conn.db.updateTable('book_parts').set({ text: edit.text, is_complete: 1 }).where('book_id', '=', row.id).where('position', '=', edit.position));
    if (changed === 0) return false;
    await conn.run(conn.db.updateTable('books').set({ character_details: state.characterDetails ?? null, memory: state.memory ?? null, memory_up_to: state.memoryUpTo ?? null, authored_parts: null, provenance: provenanceOfState(state) }).where('id', '=', row.id));
    if (!edit.keep) return true;
    // The text it replaced, kept as the part's newest version in the same transaction (a passage Keep).
    const versions = conn.db as unknown as Kysely<VersionsDatabase>;
    const last = Number((await conn.first(lastVersionQuery(versions, row.id, edit.position)))?.last ?? 0);
    const version = last + 1;
    await conn.run(insertVersionQuery(versions, { book_id: row.id, position: edit.position, version, text: edit.keep.text, note: edit.keep.note ?? '', provenance: provenanceColumn(edit.keep.provenance), created_at: versionStamp() }));
    if (version > MAX_VERSIONS) await conn.run(pruneVersionsQuery(versions, row.id, edit.position, version));
    return version;
  });
}

/**
 * The outline shaped as chapters: its text, and the header's chapter count and notes, in one transaction
 * (the book's finishing time stays). False when the book or its outline is missing.
 */
function writeOutlineEdit(conn: Conn, owner: string, key: string, edit: { outline: string; state: BookState }): Promise<boolean> {
  const { state } = edit;
  return conn.transaction(async (conn) => {
    const row = await conn.first(conn.db.selectFrom('books').select('id').where('owner', '=', owner).where('book_key', '=', key));
    if (!row) return false;
    const changed = await conn.run(conn.db.updateTable('book_parts').set({ text: edit.outline, is_complete: 1 }).where('book_id', '=', row.id).where('position', '=', -1));
    if (changed === 0) return false;
    await conn.run(conn.db.updateTable('books').set({ total_chapters: state.totalChapters, chapter_notes: JSON.stringify(state.chapterNotes ?? {}) }).where('id', '=', row.id));
    return true;
  });
}

/** Keep (or replace) the package of one of the owner's books; false when the owner has no such book. */
function savePackage(conn: Conn, input: { owner: string; bookId: number; zip: Uint8Array; report: KdpPackage }): Promise<boolean> {
  const { owner, bookId, zip, report } = input;
  const packages = conn.db.withTables<{ book_packages: BookPackagesTable }>();
  return conn.transaction(async (conn) => {
    if (!(await conn.first(conn.db.selectFrom('books').select('id').where('id', '=', bookId).where('owner', '=', owner)))) return false;
    const row = { zip: Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength), report: JSON.stringify(report), created_at: report.created_at };
    await conn.run(packages.insertInto('book_packages').values({ book_id: bookId, ...row }).onConflict((oc) => oc.column('book_id').doUpdateSet(row)));
    // The package's day in the release plan (a report without one took the day it was made).
    const day = { publish_on: report.publish_on ?? report.created_at.slice(0, 10) };
    await conn.run(conn.db.insertInto('book_releases').values({ book_id: bookId, ...day }).onConflict((oc) => oc.column('book_id').doUpdateSet(day)));
    return true;
  });
}

/** Keep (or replace) the release day of one of the owner's books; false when the owner has no such book. */
function keepRelease(conn: Conn, input: { owner: string; bookId: number; publishOn: string }): Promise<boolean> {
  const { owner, bookId, publishOn } = input;
  return conn.transaction(async (conn) => {
    if (!(await conn.first(conn.db.selectFrom('books').select('id').where('id', '=', bookId).where('owner', '=', owner)))) return false;
    await conn.run(conn.db.insertInto('book_releases').values({ book_id: bookId, publish_on: publishOn }).onConflict((oc) => oc.column('book_id').doUpdateSet({ publish_on: publishOn })));
    return true;
  });
}

/** The book repository; `hot`: the adapter's own load and memory save. */
export function bookRepository(conn: Conn, hot: Pick<BookRepository, 'load' | 'saveMemory'>): BookRepository {
  const withPackages = conn.db.withTables<{ book_packages: BookPackagesTable }>();
  const packageOf = (owner: string, key: string) =>
    withPackages.selectFrom('book_packages').innerJoin('books', 'books.id', 'book_packages.book_id').where('books.owner', '=', owner).where('books.book_key', '=', key);
  return {
    ...hot,
    savePartEdit: async ({ userId, key, position, text, state }) => (await writePartEdit(conn, userId, key, { position, text, state })) !== false,
    saveChapterTitle: async ({ userId, key, position, title }) => {
      const row = await conn.first(conn.db.selectFrom('books').select('id').where('owner', '=', userId).where('book_key', '=', key));
      return !!row && (await conn.run(conn.db.updateTable('book_parts').set({ title }).where('book_id', '=', row.id).where('position', '=', position))) > 0;
    },
    savePartEditKeeping: async ({ userId, key, position, text, state, previous }) => {
      const kept = await writePartEdit(conn, userId, key, { position, text, state, keep: previous });
      return typeof kept === 'number' ? kept : null;
    },
    saveOutlineEdit: ({ userId, key, outline, state }) => writeOutlineEdit(conn, userId, key, { outline, state }),
    saveVoice: async ({ userId, key, voice }) => Number(await voiceUpdate(conn, userId, key, voice)) > 0,
    saveSource: async ({ userId, key, source }) => Number(await conn.run(conn.db.updateTable('books').set({ source: JSON.stringify(source) }).where('owner', '=', userId).where('book_key', '=', key))) > 0,
    saveAuthor: async ({ userId, key, author }) => Number(await conn.run(conn.db.updateTable('books').set({ author: author.trim().slice(0, 100) || null }).where('owner', '=', userId).where('book_key', '=', key))) > 0,
    saveSettings: async ({ userId, key, settings }) => Number(await conn.run(conn.db.updateTable('books').set({ settings: JSON.stringify(settings) }).where('owner', '=', userId).where('book_key', '=', key))) > 0,
    saveChapterCount: async ({ userId, key, totalChapters, settings }) => Number(await conn.run(conn.db.updateTable('books').set({ total_chapters: totalChapters, settings: JSON.stringify(settings) }).where('owner', '=', userId).where('book_key', '=', key))) > 0,
    saveIntendedFindings: async ({ userId, key, keys }) => {
      const done = await conn.run(conn.db.updateTable('books').set({ intended_findings: keys.length ? JSON.stringify(keys) : null }).where('owner', '=', userId).where('book_key', '=', key));
      return Number(done) > 0;
    },
    remove: ({ userId, key }) => startNewBook(conn, userId, key),
    saveImport: ({ userId, key, saves }) => importBook(conn, userId, key, saves),
    saveDraft: ({ userId, key, bookType, generatorId, state }) => draftBook(conn, userId, { key, bookType, generatorId, state }),
    // The owner's books (current and kept, finished or not), the most recently changed first.
    list: ({ userId }) =>
      (async () => {
        const rows = await conn.all(conn.db.selectFrom('books').selectAll().where('owner', '=', userId).orderBy('updated_at', 'desc').orderBy('id', 'desc'));
        const books: UserBook[] = [];
        for (const row of rows) books.push(await userBookOfRow(conn, row));
        return books;
      })(),
    find: ({ userId, id }) =>
      (async () => {
        const row = await conn.first(conn.db.selectFrom('books').selectAll().where('id', '=', id).where('owner', '=', userId));
        return row ? await userBookOfRow(conn, row) : null;
      })(),
    removeById: async ({ userId, id }) => (await conn.run(conn.db.deleteFrom('books').where('id', '=', id).where('owner', '=', userId))) > 0,
    continueBook: ({ userId, id }) => continueBook(conn, userId, id),
    findBookId: async ({ userId, key }) => (await conn.first(conn.db.selectFrom('books').select('id').where('owner', '=', userId).where('book_key', '=', key)))?.id ?? null,
    savePackage: ({ userId, bookId, zip, report }) => savePackage(conn, { owner: userId, bookId, zip, report }),
    countPackagesSince: async ({ userId, since }) => Number((await conn.first(
      withPackages.selectFrom('book_packages').innerJoin('books', 'books.id', 'book_packages.book_id').where('books.owner', '=', userId)
        .where('book_packages.created_at', '>=', since).select((e) => e.fn.countAll<number>().as('n')),
    ))?.n ?? 0),
    releaseDaysFrom: async ({ userId, from, exceptBookIds }) => {
      let query = conn.db.selectFrom('book_releases').innerJoin('books', 'books.id', 'book_releases.book_id').where('books.owner', '=', userId).where('book_releases.publish_on', '>=', from);
      if (exceptBookIds?.length) query = query.where('book_releases.book_id', 'not in', [...exceptBookIds]);
      const rows = await conn.all(query.select('book_releases.publish_on'));
      const days: Record<string, number> = {};
      for (const row of rows) days[row.publish_on] = (days[row.publish_on] ?? 0) + 1;
      return days;
    },
    keepRelease: ({ userId, bookId, publishOn }) => keepRelease(conn, { owner: userId, bookId, publishOn }),
    findPackage: async ({ userId, key }) => {
      const row = await conn.first(packageOf(userId, key).select('book_packages.report'));
      return row ? (JSON.parse(row.report) as KdpPackage) : null;
    },
    packageZip: async ({ userId, key }) => {
      const row = await conn.first(packageOf(userId, key).select(['book_packages.zip', 'book_packages.report']));
      return row ? { zip: new Uint8Array(row.zip), report: JSON.parse(row.report) as KdpPackage } : null;
    },
  };
}
