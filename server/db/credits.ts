// The credit ledger. Every balance change is one UPDATE guarded against going negative plus one
// credit_transactions row, inside one transaction; callers in a bigger transaction simply nest.
import { sql } from 'kysely';
import type { Store } from './store.js';
import { nowIso } from './store.js';
import type { CreditTransactionType } from './types.js';

export interface CreditChange {
  userId: string;
  type: CreditTransactionType;
  reason: string;
  reference?: string;
}

export interface Balance {
  previous: number;
  next: number;
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
