// The fair shares of the writers' costly requests (server/http/security.ts FairShares), once for both databases: a
// request under way holds a lease, a row renewed by its heartbeat while it runs and deleted when it ends. A writer's
// claim counts their live leases and adds one only under the limit, in one transaction serialized per writer (an
// advisory lock on Postgres; SQLite has one writer): of claims sent at once to several server instances, exactly the
// limit are taken. A lease its process never gave back (killed) stops counting when it expires; on SQLite, whose file
// one server alone serves, a server's start drops every lease left in it (server/start.ts prepareStore).
import type { Conn } from './conn.js';

export interface ShareLeaseRepository {
  /**
   * One more lease for the writer (`id`, live until `until`) unless `limit` are live at `now`; answers whether it was
   * taken.
   */
  claim(input: { userId: string; id: string; limit: number; now: number; until: number }): Promise<boolean>;
  /** The heartbeat: the lease kept live until `until`. */
  renew(input: { id: string; until: number }): Promise<void>;
  /** The lease given back (its request ended). */
  release(id: string): Promise<void>;
  /** The writer's live leases at `now`, every instance's together. */
  heldBy(input: { userId: string; now: number }): Promise<number>;
  /**
   * Every lease dropped; answers how many there were. Only for a store one process alone serves (a SQLite file, whose
   * owner lock the starting server holds): every lease in it was taken by a process that has ended.
   */
  dropAll(): Promise<number>;
}

export function shareLeaseRepository(conn: Conn): ShareLeaseRepository {
  const live = (conn: Conn, userId: string, now: number) =>
    conn.first(
      conn.db
        .selectFrom('share_leases')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .where('expires_at', '>', now),
    );
  return {
    claim: ({ userId, id, limit, now, until }) =>
      conn.transaction(async (conn) => {
        await conn.serialize(`share_leases:${userId}`);
        // Leases their process never gave back (it was killed) are forgotten once expired.
        await conn.run(conn.db.deleteFrom('share_leases').where('user_id', '=', userId).where('expires_at', '<=', now));
        if (Number((await live(conn, userId, now))?.n ?? 0) >= limit) return false;
        await conn.run(conn.db.insertInto('share_leases').values({ id, user_id: userId, expires_at: until }));
        return true;
      }),
    renew: async ({ id, until }) =>
      void (await conn.run(conn.db.updateTable('share_leases').set({ expires_at: until }).where('id', '=', id))),
    release: async (id) => void (await conn.run(conn.db.deleteFrom('share_leases').where('id', '=', id))),
    heldBy: async ({ userId, now }) => Number((await live(conn, userId, now))?.n ?? 0),
    dropAll: () => conn.run(conn.db.deleteFrom('share_leases')),
  };
}
