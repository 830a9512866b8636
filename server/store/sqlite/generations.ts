// Generation steps on SQLite: the charge with its generations row (one transaction, not flushed on its
// own), the refund, the commit of the book's part with history and usage, and the refunds after a crash.
import { randomUUID } from 'node:crypto';
import type { Store } from './store.js';
import { nowIso } from './store.js';
import type { Charge, GenerationCommit, GenerationRepository } from '../ports.js';
import { changeCredits } from './credits.js';
import { addUsage, findUserById } from './users.js';
import { writeStep } from './books.js';

export function startGeneration(store: Store, input: { userId: string; generatorId: string; step: string; cost: number; reason: string; generationId?: string }): Charge | null {
  const generationId = input.generationId ?? randomUUID();
  return store.transaction(
    () => {
      const user = findUserById(store, input.userId);
      if (!user) return null;
      let credits = input.cost;
      if (credits > 0) {
        const balance = changeCredits(store, { userId: user.id, amount: -credits, type: 'charge', reason: input.reason, reference: generationId });
        if (!balance) {
          if (user.role !== 'admin') return null;
          credits = 0;
        }
      }
      store.run(
        store.db.insertInto('generations').values({
          id: generationId, user_id: user.id, generator_id: input.generatorId, step: input.step, credits_charged: credits, status: 'running', error_code: null, created_at: nowIso(),
        }),
      );
      return { generationId, credits };
    },
    { isDeferred: true },
  );
}

export function refundGeneration(store: Store, input: { userId: string; charge: Charge; reason: string; errorCode: string }): void {
  store.transaction(() => {
    if (input.charge.credits > 0 && findUserById(store, input.userId)) {
      changeCredits(store, { userId: input.userId, amount: input.charge.credits, type: 'refund', reason: input.reason, reference: input.charge.generationId });
    }
    store.run(
      store.db
        .updateTable('generations')
        .set({ status: input.charge.credits > 0 ? 'refunded' : 'failed', error_code: input.errorCode, finished_at: nowIso() })
        .where('id', '=', input.charge.generationId),
    );
  });
}

/** The book's part, history, usage and the generation's status, in one transaction (nests in a caller's). */
export function commitGeneration(store: Store, input: GenerationCommit): void {
  const { userId, charge, history, usage } = input;
  const now = nowIso();
  store.transaction(() => {
    if (input.book) writeStep(store, userId, input.book.key, input.book.save);
    if (history) store.run(store.db.insertInto('content_history').values({ user_id: userId, title: history.title, content_type: history.contentType, content: history.content, generator_id: history.generatorId, created_at: now }));
    if (usage.isPart) addUsage(store, userId);
    store.run(store.db.insertInto('usage_records').values({ user_id: userId, prompt_type: usage.promptType, credits_used: charge.credits, metadata: JSON.stringify(usage.metadata), created_at: now }));
    store.run(store.db.updateTable('generations').set({ status: 'succeeded', finished_at: now }).where('id', '=', charge.generationId));
  });
}

export function refundInterrupted(store: Store): number {
  const running = store.all(store.db.selectFrom('generations').selectAll().where('status', '=', 'running'));
  for (const g of running) {
    refundGeneration(store, { userId: g.user_id, charge: { generationId: g.id, credits: g.credits_charged }, reason: `Refund: ${g.generator_id} ${g.step} (server stopped)`, errorCode: 'interrupted' });
  }
  return running.length;
}

export function sqliteGenerations(store: Store): GenerationRepository {
  return {
    start: async (input) => startGeneration(store, input),
    find: async (generationId) => {
      const row = store.first(store.db.selectFrom('generations').selectAll().where('id', '=', generationId));
      return row && { id: row.id, userId: row.user_id, step: row.step, credits: row.credits_charged, status: row.status, errorCode: row.error_code };
    },
    isRunning: async ({ userId, generatorId }) =>
      store.first(store.db.selectFrom('generations').select('id').where('user_id', '=', userId).where('generator_id', '=', generatorId).where('status', '=', 'running').limit(1)) !== undefined,
    refund: async (input) => refundGeneration(store, input),
    commit: async (input) => commitGeneration(store, input),
    refundInterrupted: async () => refundInterrupted(store),
    recordUsage: async ({ userId, promptType, metadata }) => {
      store.run(store.db.insertInto('usage_records').values({ user_id: userId, prompt_type: promptType, credits_used: 0, metadata: JSON.stringify(metadata), created_at: nowIso() }));
    },
  };
}
