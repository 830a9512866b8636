// Users and the credit ledger, once for both databases. A balance change locks the user's row, then
// writes the new balance and its ledger row in one transaction, so concurrent changes queue and never
// overdraw; every write of a users row tells the admin's live list (userChanged).
import { randomUUID } from 'node:crypto';
import type { CreditTransactionType, Role, User } from '../schema.js';
import { ROLE_CREDITS, normaliseEmail } from '../model.js';
import type { Balance, CreditRepository, UserRepository } from '../ports.js';
import { all, first, firstLocked, isUniqueViolation, nowIso, run, transaction, userChanged, type Db, type Exec, type Program } from './run.js';

export const findUserById = (db: Db, id: string) => first(db.selectFrom('users').selectAll().where('id', '=', id));
export const findUserByEmail = (db: Db, email: string) => first(db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)));

export interface CreditChange {
  userId: string;
  type: CreditTransactionType;
  reason: string;
  reference?: string | undefined;
}

/**
 * Add `amount` credits (negative to deduct) or set the balance to `setTo`, with its ledger row. Answers
 * the balances, or null when the user does not exist or a deduction would take the balance below zero.
 */
export function changeCredits(db: Db, change: CreditChange & ({ amount: number; setTo?: never } | { setTo: number; amount?: never })): Program<Balance | null> {
  return transaction(function* () {
    const before = yield* firstLocked(db.selectFrom('users').select('credits_available').where('id', '=', change.userId));
    if (!before) return null;
    const next = change.setTo !== undefined ? change.setTo : before.credits_available + change.amount;
    if (next < 0) return null;
    const now = nowIso();
    yield* run(db.updateTable('users').set({ credits_available: next, updated_at: now }).where('id', '=', change.userId));
    const balance = { previous: before.credits_available, next };
    yield* run(
      db.insertInto('credit_transactions').values({
        user_id: change.userId, type: change.type, amount: balance.next - balance.previous, previous_balance: balance.previous, new_balance: balance.next,
        reason: change.reason, reference: change.reference ?? null, created_at: now,
      }),
    );
    yield* userChanged(change.userId);
    return balance;
  });
}

/** Set a role and reset the credits to the role's amount (a role row in the ledger records it). */
export function setRole(db: Db, input: { userId: string; role: Role; reason: string }): Program<User | undefined> {
  const { userId, role, reason } = input;
  return transaction(function* () {
    yield* run(db.updateTable('users').set({ role, updated_at: nowIso() }).where('id', '=', userId));
    yield* changeCredits(db, { userId, setTo: ROLE_CREDITS[role], type: 'role', reason });
    return yield* findUserById(db, userId);
  });
}

/** Count one more generated part for the dashboard's "chapters generated". */
export function* addUsage(db: Db, userId: string): Program<void> {
  yield* run(db.updateTable('users').set((eb) => ({ total_usage: eb('total_usage', '+', 1), updated_at: nowIso() })).where('id', '=', userId));
  yield* userChanged(userId);
}

/**
 * Create a user with a password hash, starting credits for the role and a ledger row, in one
 * transaction. Answers undefined when the e-mail is taken (also by a concurrent sign-up).
 */
function* createUser(db: Db, input: { email: string; passwordHash: string; role: Role; name?: string; lang?: 'en' | 'ms' }): Program<User | undefined> {
  const email = normaliseEmail(input.email);
  const id = randomUUID();
  const now = nowIso();
  try {
    return yield* transaction(function* () {
      if (yield* findUserByEmail(db, email)) return undefined;
      yield* run(db.insertInto('users').values({ id, email, name: input.name ?? '', role: input.role, credits_available: 0, lang: input.lang ?? 'en', created_at: now, updated_at: now }));
      yield* run(db.insertInto('user_passwords').values({ user_id: id, hash: input.passwordHash, updated_at: now }));
      yield* changeCredits(db, { userId: id, amount: ROLE_CREDITS[input.role], type: 'signup', reason: `Starting credits (${input.role})` });
      return yield* findUserById(db, id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/** The users repository; `onChange` is the adapter's (how it hears of changes made elsewhere). */
export function userRepository(db: Db, exec: Exec, onChange: UserRepository['onChange']): UserRepository {
  return {
    findById: (id) => exec(findUserById(db, id)),
    findByEmail: (email) => exec(findUserByEmail(db, email)),
    list: () => exec(all(db.selectFrom('users').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'))),
    create: (input) => exec(createUser(db, input)),
    updateProfile: ({ userId, ...patch }) =>
      exec(
        transaction(function* () {
          yield* run(db.updateTable('users').set({ ...patch, updated_at: nowIso() }).where('id', '=', userId));
          yield* userChanged(userId);
          return yield* findUserById(db, userId);
        }),
      ),
    setRole: (input) => exec(setRole(db, input)),
    promoteToAdmin: (input) =>
      exec(
        transaction(function* () {
          const user = yield* firstLocked(db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(input.email)));
          if (!user || user.role === 'admin') return undefined;
          return yield* setRole(db, { userId: user.id, role: 'admin', reason: input.reason });
        }),
      ),
    takeOverAsAdmin: (input) =>
      exec(
        transaction(function* () {
          const user = yield* firstLocked(db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(input.email)));
          if (!user) return undefined;
          const now = nowIso();
          yield* run(db.updateTable('user_passwords').set({ hash: input.passwordHash, updated_at: now }).where('user_id', '=', user.id));
          const sessions = yield* run(db.deleteFrom('sessions').where('user_id', '=', user.id));
          // A reset link mailed to whoever held the address before would set their password again.
          yield* run(db.deleteFrom('password_resets').where('user_id', '=', user.id));
          const apiKeys = yield* run(db.updateTable('api_keys').set({ revoked_at: now }).where('user_id', '=', user.id).where('revoked_at', 'is', null));
          const admin = user.role === 'admin' ? user : yield* setRole(db, { userId: user.id, role: 'admin', reason: input.reason });
          yield* userChanged(user.id);
          return { user: admin ?? user, sessions, apiKeys };
        }),
      ),
    // Everything that is the user's goes with them (sessions, history, claims, saved books); the ledger stays.
    delete: (userId) =>
      exec(
        transaction(function* () {
          yield* run(db.deleteFrom('books').where('owner', '=', userId));
          const deleted = (yield* run(db.deleteFrom('users').where('id', '=', userId))) > 0;
          if (deleted) yield* userChanged(userId);
          return deleted;
        }),
      ),
    onChange,
  };
}

export function creditRepository(db: Db, exec: Exec): CreditRepository {
  return {
    charge: async ({ userId, amount, reason, reference }) => {
      if (!Number.isInteger(amount) || amount <= 0) throw new RangeError(`a charge is a positive whole number of credits, not ${amount}`);
      return exec(changeCredits(db, { userId, amount: -amount, type: 'charge', reason, reference }));
    },
    setBalance: ({ userId, credits, reason, reference }) => exec(changeCredits(db, { userId, setTo: credits, type: 'adjustment', reason, reference })),
    balanceOf: async (userId) => (await exec(first(db.selectFrom('users').select('credits_available').where('id', '=', userId))))?.credits_available,
    ledger: (userId) => exec(all(db.selectFrom('credit_transactions').selectAll().where('user_id', '=', userId).orderBy('id', 'asc'))),
  };
}
