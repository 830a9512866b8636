// Users and the credit ledger, once for both databases. A balance change locks the user's row, then
// writes the new balance and its ledger row in one transaction, so concurrent changes queue and never
// overdraw; every write of a users row tells the admin's live list (userChanged).
import type { Lang } from '../../../engine/index.js';
import { randomUUID } from 'node:crypto';
import type { CreditTransactionType, Role, User } from '../schema.js';
import { ROLE_CREDITS, normaliseEmail } from '../model.js';
import type { Balance, CreditRepository, UserRepository } from '../ports.js';
import { isUniqueViolation, nowIso, type Conn } from './conn.js';

export const findUserById = (conn: Conn, id: string) =>
  conn.first(conn.db.selectFrom('users').selectAll().where('id', '=', id));
export const findUserByEmail = (conn: Conn, email: string) =>
  conn.first(conn.db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)));

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
export function changeCredits(
  conn: Conn,
  change: CreditChange & ({ amount: number; setTo?: never } | { setTo: number; amount?: never }),
): Promise<Balance | null> {
  return conn.transaction(async (conn) => {
    const before = await conn.firstLocked(
      conn.db.selectFrom('users').select('credits_available').where('id', '=', change.userId),
    );
    if (!before) return null;
    const next = change.setTo !== undefined ? change.setTo : before.credits_available + change.amount;
    if (next < 0) return null;
    const now = nowIso();
    await conn.run(
      conn.db.updateTable('users').set({ credits_available: next, updated_at: now }).where('id', '=', change.userId),
    );
    const balance = { previous: before.credits_available, next };
    await conn.run(
      conn.db.insertInto('credit_transactions').values({
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
    await conn.userChanged(change.userId);
    return balance;
  });
}

/** Set a role and reset the credits to the role's amount (a role row in the ledger records it). */
export function setRole(conn: Conn, input: { userId: string; role: Role; reason: string }): Promise<User | undefined> {
  const { userId, role, reason } = input;
  return conn.transaction(async (conn) => {
    await conn.run(conn.db.updateTable('users').set({ role, updated_at: nowIso() }).where('id', '=', userId));
    await changeCredits(conn, { userId, setTo: ROLE_CREDITS[role], type: 'role', reason });
    return await findUserById(conn, userId);
  });
}

/** Count one more generated part for the dashboard's "chapters generated". */
export async function addUsage(conn: Conn, userId: string): Promise<void> {
  await conn.run(
    conn.db
      .updateTable('users')
      .set((eb) => ({ total_usage: eb('total_usage', '+', 1), updated_at: nowIso() }))
      .where('id', '=', userId),
  );
  await conn.userChanged(userId);
}

/**
 * Create a user with a password hash, starting credits for the role and a ledger row, in one
 * transaction. Answers undefined when the e-mail is taken (also by a concurrent sign-up).
 */
async function createUser(
  conn: Conn,
  input: { email: string; passwordHash: string; role: Role; name?: string; lang?: Lang },
): Promise<User | undefined> {
  const email = normaliseEmail(input.email);
  const id = randomUUID();
  const now = nowIso();
  try {
    return await conn.transaction(async (conn) => {
      if (await findUserByEmail(conn, email)) return undefined;
      await conn.run(
        conn.db.insertInto('users').values({
          id,
          email,
          name: input.name ?? '',
          role: input.role,
          credits_available: 0,
          ...(input.lang ? { lang: input.lang } : {}),
          created_at: now,
          updated_at: now,
        }),
      );
      await conn.run(
        conn.db.insertInto('user_passwords').values({ user_id: id, hash: input.passwordHash, updated_at: now }),
      );
      await changeCredits(conn, {
        userId: id,
        amount: ROLE_CREDITS[input.role],
        type: 'signup',
        reason: `Starting credits (${input.role})`,
      });
      return await findUserById(conn, id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/** The users repository; `onChange` is the adapter's (how it hears of changes made elsewhere). */
export function userRepository(conn: Conn, onChange: UserRepository['onChange']): UserRepository {
  return {
    findById: (id) => findUserById(conn, id),
    findByEmail: (email) => findUserByEmail(conn, email),
    list: () => conn.all(conn.db.selectFrom('users').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc')),
    create: (input) => createUser(conn, input),
    updateProfile: ({ userId, ...patch }) =>
      conn.transaction(async (conn) => {
        await conn.run(
          conn.db
            .updateTable('users')
            .set({ ...patch, updated_at: nowIso() })
            .where('id', '=', userId),
        );
        await conn.userChanged(userId);
        return await findUserById(conn, userId);
      }),
    setRole: (input) => setRole(conn, input),
    promoteToAdmin: (input) =>
      conn.transaction(async (conn) => {
        const user = await conn.firstLocked(
          conn.db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(input.email)),
        );
        if (!user || user.role === 'admin') return undefined;
        return await setRole(conn, { userId: user.id, role: 'admin', reason: input.reason });
      }),
    takeOverAsAdmin: (input) =>
      conn.transaction(async (conn) => {
        const user = await conn.firstLocked(
          conn.db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(input.email)),
        );
        if (!user) return undefined;
        const now = nowIso();
        await conn.run(
          conn.db
            .updateTable('user_passwords')
            .set({ hash: input.passwordHash, updated_at: now })
            .where('user_id', '=', user.id),
        );
        const sessions = await conn.run(conn.db.deleteFrom('sessions').where('user_id', '=', user.id));
        // A reset link mailed to whoever held the address before would set their password again.
        await conn.run(conn.db.deleteFrom('password_resets').where('user_id', '=', user.id));
        const apiKeys = await conn.run(
          conn.db
            .updateTable('api_keys')
            .set({ revoked_at: now })
            .where('user_id', '=', user.id)
            .where('revoked_at', 'is', null),
        );
        const admin =
          user.role === 'admin' ? user : await setRole(conn, { userId: user.id, role: 'admin', reason: input.reason });
        await conn.userChanged(user.id);
        return { user: admin ?? user, sessions, apiKeys };
      }),
    // Everything that is the user's goes with them (sessions, history, claims, saved books); the ledger stays.
    delete: (userId) =>
      conn.transaction(async (conn) => {
        await conn.run(conn.db.deleteFrom('books').where('owner', '=', userId));
        const deleted = (await conn.run(conn.db.deleteFrom('users').where('id', '=', userId))) > 0;
        if (deleted) await conn.userChanged(userId);
        return deleted;
      }),
    onChange,
  };
}

export function creditRepository(conn: Conn): CreditRepository {
  return {
    charge: async ({ userId, amount, reason, reference }) => {
      if (!Number.isInteger(amount) || amount <= 0)
        throw new RangeError(`a charge is a positive whole number of credits, not ${amount}`);
      return changeCredits(conn, { userId, amount: -amount, type: 'charge', reason, reference });
    },
    setBalance: ({ userId, credits, reason, reference }) =>
      changeCredits(conn, { userId, setTo: credits, type: 'adjustment', reason, reference }),
    balanceOf: async (userId) =>
      (await conn.first(conn.db.selectFrom('users').select('credits_available').where('id', '=', userId)))
        ?.credits_available,
    ledger: (userId) =>
      conn.all(
        conn.db.selectFrom('credit_transactions').selectAll().where('user_id', '=', userId).orderBy('id', 'asc'),
      ),
  };
}
