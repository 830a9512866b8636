// The answers of a step (or a story-bible update) not saved yet, shared by the server's database and the CLI's
// state file: each kept the moment it arrives, under its book's owner and key (the book may not exist yet: an
// outline's answer comes before the book's first save), the step it belongs to and the request it answers. A
// process killed before the step is saved is given them back when it asks the same again, instead of paying
// for them twice; the step's save drops them.
import type { Kysely } from 'kysely';
import { autoId, defaultNow } from './dialect.js';

export async function createKeptAnswers(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('kept_answers')
    .addColumn('id', ...autoId(db))
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('book_key', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('kept_at', 'text', defaultNow(db))
    .execute();
  await db.schema.createIndex('kept_answers_book').on('kept_answers').columns(['owner', 'book_key', 'scope']).execute();
}

export async function dropKeptAnswers(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('kept_answers').execute();
}
