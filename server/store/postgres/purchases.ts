// Purchases and API keys on Postgres. A purchase is one transaction: the session id's row (its primary
// key makes a concurrent or replayed delivery insert nothing) and the credits.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';
import type { ApiKeyListing, ApiKeyRepository, PurchaseGrant, PurchaseRepository } from '../ports.js';
import { nowIso } from '../sqlite/store.js';
import { inTransaction } from './books.js';
import { changeCredits } from './index.js';

type Db = Kysely<Database>;

class NoUser extends Error {}

export function postgresPurchases(db: Db): PurchaseRepository {
  return {
    grant: async (input) => {
      try {
        return await inTransaction(db, async (trx): Promise<PurchaseGrant> => {
          const inserted = await trx
            .insertInto('purchases')
            .values({ session_id: input.sessionId, user_id: input.userId, package: input.packageId, credits: input.credits, amount_total: input.amountTotal, currency: input.currency, created_at: nowIso() })
            .onConflict((oc) => oc.column('session_id').doNothing())
            .returning('session_id')
            .executeTakeFirst();
          if (!inserted) return { status: 'already_granted' };
          const balance = await changeCredits(trx, { userId: input.userId, amount: input.credits, type: 'purchase', reason: `Purchase: ${input.packageId} (${input.credits} credits)`, reference: input.sessionId });
          if (!balance) throw new NoUser();
          return { status: 'granted', balance };
        });
      } catch (error) {
        if (error instanceof NoUser) return { status: 'no_user' };
        throw error;
      }
    },
    find: async (sessionId) => {
      const row = await db.selectFrom('purchases').selectAll().where('session_id', '=', sessionId).executeTakeFirst();
      return row && { sessionId: row.session_id, userId: row.user_id, packageId: row.package, credits: row.credits, createdAt: row.created_at };
    },
  };
}

const USED_EVERY_MS = 60_000;

function listing(row: { id: number; name: string; key_prefix: string; created_at: string; last_used_at: string | null }): ApiKeyListing {
  return { id: row.id, name: row.name, prefix: row.key_prefix, createdAt: row.created_at, lastUsedAt: row.last_used_at };
}

export function postgresApiKeys(db: Db): ApiKeyRepository {
  const live = (d: Db, userId: string) => d.selectFrom('api_keys').where('user_id', '=', userId).where('revoked_at', 'is', null);
  return {
    create: ({ userId, name, keyHash, prefix, maxKeys }) =>
      inTransaction(db, async (trx) => {
        // One user's key creations queue on their row, so the cap holds under concurrency.
        await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
        const { n } = await live(trx, userId).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
        if (n >= maxKeys) return undefined;
        const row = await trx.insertInto('api_keys').values({ user_id: userId, name, key_hash: keyHash, key_prefix: prefix, created_at: nowIso() }).returningAll().executeTakeFirst();
        return row && listing(row);
      }),
    list: async (userId) => (await live(db, userId).selectAll().orderBy('id', 'desc').execute()).map(listing),
    revoke: async ({ userId, id }) =>
      Number((await db.updateTable('api_keys').set({ revoked_at: nowIso() }).where('id', '=', id).where('user_id', '=', userId).where('revoked_at', 'is', null).executeTakeFirst()).numUpdatedRows) > 0,
    authenticate: async (keyHash) => {
      const row = await db
        .selectFrom('api_keys as k')
        .innerJoin('users as u', 'u.id', 'k.user_id')
        .selectAll('u')
        .select(['k.id as key_id', 'k.last_used_at as key_last_used_at'])
        .where('k.key_hash', '=', keyHash)
        .where('k.revoked_at', 'is', null)
        .executeTakeFirst();
      if (!row) return null;
      const { key_id, key_last_used_at, ...user } = row;
      if (!key_last_used_at || Date.now() - Date.parse(key_last_used_at) >= USED_EVERY_MS) {
        await db.updateTable('api_keys').set({ last_used_at: nowIso() }).where('id', '=', key_id).execute();
      }
      return { keyId: key_id, user };
    },
  };
}
