// Credits held for an imported book's story bible (bible_holds, migrations/0029), once for both databases.
// The import is accepted in one transaction with the balance check: the book saved, the bible's whole cost
// deducted (one `charge` row) and held for it, so two imports on a balance that pays for one cannot both
// pass. Each part read into the bible then takes its cost from the hold (a generations row naming the book,
// as a step's charge: refunded back into the hold when the call fails or the server stops during it), and
// what is left is given back to the balance (a `refund` row) when the build ends. A part the bible took in
// without its own charge (a step reads the parts not yet taken in before it writes) is paid from the hold
// when it is settled: a part is paid once, never free while credits are held for it. A part's generation as it
// ends (paid, its credits back into the hold, kept after a stop) is ./bible-hold-parts.ts.
import { randomUUID } from 'node:crypto';
import type { Generated, Selectable } from 'kysely';
import type { BibleHold, BibleHoldRepository, BibleStopReason, BibleTake } from '../ports-holds.js';
import { KEPT_PREFIX, importBook } from './books.js';
import { nowIso, type Conn } from './conn.js';
import { changeCredits, findUserById } from './users.js';

/** bible_holds (migrations/0029): one row per imported book. */
export interface BibleHoldsTable {
  book_id: number;
  user_id: string;
  generator_id: string;
  prompt_type: string;
  cost: number;
  held: number;
  paid_up_to: number;
  last_part: number;
  stop_reason: string | null;
  created_at: Generated<string>;
}

export const holdsOf = (conn: Conn) => conn.db.withTables<{ bible_holds: BibleHoldsTable }>();

/** The step of a generation that reads the part at `position` into a book's bible. */
export const biblePartStep = (position: number): string => `import:${position}`;
export const positionOfStep = (step: string): number => Number(step.slice('import:'.length));

const holdOfRow = (row: Selectable<BibleHoldsTable>): BibleHold => ({
  bookId: row.book_id,
  userId: row.user_id,
  generatorId: row.generator_id,
  cost: row.cost,
  held: row.held,
  paidUpTo: row.paid_up_to,
  lastPart: row.last_part,
  stopReason:
    row.stop_reason === 'credits' || row.stop_reason === 'failed' || row.stop_reason === 'set_aside'
      ? row.stop_reason
      : null,
});

function accept(
  conn: Conn,
  input: Parameters<BibleHoldRepository['accept']>[0],
): Promise<{ bookId: number; balance: number; held: number } | null> {
  const holds = holdsOf(conn);
  return conn.transaction(async (conn) => {
    // The user's row first: a second import waits here and reads the balance the first one left.
    const user = await conn.firstLocked(
      conn.db.selectFrom('users').select(['id', 'role', 'credits_available']).where('id', '=', input.userId),
    );
    if (!user) return null;
    const total = input.cost * input.parts;
    const isShort = user.credits_available < total;
    if (isShort && user.role !== 'admin') return null;
    const before = await conn.first(
      conn.db.selectFrom('books').select('id').where('owner', '=', user.id).where('book_key', '=', input.key),
    );
    if (before) await settleHold(conn, before.id, { isFinal: true, stopReason: 'set_aside' });
    const bookId = await importBook(conn, user.id, input.key, input.saves);
    const held = isShort ? 0 : total;
    const balance =
      held > 0
        ? (await changeCredits(conn, {
            userId: user.id,
            amount: -held,
            type: 'charge',
            reason: input.reason,
            reference: `bible:${bookId}`,
          }))!.next
        : user.credits_available;
    await conn.run(
      holds.insertInto('bible_holds').values({
        book_id: bookId,
        user_id: user.id,
        generator_id: input.generatorId,
        prompt_type: input.promptType,
        cost: input.cost,
        held,
        paid_up_to: -1,
        last_part: input.lastPart,
        stop_reason: null,
      }),
    );
    return { bookId, balance, held };
  });
}

function take(conn: Conn, input: Parameters<BibleHoldRepository['take']>[0]): Promise<BibleTake> {
  const holds = holdsOf(conn);
  return conn.transaction(
    async (conn) => {
      const hold = await conn.firstLocked(
        holds.selectFrom('bible_holds').selectAll().where('book_id', '=', input.bookId),
      );
      if (!hold || input.position <= hold.paid_up_to || input.position > hold.last_part) return { status: 'free' };
      const step = biblePartStep(input.position);
      const reading = await conn.first(
        conn.db
          .selectFrom('generations')
          .select('id')
          .where('bible_book_id', '=', input.bookId)
          .where('step', '=', step)
          .where('status', '=', 'running'),
      );
      if (reading) return { status: 'busy' };
      const user = await findUserById(conn, hold.user_id);
      if (!user) return { status: 'short' };
      const generationId = randomUUID();
      let credits = hold.cost;
      let isHeld = 0;
      if (hold.held >= hold.cost) {
        isHeld = 1;
        await conn.run(
          holds
            .updateTable('bible_holds')
            .set({ held: hold.held - hold.cost })
            .where('book_id', '=', hold.book_id),
        );
      } else if (
        !input.mayCharge ||
        (hold.cost > 0 &&
          !(await changeCredits(conn, {
            userId: user.id,
            amount: -hold.cost,
            type: 'charge',
            reason: input.reason,
            reference: generationId,
          })))
      ) {
        // The administrator passes the credit guard always (charged nothing when short).
        if (user.role !== 'admin') return { status: 'short' };
        credits = 0;
      }
      await conn.run(
        conn.db.insertInto('generations').values({
          id: generationId,
          user_id: user.id,
          generator_id: hold.generator_id,
          step,
          credits_charged: credits,
          status: 'running',
          error_code: null,
          created_at: nowIso(),
          bible_book_id: hold.book_id,
          is_held: isHeld,
        }),
      );
      return { status: 'charged', charge: { generationId, credits, ...(isHeld ? { isHeld: true } : {}) } };
    },
    { isDeferred: true },
  );
}

/** Settle a book's hold (BibleHoldRepository.settle), inside the caller's transaction when there is one. */
function settleHold(
  conn: Conn,
  bookId: number,
  opts: { isFinal: boolean; stopReason?: BibleStopReason | null },
): Promise<{ paid: number; released: number }> {
  const holds = holdsOf(conn);
  return conn.transaction(async (conn) => {
    const hold = await conn.firstLocked(holds.selectFrom('bible_holds').selectAll().where('book_id', '=', bookId));
    if (!hold) return { paid: 0, released: 0 };
    const book = await conn.first(conn.db.selectFrom('books').select('memory_up_to').where('id', '=', bookId));
    const readUpTo = Math.min(book?.memory_up_to ?? -1, hold.last_part);
    let { held, paid_up_to: paidUpTo } = hold;
    let paid = 0;
    if (readUpTo > paidUpTo) {
      // Read without a charge of their own (a step's catch-up): each non-empty part costs what a charged one does.
      const parts = await conn.all(
        conn.db
          .selectFrom('book_parts')
          .select('position')
          .where('book_id', '=', bookId)
          .where('position', '>', paidUpTo)
          .where('position', '<=', readUpTo)
          .where('text', '<>', ''),
      );
      paid = Math.min(parts.length * hold.cost, held);
      held -= paid;
      paidUpTo = readUpTo;
      if (parts.length) {
        const metadata = {
          generator: hold.generator_id,
          step: 'memory',
          after: 'import',
          book: bookId,
          parts: parts.map((p) => p.position),
        };
        await conn.run(
          conn.db.insertInto('usage_records').values({
            user_id: hold.user_id,
            prompt_type: hold.prompt_type,
            credits_used: paid,
            metadata: JSON.stringify(metadata),
            created_at: nowIso(),
          }),
        );
      }
    }
    let released = 0;
    if (opts.isFinal && held > 0) {
      const parts = hold.cost > 0 ? ` (${held / hold.cost} parts)` : '';
      const back = await changeCredits(conn, {
        userId: hold.user_id,
        amount: held,
        type: 'refund',
        reason: `Refund: ${hold.generator_id} credits held for the story bible of an imported book, not spent${parts}`,
        reference: `bible:${bookId}`,
      });
      // A deleted account has no balance to give them back to; they are no longer held either way.
      released = back ? held : 0;
      held = 0;
    }
    await conn.run(
      holds
        .updateTable('bible_holds')
        .set({ held, paid_up_to: paidUpTo, ...(opts.isFinal ? { stop_reason: opts.stopReason ?? null } : {}) })
        .where('book_id', '=', bookId),
    );
    return { paid, released };
  });
}

/** The position of a bible part's generation step (`import:<position>`). */
export const biblePartPosition = positionOfStep;

export function bibleHoldRepository(conn: Conn): BibleHoldRepository {
  const holds = holdsOf(conn);
  return {
    accept: (input) => accept(conn, input),
    find: async (bookId) => {
      const row = await conn.first(holds.selectFrom('bible_holds').selectAll().where('book_id', '=', bookId));
      return row && holdOfRow(row);
    },
    take: (input) => take(conn, input),
    settle: ({ bookId, isFinal, stopReason }) =>
      settleHold(conn, bookId, { isFinal, ...(stopReason !== undefined ? { stopReason } : {}) }),
    open: async (userId) => {
      let query = holds
        .selectFrom('bible_holds')
        .leftJoin('books', 'books.id', 'bible_holds.book_id')
        .select(['bible_holds.book_id', 'bible_holds.user_id', 'books.book_key'])
        .where('bible_holds.held', '>', 0);
      if (userId !== undefined) query = query.where('bible_holds.user_id', '=', userId);
      const rows = await conn.all(query.orderBy('bible_holds.book_id'));
      return rows.map((r) => ({ bookId: r.book_id, userId: r.user_id, key: r.book_key ?? null }));
    },
  };
}

/** Whether a book saved under `key` is the current book of its type (not one kept by Start New). */
export const isCurrentKey = (key: string | null): key is string => key !== null && !key.startsWith(KEPT_PREFIX);
