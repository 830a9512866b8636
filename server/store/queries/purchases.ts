// Purchases and API keys, once for both databases. A purchase is one transaction: the checkout
// session's row (its primary key makes a concurrent or replayed delivery insert nothing) and the
// credits. A user's key creations queue on their row, so the cap on live keys holds under concurrency.
import { sql } from 'kysely';
import { KaryaError } from '../../../engine/index.js';
import type { ApiKeyListing, ApiKeyRepository, PurchaseGrant, PurchaseRepository } from '../ports.js';
import type { User } from '../schema.js';
import { nowIso, rawQuery, type Conn } from './conn.js';
import { changeCredits } from './users.js';

/** The paying user is gone: the purchase is rolled back (answered as `no_user`, never thrown further). */
class NoUser extends KaryaError {
  readonly code = 'user_not_found';
  constructor() {
    super('user_not_found', { httpStatus: 404 });
  }
}

async function grant(conn: Conn, input: Parameters<PurchaseRepository['grant']>[0]): Promise<PurchaseGrant> {
  try {
    return await conn.transaction(async (conn): Promise<PurchaseGrant> => {
      const inserted = await conn.run(
        conn.db
          .insertInto('purchases')
          .values({
            session_id: input.sessionId,
            user_id: input.userId,
            package: input.packageId,
            credits: input.credits,
            amount_total: input.amountTotal,
            currency: input.currency,
            created_at: nowIso(),
          })
          .onConflict((oc) => oc.column('session_id').doNothing()),
      );
      if (inserted === 0) return { status: 'already_granted' };
      const balance = await changeCredits(conn, {
        userId: input.userId,
        amount: input.credits,
        type: 'purchase',
        reason: `Purchase: ${input.packageId} (${input.credits} credits)`,
        reference: input.sessionId,
      });
      // Roll the purchase row back too: a user deleted since paying gets nothing recorded as granted.
      if (!balance) throw new NoUser();
      return { status: 'granted', balance };
    });
  } catch (error) {
    if (error instanceof NoUser) return { status: 'no_user' };
    throw error;
  }
}

export function purchaseRepository(conn: Conn): PurchaseRepository {
  return {
    grant: (input) => grant(conn, input),
    find: async (sessionId) => {
      const row = await conn.first(conn.db.selectFrom('purchases').selectAll().where('session_id', '=', sessionId));
      return (
        row && {
          sessionId: row.session_id,
          userId: row.user_id,
          packageId: row.package,
          credits: row.credits,
          createdAt: row.created_at,
        }
      );
    },
  };
}

/** A key's last use is written at most once a minute (not on every request). */
const USED_EVERY_MS = 60_000;

function listing(row: {
  id: number;
  name: string;
  key_prefix: string;
  created_at: string;
  last_used_at: string | null;
}): ApiKeyListing {
  return {
    id: row.id,
    name: row.name,
    prefix: row.key_prefix,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

async function authenticate(conn: Conn, keyHash: string): Promise<{ keyId: number; user: User } | null> {
  // Every request of the business API: raw SQL, compiled in about a microsecond.
  const row = await conn.first(
    rawQuery(
      conn.db,
      sql<
        User & { key_id: number; key_last_used_at: string | null }
      >`SELECT k.id AS key_id, k.last_used_at AS key_last_used_at, u.*
      FROM api_keys k JOIN users u ON u.id = k.user_id WHERE k.key_hash = ${keyHash} AND k.revoked_at IS NULL`,
    ),
  );
  if (!row) return null;
  const { key_id, key_last_used_at, ...user } = row;
  if (!key_last_used_at || Date.now() - Date.parse(key_last_used_at) >= USED_EVERY_MS) {
    await conn.run(conn.db.updateTable('api_keys').set({ last_used_at: nowIso() }).where('id', '=', key_id));
  }
  return { keyId: key_id, user };
}

export function apiKeyRepository(conn: Conn): ApiKeyRepository {
  const live = (userId: string) =>
    conn.db.selectFrom('api_keys').where('user_id', '=', userId).where('revoked_at', 'is', null);
  return {
    create: ({ userId, name, keyHash, prefix, maxKeys }) =>
      conn.transaction(async (conn) => {
        await conn.firstLocked(conn.db.selectFrom('users').select('id').where('id', '=', userId));
        const count = Number((await conn.first(live(userId).select((eb) => eb.fn.countAll<number>().as('n'))))?.n ?? 0);
        if (count >= maxKeys) return undefined;
        const row = await conn.first(
          conn.db
            .insertInto('api_keys')
            .values({ user_id: userId, name, key_hash: keyHash, key_prefix: prefix, created_at: nowIso() })
            .returningAll(),
        );
        return row && listing(row);
      }),
    list: async (userId) => (await conn.all(live(userId).selectAll().orderBy('id', 'desc'))).map(listing),
    revoke: async ({ userId, id }) =>
      (await conn.run(
        conn.db
          .updateTable('api_keys')
          .set({ revoked_at: nowIso() })
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null),
      )) > 0,
    revokeAll: (userId) =>
      conn.run(
        conn.db
          .updateTable('api_keys')
          .set({ revoked_at: nowIso() })
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null),
      ),
    authenticate: (keyHash) => authenticate(conn, keyHash),
  };
}
