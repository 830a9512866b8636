// Purchases and API keys on SQLite. A purchase is one transaction (insert the session id, add the
// credits); the session id is the primary key, so any number of deliveries of one event grant once.
import type { Store } from './store.js';
import { nowIso } from './store.js';
import type { ApiKeyListing, ApiKeyRepository, PurchaseGrant, PurchaseRepository } from '../ports.js';
import type { User } from '../schema.js';
import { changeCredits } from './credits.js';

class NoUser extends Error {}

export function sqlitePurchases(store: Store): PurchaseRepository {
  return {
    grant: async (input) => {
      try {
        return store.transaction((): PurchaseGrant => {
          const inserted = store.run(
            store.db
              .insertInto('purchases')
              .values({ session_id: input.sessionId, user_id: input.userId, package: input.packageId, credits: input.credits, amount_total: input.amountTotal, currency: input.currency, created_at: nowIso() })
              .onConflict((oc) => oc.column('session_id').doNothing()),
          );
          if (inserted === 0) return { status: 'already_granted' };
          const balance = changeCredits(store, { userId: input.userId, amount: input.credits, type: 'purchase', reason: `Purchase: ${input.packageId} (${input.credits} credits)`, reference: input.sessionId });
          // Roll the purchase row back too: a user deleted since paying gets nothing recorded as granted.
          if (!balance) throw new NoUser();
          return { status: 'granted', balance };
        });
      } catch (error) {
        if (error instanceof NoUser) return { status: 'no_user' };
        throw error;
      }
    },
    find: async (sessionId) => {
      const row = store.first(store.db.selectFrom('purchases').selectAll().where('session_id', '=', sessionId));
      return row && { sessionId: row.session_id, userId: row.user_id, packageId: row.package, credits: row.credits, createdAt: row.created_at };
    },
  };
}

const USED_EVERY_MS = 60_000;
const AUTHENTICATE = `SELECT k.id AS key_id, k.last_used_at AS key_last_used_at, u.*
  FROM api_keys k JOIN users u ON u.id = k.user_id WHERE k.key_hash = ? AND k.revoked_at IS NULL`;

function listing(row: { id: number; name: string; key_prefix: string; created_at: string; last_used_at: string | null }): ApiKeyListing {
  return { id: row.id, name: row.name, prefix: row.key_prefix, createdAt: row.created_at, lastUsedAt: row.last_used_at };
}

export function sqliteApiKeys(store: Store): ApiKeyRepository {
  const live = (userId: string) => store.db.selectFrom('api_keys').where('user_id', '=', userId).where('revoked_at', 'is', null);
  return {
    create: async ({ userId, name, keyHash, prefix, maxKeys }) =>
      store.transaction(() => {
        const count = store.first(live(userId).select((eb) => eb.fn.countAll<number>().as('n')))?.n ?? 0;
        if (count >= maxKeys) return undefined;
        const row = store.first(
          store.db.insertInto('api_keys').values({ user_id: userId, name, key_hash: keyHash, key_prefix: prefix, created_at: nowIso() }).returningAll(),
        );
        return row && listing(row);
      }),
    list: async (userId) => store.all(live(userId).selectAll().orderBy('id', 'desc')).map(listing),
    revoke: async ({ userId, id }) =>
      store.run(store.db.updateTable('api_keys').set({ revoked_at: nowIso() }).where('id', '=', id).where('user_id', '=', userId).where('revoked_at', 'is', null)) > 0,
    authenticate: async (keyHash) => {
      const row = store.raw(AUTHENTICATE).get(keyHash) as (User & { key_id: number; key_last_used_at: string | null }) | undefined;
      if (!row) return null;
      const { key_id, key_last_used_at, ...user } = row;
      if (!key_last_used_at || Date.now() - Date.parse(key_last_used_at) >= USED_EVERY_MS) {
        store.run(store.db.updateTable('api_keys').set({ last_used_at: nowIso() }).where('id', '=', key_id));
      }
      return { keyId: key_id, user };
    },
  };
}
