// A part's earlier texts on SQLite (part_versions; queries in ../versions.ts), for the server and the CLI's
// state file alike.
import type { Kysely } from 'kysely';
import type { VersionRepository } from '../ports.js';
import { MAX_VERSIONS, provenanceColumn, findVersionQuery, insertVersionQuery, lastVersionQuery, listVersionsQuery, pruneVersionsQuery, versionBookIdQuery, versionOfRow, versionStamp, type VersionsDatabase } from '../versions.js';
import type { Store } from './store.js';
import type { PartProvenance } from '../../../engine/index.js';
import { exclusiveMethods } from './exclusive.js';

/** Keep `text` as the newest version of a part of book `bookId` (in one transaction); answers its number. */
function keepVersionSync(runner: Store, bookId: number, input: { position: number; text: string; note?: string; provenance?: PartProvenance }): number {
  const db = runner.db as Kysely<VersionsDatabase>;
  return runner.transaction(() => {
    const last = Number(runner.first(lastVersionQuery(db, bookId, input.position))?.last ?? 0);
    const version = last + 1;
    runner.run(insertVersionQuery(db, { book_id: bookId, position: input.position, version, text: input.text, note: input.note ?? '', provenance: provenanceColumn(input.provenance), created_at: versionStamp() }));
    if (version > MAX_VERSIONS) runner.run(pruneVersionsQuery(db, bookId, input.position, version));
    return version;
  });
}

/** The versions on `runner`, each method run once nobody else holds the connection. */
export function sqliteVersions(runner: Store): VersionRepository {
  return exclusiveMethods(runner, versionsOn(runner));
}

function versionsOn(runner: Store): VersionRepository {
  const db = runner.db as Kysely<VersionsDatabase>;
  const bookId = (owner: string, key: string) => runner.first(versionBookIdQuery(db, owner, key))?.id ?? null;
  return {
    list: async ({ userId, key, position }) => {
      const id = bookId(userId, key);
      return id === null ? [] : runner.all(listVersionsQuery(db, id, position)).map(versionOfRow);
    },
    keep: async ({ userId, key, position, text, note, provenance }) => {
      const id = bookId(userId, key);
      return id === null ? null : keepVersionSync(runner, id, { position, text, ...(note ? { note } : {}), ...(provenance ? { provenance } : {}) });
    },
    find: async ({ userId, key, position, version }) => {
      const id = bookId(userId, key);
      const row = id === null ? undefined : runner.first(findVersionQuery(db, id, position, version));
      return row ? versionOfRow(row) : null;
    },
  };
}
