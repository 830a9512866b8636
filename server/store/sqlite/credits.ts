// The credit ledger on SQLite. Every balance change is one UPDATE guarded against going negative plus one
// credit_transactions row, inside one transaction; callers in a bigger transaction simply nest.
import { sql } from 'kysely';
import type { Store } from './store.js';
import { nowIso } from './store.js';
import type { CreditTransactionType } from '../schema.js';
import type { Balance, CreditRepository } from '../ports.js';

export interface CreditChange {
  userId: string;
  type: CreditTransactionType;
  reason: string;
  reference?: string;
}

/**
 * Add `amount` credits (negative to deduct) or set the balance to `setTo`. Answers the balances, or
 * null when the user does not exist or a deduction would take the balance below zero.
 */
export function changeCredits(store: Store, change: CreditChange & ({ amount: number; setTo?: never } | { setTo: number; amount?: never })): Balance | null {
  return store.transaction(() => {
    const now = nowIso();
    let update = store.db.updateTable('users').where('id', '=', change.userId);
    if (change.setTo !== undefined) {
      update = update.set({ credits_available: change.setTo, updated_at: now });
    } else {
      update = update.set({ credits_available: sql<number>`credits_available + ${change.amount}`, updated_at: now });
      if (change.amount < 0) update = update.where('credits_available', '>=', -change.amount);
    }
    const before = store.first(store.db.selectFrom('users').select('credits_available').where('id', '=', change.userId));
    if (!before) return null;
    const row = store.first(update.returning('credits_available'));
    if (!row) return null;
    const balance = { previous: before.credits_available, next: row.credits_available };
    store.run(
      store.db.insertInto('credit_transactions').values({
        user_id: change.userId,
        type: change.type,
        amount: balance.next - balance.previous,
        previous_balance: balance.previous,
        new_balance: balance.next,
        reason: change.reason,
        reference: change.reference ?? null,
        created_at: now,
      }),
    );
    store.userChanged(change.userId);
    return balance;
  });
}

export function ledgerOf(store: Store, userId: string) {
  return store.all(store.db.selectFrom('credit_transactions').selectAll().where('user_id', '=', userId).orderBy('id', 'asc'));
}

export function sqliteCredits(store: Store): CreditRepository {
  return {
    charge: async ({ userId, amount, reason, reference }) => {
      if (!Number.isInteger(amount) || amount <= 0) throw new RangeError(`a charge is a positive whole number of credits, not ${amount}`);
      return changeCredits(store, { userId, amount: -amount, type: 'charge', reason, reference });
    },
    setBalance: async ({ userId, credits, reason, reference }) => changeCredits(store, { userId, setTo: credits, type: 'adjustment', reason, reference }),
    balanceOf: async (userId) => store.first(store.db.selectFrom('users').select('credits_available').where('id', '=', userId))?.credits_available,
    ledger: async (userId) => ledgerOf(store, userId),
  };
}
