// A part's earlier texts on Postgres (part_versions; queries in ../versions.ts).
import type { Kysely } from 'kysely';
import type { VersionRepository } from '../ports.js';
import { MAX_VERSIONS, provenanceColumn, findVersionQuery, insertVersionQuery, lastVersionQuery, listVersionsQuery, pruneVersionsQuery, versionBookIdQuery, versionOfRow, versionStamp, type VersionsDatabase } from '../versions.js';

export function postgresVersions(pool: Kysely<unknown>): VersionRepository {
  const db = pool as unknown as Kysely<VersionsDatabase>;
  const bookId = async (owner: string, key: string) => (await versionBookIdQuery(db, owner, key).executeTakeFirst())?.id ?? null;
  return {
    list: async ({ userId, key, position }) => {
      const id = await bookId(userId, key);
      return id === null ? [] : (await listVersionsQuery(db, id, position).execute()).map(versionOfRow);
    },
    keep: async ({ userId, key, position, text, note, provenance }) => {
      const id = await bookId(userId, key);
      if (id === null) return null;
      // One writer of a book at a time (the book's lock); the primary key refuses a duplicate number anyway.
      return db.transaction().execute(async (trx) => {
        const last = Number((await lastVersionQuery(trx, id, position).executeTakeFirst())?.last ?? 0);
        const version = last + 1;
        await insertVersionQuery(trx, { book_id: id, position, version, text, note: note ?? '', provenance: provenanceColumn(provenance), created_at: versionStamp() }).execute();
        if (version > MAX_VERSIONS) await pruneVersionsQuery(trx, id, position, version).execute();
        return version;
      });
    },
    find: async ({ userId, key, position, version }) => {
      const id = await bookId(userId, key);
      const row = id === null ? undefined : await findVersionQuery(db, id, position, version).executeTakeFirst();
      return row ? versionOfRow(row) : null;
    },
  };
}
