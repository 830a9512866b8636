// A book's KDP package and its release day, once for both databases: the package kept (one zip and its report
// per book, its day in the release plan beside it), and the book repository's package and release use cases.
import type { KdpPackage } from '../../../engine/contract/index.js';
import type { BookRepository } from '../ports.js';
import type { Conn } from './conn.js';

/** book_packages (migrations/0009): a server-only table, one zip and its report per book. */
export interface BookPackagesTable {
  book_id: number;
  zip: Uint8Array;
  /** The KdpPackage report as JSON. */
  report: string;
  created_at: string;
}

/** Keep (or replace) the package of one of the owner's books; false when the owner has no such book. */
function savePackage(
  conn: Conn,
  input: { owner: string; bookId: number; zip: Uint8Array; report: KdpPackage },
): Promise<boolean> {
  const { owner, bookId, zip, report } = input;
  const packages = conn.db.withTables<{ book_packages: BookPackagesTable }>();
  return conn.transaction(async (conn) => {
    if (
      !(await conn.first(conn.db.selectFrom('books').select('id').where('id', '=', bookId).where('owner', '=', owner)))
    )
      return false;
    const row = {
      zip: Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength),
      report: JSON.stringify(report),
      created_at: report.created_at,
    };
    await conn.run(
      packages
        .insertInto('book_packages')
        .values({ book_id: bookId, ...row })
        .onConflict((oc) => oc.column('book_id').doUpdateSet(row)),
    );
    // The package's day in the release plan (a report without one took the day it was made).
    const day = { publish_on: report.publish_on ?? report.created_at.slice(0, 10) };
    await conn.run(
      conn.db
        .insertInto('book_releases')
        .values({ book_id: bookId, ...day })
        .onConflict((oc) => oc.column('book_id').doUpdateSet(day)),
    );
    return true;
  });
}

/** Keep (or replace) the release day of one of the owner's books; false when the owner has no such book. */
function keepRelease(conn: Conn, input: { owner: string; bookId: number; publishOn: string }): Promise<boolean> {
  const { owner, bookId, publishOn } = input;
  return conn.transaction(async (conn) => {
    if (
      !(await conn.first(conn.db.selectFrom('books').select('id').where('id', '=', bookId).where('owner', '=', owner)))
    )
      return false;
    await conn.run(
      conn.db
        .insertInto('book_releases')
        .values({ book_id: bookId, publish_on: publishOn })
        .onConflict((oc) => oc.column('book_id').doUpdateSet({ publish_on: publishOn })),
    );
    return true;
  });
}

/** The book repository's packages and release days. */
export function packageUseCases(
  conn: Conn,
): Pick<
  BookRepository,
  'savePackage' | 'countPackagesSince' | 'releaseDaysFrom' | 'keepRelease' | 'findPackage' | 'packageZip'
> {
  const withPackages = conn.db.withTables<{ book_packages: BookPackagesTable }>();
  const packageOf = (owner: string, key: string) =>
    withPackages
      .selectFrom('book_packages')
      .innerJoin('books', 'books.id', 'book_packages.book_id')
      .where('books.owner', '=', owner)
      .where('books.book_key', '=', key);
  return {
    savePackage: ({ userId, bookId, zip, report }) => savePackage(conn, { owner: userId, bookId, zip, report }),
    countPackagesSince: async ({ userId, since }) =>
      Number(
        (
          await conn.first(
            withPackages
              .selectFrom('book_packages')
              .innerJoin('books', 'books.id', 'book_packages.book_id')
              .where('books.owner', '=', userId)
              .where('book_packages.created_at', '>=', since)
              .select((e) => e.fn.countAll<number>().as('n')),
          )
        )?.n ?? 0,
      ),
    releaseDaysFrom: async ({ userId, from, exceptBookIds }) => {
      let query = conn.db
        .selectFrom('book_releases')
        .innerJoin('books', 'books.id', 'book_releases.book_id')
        .where('books.owner', '=', userId)
        .where('book_releases.publish_on', '>=', from);
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
