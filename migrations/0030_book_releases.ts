// Every book's day in its owner's release plan (migrations/releases.ts), filled from the packages kept
// before it: each package's report says its day (publish_on), or it took the day it was made.
import { sql, type Kysely } from 'kysely';
import { createReleaseTable, dropReleaseTable } from './releases.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await createReleaseTable(db);
  const kept = await sql<{
    book_id: number;
    report: string;
    created_at: string;
  }>`select book_id, report, created_at from book_packages`.execute(db);
  for (const row of kept.rows) {
    const day = (JSON.parse(row.report) as { publish_on?: string | null }).publish_on ?? row.created_at.slice(0, 10);
    await sql`insert into book_releases (book_id, publish_on) values (${row.book_id}, ${day})`.execute(db);
  }
}

export const down = dropReleaseTable;
