// Near-duplicate fingerprints (engine/publish/near-duplicate.ts), shared by the server's database and the CLI's
// state file: one row per finished book of an owner, by the key it is saved under, with its title, its
// MinHash fingerprint (JSON, about 1.3 KB) and when it was first kept (a book is too close only to books kept
// before it: the later one is the copy), so a new book is compared with the owner's others without reading their texts.
import type { Kysely } from 'kysely';
import { defaultNow } from './dialect.js';

export async function createFingerprintTable(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('book_fingerprints')
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('book_key', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('kept_at', 'text', defaultNow(db))
    .addPrimaryKeyConstraint('book_fingerprints_pk', ['owner', 'book_key'])
    .execute();
}

export async function dropFingerprintTable(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('book_fingerprints').execute();
}
