// Generation steps, once for both databases: the charge with its generations row (one transaction,
// which SQLite may leave unflushed: Store.transaction's isDeferred), the refund, the commit of the
// book's part with history and usage, and the refunds after a crash. The generation's row is locked
// before a refund or a commit, and only a running one is changed, so a refund and a commit of the same
// step (two workers) never both land. A generation that reads a part into an imported book's story bible
// gives its credits back where they came from (the book's hold or the balance), and is kept as paid when
// the bible holds its part all the same (queries/bible-holds.ts).
import { randomUUID } from 'node:crypto';
import type { Charge, GenerationCommit, GenerationRepository } from '../ports.js';
import { all, first, firstLocked, nowIso, run, saveStep, transaction, type Db, type Exec, type Program } from './run.js';
import { addUsage, changeCredits, findUserById } from './users.js';
import { biblePartPosition, keepReadPart, markPaid, returnToHold } from './bible-holds.js';
import type { ChargePrograms } from './edition-leases.js';

function startGeneration(db: Db, input: Parameters<GenerationRepository['start']>[0]): Program<Charge | null> {
  const generationId = input.generationId ?? randomUUID();
  return transaction(
    function* () {
      const user = yield* findUserById(db, input.userId);
      if (!user) return null;
      let credits = input.cost;
      if (credits > 0) {
        const balance = yield* changeCredits(db, { userId: user.id, amount: -credits, type: 'charge', reason: input.reason, reference: generationId });
        if (!balance) {
          if (user.role !== 'admin') return null;
          credits = 0;
        }
      }
      yield* run(
        db.insertInto('generations').values({
          id: generationId, user_id: user.id, generator_id: input.generatorId, step: input.step, credits_charged: credits, status: 'running', error_code: null, created_at: nowIso(),
        }),
      );
      return { generationId, credits };
    },
    { isDeferred: true },
  );
}

/** The generation's row locked until the transaction ends, unless it is no longer running (none: an empty row, as running). */
function* runningRow(db: Db, generationId: string) {
  const row = yield* firstLocked(db.selectFrom('generations').select(['id', 'user_id', 'generator_id', 'step', 'credits_charged', 'status', 'bible_book_id', 'is_held']).where('id', '=', generationId));
  if (row && row.status !== 'running') return undefined;
  return row ?? { bible_book_id: null, is_held: 0 };
}

function refundGeneration(db: Db, input: { userId: string; charge: Charge; reason: string; errorCode: string; isSkipped?: boolean }): Program<void> {
  return transaction(function* () {
    const row = yield* runningRow(db, input.charge.generationId);
    if (!row) return;
    // A part the bible went past unread is given back, not kept as read; and marked so the hold's settling never charges it.
    if ('id' in row && input.isSkipped && row.bible_book_id !== null) yield* markPaid(db, row.bible_book_id, biblePartPosition(row.step));
    else if ('id' in row && (yield* keepReadPart(db, row))) return;
    if (row.is_held && row.bible_book_id !== null) yield* returnToHold(db, row.bible_book_id, input.charge.credits);
    else if (input.charge.credits > 0 && (yield* findUserById(db, input.userId))) {
      yield* changeCredits(db, { userId: input.userId, amount: input.charge.credits, type: 'refund', reason: input.reason, reference: input.charge.generationId });
    }
    yield* run(
      db
        .updateTable('generations')
        .set({ status: input.charge.credits > 0 ? 'refunded' : 'failed', error_code: input.errorCode, finished_at: nowIso() })
        .where('id', '=', input.charge.generationId),
    );
  });
}

/** The book's part, history, usage and the generation's status, in one transaction (nests in a caller's). */
function commitGeneration(db: Db, input: GenerationCommit): Program<void> {
  const { userId, charge, history, usage } = input;
  const now = nowIso();
  return transaction(function* () {
    const row = yield* runningRow(db, charge.generationId);
    if (!row) return;
    if ('id' in row && row.bible_book_id !== null) yield* markPaid(db, row.bible_book_id, biblePartPosition(row.step));
    if (input.book) yield* saveStep(userId, input.book.key, input.book.save);
    if (history) {
      yield* run(db.insertInto('content_history').values({ user_id: userId, title: history.title, content_type: history.contentType, content: history.content, generator_id: history.generatorId, created_at: now }));
    }
    if (usage.isPart) yield* addUsage(db, userId);
    yield* run(db.insertInto('usage_records').values({ user_id: userId, prompt_type: usage.promptType, credits_used: charge.credits, metadata: JSON.stringify(usage.metadata), created_at: now }));
    yield* run(db.updateTable('generations').set({ status: 'succeeded', finished_at: now }).where('id', '=', charge.generationId));
  });
}

function* refundInterrupted(db: Db): Program<number> {
  const running = yield* all(db.selectFrom('generations').selectAll().where('status', '=', 'running'));
  for (const g of running) {
    yield* refundGeneration(db, { userId: g.user_id, charge: { generationId: g.id, credits: g.credits_charged }, reason: `Refund: ${g.generator_id} ${g.step} (server stopped)`, errorCode: 'interrupted' });
  }
  return running.length;
}

/** The charge and refund of a step as programs, for the lease of an edition's run (queries/edition-leases.ts). */
export function chargePrograms(db: Db): ChargePrograms {
  return { start: (input) => startGeneration(db, input), refund: (input) => refundGeneration(db, input) };
}

export function generationRepository(db: Db, exec: Exec): GenerationRepository {
  return {
    start: (input) => exec(startGeneration(db, input)),
    find: async (generationId) => {
      const row = await exec(first(db.selectFrom('generations').selectAll().where('id', '=', generationId)));
      return row && { id: row.id, userId: row.user_id, step: row.step, credits: row.credits_charged, status: row.status, errorCode: row.error_code };
    },
    isRunning: async ({ userId, generatorId }) =>
      (await exec(first(db.selectFrom('generations').select('id').where('user_id', '=', userId).where('generator_id', '=', generatorId).where('status', '=', 'running').limit(1)))) !== undefined,
    refund: (input) => exec(refundGeneration(db, input)),
    commit: (input) => exec(commitGeneration(db, input)),
    refundInterrupted: () => exec(refundInterrupted(db)),
    recordUsage: async ({ userId, promptType, metadata }) => {
      await exec(run(db.insertInto('usage_records').values({ user_id: userId, prompt_type: promptType, credits_used: 0, metadata: JSON.stringify(metadata), created_at: nowIso() })));
    },
  };
}
