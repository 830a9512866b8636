// part_versions (migrations/books.ts, 0019; the CLI's state file too): the earlier texts of a book's parts,
// kept when a rewrite replaces a part, numbered from 1 per part, the newest MAX_VERSIONS kept.
// Found through the owner's book, so another user's versions are never reachable. The queries the
// repository runs on either database (queries/versions.ts, over a Conn).
import type { Kysely } from 'kysely';
import type { BooksTable } from './schema.js';
import { partProvenanceOf, type PartProvenance } from '../../engine/index.js';

/** Versions kept per part: older ones go when a new one is kept. */
export const MAX_VERSIONS = 10;

export interface PartVersionsTable {
  book_id: number;
  position: number;
  version: number;
  text: string;
  note: string;
  /** How the text came to be (JSON: engine/compile/provenance.ts); null in a row kept before it was recorded. */
  provenance: string | null;
  created_at: string;
}

export interface VersionsDatabase {
  books: BooksTable;
  part_versions: PartVersionsTable;
}

/** One kept version of a part, as the repositories answer it. */
export interface PartVersion {
  readonly position: number;
  readonly version: number;
  readonly text: string;
  readonly note: string;
  /** How the text came to be when it was kept; absent for a version kept before provenance was. */
  readonly provenance?: PartProvenance;
  /** ISO 8601. */
  readonly createdAt: string;
}

export function versionOfRow(
  r: Pick<PartVersionsTable, 'position' | 'version' | 'text' | 'note' | 'provenance' | 'created_at'>,
): PartVersion {
  const stamp = r.created_at.includes('T') ? r.created_at : `${r.created_at.replace(' ', 'T')}Z`;
  const provenance = provenanceOfColumn(r.provenance);
  return {
    position: r.position,
    version: r.version,
    text: r.text,
    note: r.note,
    ...(provenance ? { provenance } : {}),
    createdAt: stamp,
  };
}

/** A version's provenance as kept (JSON), undefined when none or unreadable. */
function provenanceOfColumn(raw: string | null): PartProvenance | undefined {
  if (!raw) return undefined;
  try {
    return partProvenanceOf(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

/** The provenance column of a version row. */
export const provenanceColumn = (provenance: PartProvenance | undefined): string | null =>
  provenance ? JSON.stringify(provenance) : null;

/** The id of the owner's book under `key`. */
export function versionBookIdQuery(db: Kysely<VersionsDatabase>, owner: string, key: string) {
  return db.selectFrom('books').select('id').where('owner', '=', owner).where('book_key', '=', key);
}

/** A part's versions, newest first. */
export function listVersionsQuery(db: Kysely<VersionsDatabase>, bookId: number, position: number) {
  return db
    .selectFrom('part_versions')
    .select(['position', 'version', 'text', 'note', 'provenance', 'created_at'])
    .where('book_id', '=', bookId)
    .where('position', '=', position)
    .orderBy('version', 'desc');
}

export function lastVersionQuery(db: Kysely<VersionsDatabase>, bookId: number, position: number) {
  return db
    .selectFrom('part_versions')
    .select((eb) => eb.fn.max('version').as('last'))
    .where('book_id', '=', bookId)
    .where('position', '=', position);
}

export function insertVersionQuery(
  db: Kysely<VersionsDatabase>,
  row: Omit<PartVersionsTable, 'created_at'> & { created_at: string },
) {
  return db.insertInto('part_versions').values(row);
}

/** Versions past the newest MAX_VERSIONS of a part. */
export function pruneVersionsQuery(db: Kysely<VersionsDatabase>, bookId: number, position: number, newest: number) {
  return db
    .deleteFrom('part_versions')
    .where('book_id', '=', bookId)
    .where('position', '=', position)
    .where('version', '<=', newest - MAX_VERSIONS);
}

export function findVersionQuery(db: Kysely<VersionsDatabase>, bookId: number, position: number, version: number) {
  return db
    .selectFrom('part_versions')
    .select(['position', 'version', 'text', 'note', 'provenance', 'created_at'])
    .where('book_id', '=', bookId)
    .where('position', '=', position)
    .where('version', '=', version);
}

/** Every version of a book (a new book under the same key starts without any). */
export function clearVersionsQuery(db: Kysely<VersionsDatabase>, bookId: number) {
  return db.deleteFrom('part_versions').where('book_id', '=', bookId);
}

/** "YYYY-MM-DD HH:MM:SS" UTC, as the other timestamp columns hold. */
export function versionStamp(now = new Date()): string {
  return now.toISOString().slice(0, 19).replace('T', ' ');
}
