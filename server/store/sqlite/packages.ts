// KDP packages on SQLite (book_packages, migrations/0009): one zip and its report per book, found through
// the owner's book so another user's package is never reachable.
import type { Kysely } from 'kysely';
import type { KdpPackage } from '../../../engine/contract/index.js';
import type { BooksTable } from '../schema.js';
import type { SyncSql } from './books.js';

/** book_packages; a server-only table, so its type lives with its only adapter. */
export interface BookPackagesTable {
  book_id: number;
  zip: Uint8Array;
  /** The KdpPackage report as JSON. */
  report: string;
  created_at: string;
}

interface PackagesDatabase {
  books: BooksTable;
  book_packages: BookPackagesTable;
}

function db(runner: SyncSql): Kysely<PackagesDatabase> {
  return runner.db as Kysely<PackagesDatabase>;
}

/** The id of the owner's book under `key`, or null. */
export function findBookId(runner: SyncSql, owner: string, key: string): number | null {
  return runner.first(db(runner).selectFrom('books').select('id').where('owner', '=', owner).where('book_key', '=', key))?.id ?? null;
}

/** Keep (or replace) the package of one of the owner's books; false when the owner has no such book. */
export function savePackage(runner: SyncSql, input: { owner: string; bookId: number; zip: Uint8Array; report: KdpPackage }): boolean {
  const { owner, bookId, zip, report } = input;
  return runner.transaction(() => {
    if (!runner.first(db(runner).selectFrom('books').select('id').where('id', '=', bookId).where('owner', '=', owner))) return false;
    const row = { zip: Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength), report: JSON.stringify(report), created_at: report.created_at };
    runner.run(db(runner).insertInto('book_packages').values({ book_id: bookId, ...row }).onConflict((oc) => oc.column('book_id').doUpdateSet(row)));
    return true;
  });
}

const packageOf = (runner: SyncSql, owner: string, key: string) =>
  db(runner).selectFrom('book_packages').innerJoin('books', 'books.id', 'book_packages.book_id').where('books.owner', '=', owner).where('books.book_key', '=', key);

/** The report of the package of the owner's book under `key`, or null. */
export function findPackage(runner: SyncSql, owner: string, key: string): KdpPackage | null {
  const row = runner.first(packageOf(runner, owner, key).select('book_packages.report'));
  return row ? (JSON.parse(row.report) as KdpPackage) : null;
}

/** The zip and report of that package, or null. */
export function packageZip(runner: SyncSql, owner: string, key: string): { zip: Uint8Array; report: KdpPackage } | null {
  const row = runner.first(packageOf(runner, owner, key).select(['book_packages.zip', 'book_packages.report']));
  return row ? { zip: row.zip, report: JSON.parse(row.report) as KdpPackage } : null;
}
