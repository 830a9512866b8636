// A bible part's generation as it ends, once for both databases (the hold itself: ./bible-holds.ts): a part read
// and committed is marked paid, a call that did not read its part gives its credits back into the hold, and one cut
// off after its part was saved is kept as paid.
import { holdsOf, positionOfStep } from './bible-holds.js';
import { nowIso, type Conn } from './conn.js';

/**
 * A bible part's generation that is no longer to run (failed, or cut off by a stop): when the bible holds its part
 * all the same (the server stopped after the part was saved, before its commit), it is kept as paid; answers true then.
 */
export async function keepReadPart(
  conn: Conn,
  row: {
    id: string;
    user_id: string;
    generator_id: string;
    step: string;
    credits_charged: number;
    bible_book_id: number | null;
  },
): Promise<boolean> {
  if (row.bible_book_id === null) return false;
  const position = positionOfStep(row.step);
  const book = await conn.first(conn.db.selectFrom('books').select('memory_up_to').where('id', '=', row.bible_book_id));
  if (!book || (book.memory_up_to ?? -1) < position) return false;
  await markPaid(conn, row.bible_book_id, position);
  const hold = await conn.first(
    holdsOf(conn).selectFrom('bible_holds').select('prompt_type').where('book_id', '=', row.bible_book_id),
  );
  const metadata = {
    generator: row.generator_id,
    step: row.step,
    after: 'import',
    generation: row.id,
    recovered: true,
  };
  await conn.run(
    conn.db.insertInto('usage_records').values({
      user_id: row.user_id,
      prompt_type: hold?.prompt_type ?? row.generator_id,
      credits_used: row.credits_charged,
      metadata: JSON.stringify(metadata),
      created_at: nowIso(),
    }),
  );
  await conn.run(
    conn.db.updateTable('generations').set({ status: 'succeeded', finished_at: nowIso() }).where('id', '=', row.id),
  );
  return true;
}

/** The part at the generation's position read and paid for (a committed bible part). */
export async function markPaid(conn: Conn, bookId: number, position: number): Promise<void> {
  await conn.run(
    holdsOf(conn)
      .updateTable('bible_holds')
      .set({ paid_up_to: position })
      .where('book_id', '=', bookId)
      .where('paid_up_to', '<', position),
  );
}

/** A bible part's generation that did not read its part: its credits back into the book's hold. */
export async function returnToHold(conn: Conn, bookId: number, credits: number): Promise<void> {
  await conn.run(
    holdsOf(conn)
      .updateTable('bible_holds')
      .set((eb) => ({ held: eb('held', '+', credits) }))
      .where('book_id', '=', bookId),
  );
}
