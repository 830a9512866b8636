// Generation steps, once for both databases: the charge with its generations row (one transaction,
// which SQLite may leave unflushed: Store.transaction's isDeferred), the refund, the commit of the
// book's part with history and usage, and the refunds after a crash. The generation's row is locked
// before a refund or a commit, and only a running one is changed, so a refund and a commit of the same
// step (two workers) never both land. A generation that reads a part into an imported book's story bible
// gives its credits back where they came from (the book's hold or the balance), and is kept as paid when
// the bible holds its part all the same (queries/bible-holds.ts).
import { randomUUID } from 'node:crypto';
import type { Charge, GenerationCommit, GenerationRepository } from '../ports.js';
import { nowIso, type Conn } from './conn.js';
import { saveStep } from './step.js';
import { addUsage, changeCredits, findUserById } from './users.js';
import { keepReadPart, markPaid, returnToHold } from './bible-hold-parts.js';
import { biblePartPosition } from './bible-holds.js';
import type { Charges } from './edition-leases.js';

function startGeneration(conn: Conn, input: Parameters<GenerationRepository['start']>[0]): Promise<Charge | null> {
  const generationId = input.generationId ?? randomUUID();
  return conn.transaction(
    async (conn) => {
      const user = await findUserById(conn, input.userId);
      if (!user) return null;
      let credits = input.cost;
      if (credits > 0) {
        const balance = await changeCredits(conn, {
          userId: user.id,
          amount: -credits,
          type: 'charge',
          reason: input.reason,
          reference: generationId,
        });
        if (!balance) {
          if (user.role !== 'admin') return null;
          credits = 0;
        }
      }
      await conn.run(
        conn.db.insertInto('generations').values({
          id: generationId,
          user_id: user.id,
          generator_id: input.generatorId,
          step: input.step,
          credits_charged: credits,
          status: 'running',
          error_code: null,
          created_at: nowIso(),
        }),
      );
      return { generationId, credits };
    },
    { isDeferred: true },
  );
}

/**
 * The generation's row locked until the transaction ends, unless it is no longer running (none: an empty row, as
 * running).
 */
async function runningRow(conn: Conn, generationId: string) {
  const row = await conn.firstLocked(
    conn.db
      .selectFrom('generations')
      .select(['id', 'user_id', 'generator_id', 'step', 'credits_charged', 'status', 'bible_book_id', 'is_held'])
      .where('id', '=', generationId),
  );
  if (row && row.status !== 'running') return undefined;
  return row ?? { bible_book_id: null, is_held: 0 };
}

function refundGeneration(
  conn: Conn,
  input: { userId: string; charge: Charge; reason: string; errorCode: string; isSkipped?: boolean },
): Promise<void> {
  return conn.transaction(async (conn) => {
    const row = await runningRow(conn, input.charge.generationId);
    if (!row) return;
    // A part the bible went past unread is given back, not kept as read; and marked so the hold's settling never
    // charges
    // it.
    if ('id' in row && input.isSkipped && row.bible_book_id !== null)
      await markPaid(conn, row.bible_book_id, biblePartPosition(row.step));
    else if ('id' in row && (await keepReadPart(conn, row))) return;
    if (row.is_held && row.bible_book_id !== null) await returnToHold(conn, row.bible_book_id, input.charge.credits);
    else if (input.charge.credits > 0 && (await findUserById(conn, input.userId))) {
      await changeCredits(conn, {
        userId: input.userId,
        amount: input.charge.credits,
        type: 'refund',
        reason: input.reason,
        reference: input.charge.generationId,
      });
    }
    await conn.run(
      conn.db
        .updateTable('generations')
        .set({
          status: input.charge.credits > 0 ? 'refunded' : 'failed',
          error_code: input.errorCode,
          finished_at: nowIso(),
        })
        .where('id', '=', input.charge.generationId),
    );
  });
}

/**
 * The book's part, history, usage and the generation's status, in one transaction (nests in a caller's). False when
 * the generation was refunded or failed meanwhile (nothing written); true when committed, now or before.
 */
function commitGeneration(conn: Conn, input: GenerationCommit): Promise<boolean> {
  const { userId, charge, history, usage } = input;
  const now = nowIso();
  return conn.transaction(async (conn) => {
    const row = await runningRow(conn, charge.generationId);
    if (!row)
      return (
        (await conn.first(conn.db.selectFrom('generations').select('status').where('id', '=', charge.generationId)))
          ?.status === 'succeeded'
      );
    if ('id' in row && row.bible_book_id !== null) await markPaid(conn, row.bible_book_id, biblePartPosition(row.step));
    if (input.book) await saveStep(conn, userId, input.book.key, input.book.save);
    if (history) {
      await conn.run(
        conn.db.insertInto('content_history').values({
          user_id: userId,
          title: history.title,
          content_type: history.contentType,
          content: history.content,
          generator_id: history.generatorId,
          created_at: now,
        }),
      );
    }
    if (usage.isPart) await addUsage(conn, userId);
    await conn.run(
      conn.db.insertInto('usage_records').values({
        user_id: userId,
        prompt_type: usage.promptType,
        credits_used: charge.credits,
        metadata: JSON.stringify(usage.metadata),
        created_at: now,
      }),
    );
    await conn.run(
      conn.db
        .updateTable('generations')
        .set({ status: 'succeeded', finished_at: now })
        .where('id', '=', charge.generationId),
    );
    return true;
  });
}

async function refundInterrupted(conn: Conn): Promise<number> {
  const running = await conn.all(conn.db.selectFrom('generations').selectAll().where('status', '=', 'running'));
  for (const g of running) {
    await refundGeneration(conn, {
      userId: g.user_id,
      charge: { generationId: g.id, credits: g.credits_charged },
      reason: `Refund: ${g.generator_id} ${g.step} (server stopped)`,
      errorCode: 'interrupted',
    });
  }
  return running.length;
}

/** The charge and refund of a step, for the lease of an edition's run (queries/edition-leases.ts). */
export const charges: Charges = { start: startGeneration, refund: refundGeneration };

export function generationRepository(conn: Conn): GenerationRepository {
  return {
    start: (input) => startGeneration(conn, input),
    find: async (generationId) => {
      const row = await conn.first(conn.db.selectFrom('generations').selectAll().where('id', '=', generationId));
      return (
        row && {
          id: row.id,
          userId: row.user_id,
          step: row.step,
          credits: row.credits_charged,
          status: row.status,
          errorCode: row.error_code,
        }
      );
    },
    isRunning: async ({ userId, generatorId }) =>
      (await conn.first(
        conn.db
          .selectFrom('generations')
          .select('id')
          .where('user_id', '=', userId)
          .where('generator_id', '=', generatorId)
          .where('status', '=', 'running')
          .limit(1),
      )) !== undefined,
    runningStep: async ({ userId, generatorId }) => {
      const running = conn.db
        .selectFrom('generations')
        .select('step')
        .where('user_id', '=', userId)
        .where('generator_id', '=', generatorId)
        .where('status', '=', 'running');
      return (await conn.first(running.limit(1)))?.step;
    },
    refund: (input) => refundGeneration(conn, input),
    commit: (input) => commitGeneration(conn, input),
    refundInterrupted: () => refundInterrupted(conn),
    recordUsage: async ({ userId, promptType, metadata }) => {
      await conn.run(
        conn.db.insertInto('usage_records').values({
          user_id: userId,
          prompt_type: promptType,
          credits_used: 0,
          metadata: JSON.stringify(metadata),
          created_at: nowIso(),
        }),
      );
    },
  };
}
