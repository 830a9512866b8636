// A part's earlier texts (part_versions; the queries in ../versions.ts), written once over a Conn for both
// databases, the server's and the CLI's state file alike.
import type { Kysely } from 'kysely';
import type { VersionRepository } from '../ports.js';
import {
  MAX_VERSIONS,
  provenanceColumn,
  findVersionQuery,
  insertVersionQuery,
  lastVersionQuery,
  listVersionsQuery,
  pruneVersionsQuery,
  versionBookIdQuery,
  versionOfRow,
  versionStamp,
  type VersionsDatabase,
} from '../versions.js';
import type { Conn } from './conn.js';

export function versionRepository(conn: Conn): VersionRepository {
  const db = conn.db as unknown as Kysely<VersionsDatabase>;
  const bookId = async (owner: string, key: string) =>
    (await conn.first(versionBookIdQuery(db, owner, key)))?.id ?? null;
  return {
    list: async ({ userId, key, position }) => {
      const id = await bookId(userId, key);
      return id === null ? [] : (await conn.all(listVersionsQuery(db, id, position))).map(versionOfRow);
    },
    keep: async ({ userId, key, position, text, note, provenance }) => {
      const id = await bookId(userId, key);
      if (id === null) return null;
      // One writer of a book at a time (the book's lock); the primary key refuses a duplicate number anyway.
      return conn.transaction(async (conn) => {
        const last = Number((await conn.first(lastVersionQuery(db, id, position)))?.last ?? 0);
        const version = last + 1;
        await conn.run(
          insertVersionQuery(db, {
            book_id: id,
            position,
            version,
            text,
            note: note ?? '',
            provenance: provenanceColumn(provenance),
            created_at: versionStamp(),
          }),
        );
        if (version > MAX_VERSIONS) await conn.run(pruneVersionsQuery(db, id, position, version));
        return version;
      });
    },
    find: async ({ userId, key, position, version }) => {
      const id = await bookId(userId, key);
      const row = id === null ? undefined : await conn.first(findVersionQuery(db, id, position, version));
      return row ? versionOfRow(row) : null;
    },
  };
}
