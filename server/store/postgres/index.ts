// The Postgres adapter (KARYA_DATABASE_URL): every repository of server/store/ports.ts on a `pg` pool
// through kysely. Each use case is one transaction like on SQLite; what SQLite gets from running a
// transaction as one synchronous block, Postgres gets from row locks (SELECT … FOR UPDATE, guarded
// UPDATEs) and unique constraints. Changes of users rows are told to every instance through
// LISTEN/NOTIFY (channel karya_users), so the admin's live list follows writes made anywhere.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import type { CreditTransactionType, Database, Role, User } from '../schema.js';
import { ROLE_CREDITS, normaliseEmail } from '../model.js';
import type {
  AuthRepository, Balance, Charge, ClaimResult, CodeRepository, CreditCode, CreditRepository, GenerationCommit, GenerationRepository,
  HistoryRepository, Repositories, RollbackResult, SessionInfo, SystemRepository, UserRepository,
} from '../ports.js';
import { nowIso } from '../sqlite/store.js';
import { linkToken } from '../sqlite/codes.js';
import { likePattern } from '../sqlite/history.js';
import { toDeployment } from '../sqlite/system.js';
import { inTransaction, postgresBooks, writeStep } from './books.js';
import { postgresIdempotency, postgresLimits } from './limits.js';
import type { OpenedPostgres } from './connect.js';
import { postgresApiKeys, postgresPurchases } from './purchases.js';

type Db = Kysely<Database>;

export const USERS_CHANNEL = 'karya_users';

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && (error as { code?: string }).code === '23505';
}

/** Tell every instance that a users row changed; inside a transaction it is sent at the commit. */
async function userChanged(db: Db, userId: string): Promise<void> {
  await sql`SELECT pg_notify(${USERS_CHANNEL}, ${userId})`.execute(db);
}

const findUserById = (db: Db, id: string) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
const findUserByEmail = (db: Db, email: string) => db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();

interface CreditChange {
  userId: string;
  type: CreditTransactionType;
  reason: string;
  reference?: string;
}

/**
 * Add `amount` (negative to deduct) or set the balance to `setTo`, with its ledger row, in one
 * transaction: the user's row is locked first, so concurrent changes queue and never overdraw.
 */
export async function changeCredits(db: Db, change: CreditChange & ({ amount: number; setTo?: never } | { setTo: number; amount?: never })): Promise<Balance | null> {
  return inTransaction(db, async (trx) => {
    const before = await trx.selectFrom('users').select('credits_available').where('id', '=', change.userId).forUpdate().executeTakeFirst();
    if (!before) return null;
    const next = change.setTo !== undefined ? change.setTo : before.credits_available + change.amount;
    if (next < 0) return null;
    const now = nowIso();
    await trx.updateTable('users').set({ credits_available: next, updated_at: now }).where('id', '=', change.userId).execute();
    const balance = { previous: before.credits_available, next };
    await trx
      .insertInto('credit_transactions')
      .values({
        user_id: change.userId, type: change.type, amount: balance.next - balance.previous, previous_balance: balance.previous, new_balance: balance.next,
        reason: change.reason, reference: change.reference ?? null, created_at: now,
      })
      .execute();
    await userChanged(trx, change.userId);
    return balance;
  });
}

async function setRole(db: Db, input: { userId: string; role: Role; reason: string }): Promise<User | undefined> {
  const { userId, role, reason } = input;
  return inTransaction(db, async (trx) => {
    await trx.updateTable('users').set({ role, updated_at: nowIso() }).where('id', '=', userId).execute();
    await changeCredits(trx, { userId, setTo: ROLE_CREDITS[role], type: 'role', reason });
    return findUserById(trx, userId);
  });
}

/** Local listeners of users changes, fed by one LISTEN connection per adapter (opened on first use). */
class UserChangeFeed {
  private readonly listeners = new Set<(userId: string) => void>();
  private readonly pending = new Set<string>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private isClosed = false;

  constructor(private readonly url: string) {}

  async subscribe(listener: (userId: string) => void): Promise<() => void> {
    await this.connect();
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private connect(): Promise<void> {
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.url });
      let isLost = false;
      client.on('error', () => {
        // The connection dropped (writes are not lost, only their notices): listen again with backoff while
        // anyone listens, else on the next subscription.
        if (isLost) return;
        isLost = true;
        this.client = null;
        this.connecting = null;
        client.end().catch(() => undefined);
        const retry = (delay: number) => {
          if (this.isClosed || !this.listeners.size) return;
          setTimeout(() => void this.connect().catch(() => retry(Math.min(delay * 2, 5_000))), delay).unref();
        };
        retry(250);
      });
      client.on('notification', (message) => {
        if (message.channel !== USERS_CHANNEL || !message.payload) return;
        // Once per user for the notices that arrive together (one transaction's, or several close together).
        if (this.pending.size === 0) {
          setImmediate(() => {
            const ids = [...this.pending];
            this.pending.clear();
            for (const id of ids) for (const listener of this.listeners) listener(id);
          });
        }
        this.pending.add(message.payload);
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${USERS_CHANNEL}`);
      } catch (error) {
        isLost = true;
        this.connecting = null;
        await client.end().catch(() => undefined);
        throw error;
      }
      if (this.isClosed) await client.end();
      else this.client = client;
    })();
    return this.connecting;
  }

  async close(): Promise<void> {
    this.isClosed = true;
    this.listeners.clear();
    await this.connecting?.catch(() => undefined);
    await this.client?.end().catch(() => undefined);
  }
}

function postgresUsers(db: Db, feed: UserChangeFeed): UserRepository {
  return {
    findById: (id) => findUserById(db, id),
    findByEmail: (email) => findUserByEmail(db, email),
    list: () => db.selectFrom('users').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute(),
    create: async (input) => {
      const email = normaliseEmail(input.email);
      const id = randomUUID();
      const now = nowIso();
      try {
        return await inTransaction(db, async (trx) => {
          if (await findUserByEmail(trx, email)) return undefined;
          await trx.insertInto('users').values({ id, email, name: input.name ?? '', role: input.role, credits_available: 0, lang: input.lang ?? 'en', created_at: now, updated_at: now }).execute();
          await trx.insertInto('user_passwords').values({ user_id: id, hash: input.passwordHash, updated_at: now }).execute();
          await changeCredits(trx, { userId: id, amount: ROLE_CREDITS[input.role], type: 'signup', reason: `Starting credits (${input.role})` });
          return findUserById(trx, id);
        });
      } catch (error) {
        // A concurrent sign-up with the same e-mail won the unique constraint.
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },
    updateProfile: async ({ userId, ...patch }) =>
      inTransaction(db, async (trx) => {
        await trx.updateTable('users').set({ ...patch, updated_at: nowIso() }).where('id', '=', userId).execute();
        await userChanged(trx, userId);
        return findUserById(trx, userId);
      }),
    setRole: (input) => setRole(db, input),
    promoteToAdmin: (input) =>
      inTransaction(db, async (trx) => {
        const user = await trx.selectFrom('users').selectAll().where('email', '=', normaliseEmail(input.email)).forUpdate().executeTakeFirst();
        if (!user || user.role === 'admin') return undefined;
        return setRole(trx, { userId: user.id, role: 'admin', reason: input.reason });
      }),
    delete: (userId) =>
      inTransaction(db, async (trx) => {
        await trx.deleteFrom('books').where('owner', '=', userId).execute();
        const deleted = (await trx.deleteFrom('users').where('id', '=', userId).executeTakeFirst()).numDeletedRows > 0n;
        if (deleted) await userChanged(trx, userId);
        return deleted;
      }),
    onChange: (listener) => feed.subscribe(listener),
  };
}

const LOOKUP = `SELECT s.id AS session_id, s.expires_at AS session_expires_at, s.is_remembered AS session_is_remembered, u.*
  FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1`;
type LookupRow = User & { session_id: number; session_expires_at: number; session_is_remembered: number };

function postgresAuth(db: Db, pool: pg.Pool): AuthRepository {
  const setPasswordHash = async (trx: Db, input: { userId: string; hash: string }) => {
    await trx.updateTable('user_passwords').set({ hash: input.hash, updated_at: nowIso() }).where('user_id', '=', input.userId).execute();
  };
  const deleteUserSessions = async (trx: Db, input: { userId: string; keepId?: number }) => {
    let query = trx.deleteFrom('sessions').where('user_id', '=', input.userId);
    if (input.keepId !== undefined) query = query.where('id', '!=', input.keepId);
    await query.execute();
  };
  const deleteSession = async (sessionId: number) => {
    await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
  };
  return {
    createSession: async (input) => {
      await db
        .insertInto('sessions')
        .values({
          token_hash: input.tokenHash, user_id: input.userId, is_remembered: input.isRemembered ? 1 : 0, expires_at: input.expiresAt,
          ip_address: input.ip ?? null, user_agent: input.userAgent ?? null, created_at: nowIso(),
        })
        .execute();
    },
    // The hot path: one named (server-side prepared) statement.
    findSession: async (tokenHash): Promise<SessionInfo | null> => {
      const { rows } = await pool.query<LookupRow>({ name: 'karya_find_session', text: LOOKUP, values: [tokenHash] });
      const row = rows[0];
      if (!row) return null;
      const { session_id, session_expires_at, session_is_remembered, ...user } = row;
      if (session_expires_at <= Date.now()) {
        await deleteSession(session_id);
        return null;
      }
      return { sessionId: session_id, expiresAt: session_expires_at, isRemembered: session_is_remembered === 1, user };
    },
    deleteSession,
    deleteExpiredSessions: async () => Number((await db.deleteFrom('sessions').where('expires_at', '<=', Date.now()).executeTakeFirst()).numDeletedRows),
    passwordHashOf: async (userId) => (await db.selectFrom('user_passwords').select('hash').where('user_id', '=', userId).executeTakeFirst())?.hash,
    setPasswordHash: (input) => setPasswordHash(db, input),
    changePassword: ({ userId, hash, keepSessionId }) =>
      inTransaction(db, async (trx) => {
        await setPasswordHash(trx, { userId, hash });
        await deleteUserSessions(trx, { userId, keepId: keepSessionId });
        // A reset link sent before the change must not set the password again.
        await trx.deleteFrom('password_resets').where('user_id', '=', userId).execute();
      }),
    createPasswordReset: async (input) => {
      await db.insertInto('password_resets').values({ token_hash: input.tokenHash, user_id: input.userId, expires_at: input.expiresAt, used_at: null, created_at: nowIso() }).execute();
    },
    findPasswordReset: async (tokenHash) => {
      const row = await db.selectFrom('password_resets').select(['user_id', 'expires_at', 'used_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
      return row && { userId: row.user_id, expiresAt: row.expires_at, isUsed: row.used_at !== null };
    },
    resetPassword: ({ tokenHash, hash }) =>
      inTransaction(db, async (trx) => {
        const row = await trx
          .updateTable('password_resets')
          .set({ used_at: nowIso() })
          .where('token_hash', '=', tokenHash)
          .where('used_at', 'is', null)
          .where('expires_at', '>', Date.now())
          .returning('user_id')
          .executeTakeFirst();
        if (!row) return null;
        await setPasswordHash(trx, { userId: row.user_id, hash });
        await deleteUserSessions(trx, { userId: row.user_id });
        await trx.deleteFrom('password_resets').where('user_id', '=', row.user_id).where('token_hash', '!=', tokenHash).execute();
        return row.user_id;
      }),
  };
}

function postgresCredits(db: Db): CreditRepository {
  return {
    charge: async ({ userId, amount, reason, reference }) => {
      if (!Number.isInteger(amount) || amount <= 0) throw new RangeError(`a charge is a positive whole number of credits, not ${amount}`);
      return changeCredits(db, { userId, amount: -amount, type: 'charge', reason, ...(reference !== undefined ? { reference } : {}) });
    },
    setBalance: ({ userId, credits, reason, reference }) => changeCredits(db, { userId, setTo: credits, type: 'adjustment', reason, ...(reference !== undefined ? { reference } : {}) }),
    balanceOf: async (userId) => (await db.selectFrom('users').select('credits_available').where('id', '=', userId).executeTakeFirst())?.credits_available,
    ledger: (userId) => db.selectFrom('credit_transactions').selectAll().where('user_id', '=', userId).orderBy('id', 'asc').execute(),
  };
}

interface ClaimSource {
  find(trx: Db): Promise<{ id: number; credits: number; name: string } | undefined>;
  hasClaimed(trx: Db, id: number): Promise<boolean>;
  recordClaim(trx: Db, id: number, credits: number): Promise<void>;
  ledger: { type: 'code' | 'link'; reason: string };
}

async function claimOnce(db: Db, userId: string, source: ClaimSource): Promise<ClaimResult> {
  try {
    return await inTransaction(db, async (trx): Promise<ClaimResult> => {
      const row = await source.find(trx);
      if (!row) return { status: 'invalid' };
      if (await source.hasClaimed(trx, row.id)) return { status: 'already_claimed' };
      await source.recordClaim(trx, row.id, row.credits);
      const { type, reason } = source.ledger;
      const balance = await changeCredits(trx, { userId, amount: row.credits, type, reason: `${reason} ${row.name}`, reference: `${type}:${row.id}` });
      if (!balance) throw new Error(`user ${userId} vanished during a ${type} claim`);
      return { status: 'granted', credits: row.credits, balance };
    });
  } catch (error) {
    // A concurrent claim by the same user lost the race on the unique (user, code|link) constraint.
    if (isUniqueViolation(error)) return { status: 'already_claimed' };
    throw error;
  }
}

function postgresCodes(db: Db): CodeRepository {
  return {
    redeemCode: ({ userId, code }) =>
      claimOnce(db, userId, {
        find: async (trx) => {
          // Locked: concurrent claims of a capped code by different users queue here, so the cap holds.
          const row = await trx.selectFrom('credit_codes').selectAll().where('code', '=', code).where('is_active', '=', 1).forUpdate().executeTakeFirst();
          if (!row) return undefined;
          if (row.expires_at !== null && row.expires_at <= nowIso()) return undefined;
          if (row.max_redemptions !== null) {
            const used = Number((await trx.selectFrom('credit_code_claims').select((e) => e.fn.countAll<number>().as('n')).where('code_id', '=', row.id).executeTakeFirst())?.n ?? 0);
            if (used >= row.max_redemptions) return undefined;
          }
          return { id: row.id, credits: row.credits, name: row.code };
        },
        hasClaimed: async (trx, id) => !!(await trx.selectFrom('credit_code_claims').select('id').where('user_id', '=', userId).where('code_id', '=', id).executeTakeFirst()),
        recordClaim: async (trx, id, credits) => {
          await trx.insertInto('credit_code_claims').values({ user_id: userId, code_id: id, credits_awarded: credits, claimed_at: nowIso() }).execute();
        },
        ledger: { type: 'code', reason: 'Credit code' },
      }),
    claimLink: ({ userId, token }) =>
      claimOnce(db, userId, {
        find: async (trx) => {
          const row = await trx.selectFrom('credit_links').selectAll().where('token', '=', token).where('is_active', '=', 1).executeTakeFirst();
          return row && { id: row.id, credits: row.credits, name: row.token };
        },
        hasClaimed: async (trx, id) => !!(await trx.selectFrom('credit_link_claims').select('id').where('user_id', '=', userId).where('link_id', '=', id).executeTakeFirst()),
        recordClaim: async (trx, id, credits) => {
          await trx.insertInto('credit_link_claims').values({ user_id: userId, link_id: id, credits_awarded: credits, claimed_at: nowIso() }).execute();
        },
        ledger: { type: 'link', reason: 'Credit link' },
      }),
    createCode: async (input): Promise<CreditCode | undefined> => {
      try {
        return await db
          .insertInto('credit_codes')
          .values({
            code: input.code, credits: input.credits, description: input.description ?? null, created_by: input.createdBy, created_at: nowIso(),
            expires_at: input.expiresAt ?? null, max_redemptions: input.maxRedemptions ?? null,
          })
          .returningAll()
          .executeTakeFirst();
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },
    listCodes: () =>
      db
        .selectFrom('credit_codes as k')
        .select((eb) => [
          'k.id', 'k.code', 'k.credits', 'k.description', 'k.is_active', 'k.created_by', 'k.created_at', 'k.expires_at', 'k.max_redemptions',
          eb.selectFrom('credit_code_claims as c').select((e) => e.fn.countAll<number>().as('n')).whereRef('c.code_id', '=', 'k.id').$asScalar().$notNull().as('claims'),
        ])
        .orderBy('k.created_at', 'desc')
        .orderBy('k.id', 'desc')
        .execute(),
    createLink: async (input) => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await db
            .insertInto('credit_links')
            .values({ token: linkToken(input.credits), credits: input.credits, description: input.description ?? null, created_by: input.createdBy, created_at: nowIso() })
            .returningAll()
            .executeTakeFirstOrThrow();
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= 5) throw error;
        }
      }
    },
    listLinks: () =>
      db
        .selectFrom('credit_links as l')
        .leftJoin('users as u', 'u.id', 'l.created_by')
        .select((eb) => [
          'l.id', 'l.token', 'l.credits', 'l.description', 'l.created_by', 'u.email as created_by_email', 'l.created_at', 'l.is_active',
          eb.selectFrom('credit_link_claims as c').select((e) => e.fn.countAll<number>().as('n')).whereRef('c.link_id', '=', 'l.id').$asScalar().$notNull().as('claims'),
        ])
        .where('l.is_active', '=', 1)
        .orderBy('l.created_at', 'desc')
        .orderBy('l.id', 'desc')
        .execute(),
    deactivateLink: async (id) => (await db.updateTable('credit_links').set({ is_active: 0 }).where('id', '=', id).where('is_active', '=', 1).executeTakeFirst()).numUpdatedRows > 0n,
    deactivateCode: async (id) => (await db.updateTable('credit_codes').set({ is_active: 0 }).where('id', '=', id).where('is_active', '=', 1).executeTakeFirst()).numUpdatedRows > 0n,
    listClaims: async () => {
      const codeClaims = await db
        .selectFrom('credit_code_claims as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .innerJoin('credit_codes as k', 'k.id', 'c.code_id')
        .select(['c.id', 'u.email as user_email', 'k.code', 'k.credits', 'c.credits_awarded', 'c.claimed_at'])
        .orderBy('c.claimed_at', 'desc')
        .orderBy('c.id', 'desc')
        .execute();
      const linkClaims = await db
        .selectFrom('credit_link_claims as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .innerJoin('credit_links as l', 'l.id', 'c.link_id')
        .select(['c.id', 'u.email as user_email', 'l.token', 'l.credits', 'c.credits_awarded', 'c.claimed_at'])
        .orderBy('c.claimed_at', 'desc')
        .orderBy('c.id', 'desc')
        .execute();
      return { code_claims: codeClaims, link_claims: linkClaims };
    },
  };
}

const HISTORY_LIST_COLUMNS = ['id', 'title', 'content_type', 'generator_id', 'created_at'] as const;

/**
 * History on Postgres: the same use cases as SQLite's (server/store/sqlite/history.ts), with the search
 * on the generated tsvector column `search_vector` and its GIN index (migrations/0014): every word of
 * the search as a prefix (`word:*`), 'simple' configuration (no stemming; not accent-insensitive, as
 * the unaccent extension needs privileges the server may not have).
 */
function postgresHistory(db: Db): HistoryRepository {
  return {
    list: async ({ userId, search, type, before, limit }) => {
      let select = db.selectFrom('content_history').select(HISTORY_LIST_COLUMNS).where('user_id', '=', userId);
      if (before !== undefined) select = select.where('id', '<', before);
      if (type) select = select.where('content_type', '=', type);
      if (search?.trim()) {
        const words = search.normalize('NFKC').match(/[\p{L}\p{N}]+/gu);
        if (!words) return { items: [], nextCursor: null };
        const query = words.slice(0, 16).map((w) => `${w}:*`).join(' & ');
        select = select.where(sql<boolean>`search_vector @@ to_tsquery('simple', ${query})`);
      }
      const rows = await select.orderBy('id', 'desc').limit(limit + 1).execute();
      const hasMore = rows.length > limit;
      const items = hasMore ? rows.slice(0, limit) : rows;
      return { items, nextCursor: hasMore ? items[items.length - 1]!.id : null };
    },
    types: async ({ userId }) => {
      // Distinct types by skipping through the (user_id, content_type, id) index: one seek per type.
      const result = await sql<{ type: string }>`WITH RECURSIVE t(type) AS (
          SELECT (SELECT min(content_type) FROM content_history WHERE user_id = ${userId})
          UNION ALL
          SELECT (SELECT min(content_type) FROM content_history WHERE user_id = ${userId} AND content_type > t.type) FROM t WHERE t.type IS NOT NULL
        ) SELECT type FROM t WHERE type IS NOT NULL`.execute(db);
      return result.rows.map((r) => r.type);
    },
    get: async ({ userId, id }) => db.selectFrom('content_history').select([...HISTORY_LIST_COLUMNS, 'content']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst(),
    delete: async ({ userId, id }) => (await db.deleteFrom('content_history').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()).numDeletedRows > 0n,
  };
}

async function refundGeneration(db: Db, input: { userId: string; charge: Charge; reason: string; errorCode: string }): Promise<void> {
  await inTransaction(db, async (trx) => {
    // Lock the generation: a refund and a commit of the same step (two workers) never both land.
    const row = await trx.selectFrom('generations').select('status').where('id', '=', input.charge.generationId).forUpdate().executeTakeFirst();
    if (row && row.status !== 'running') return;
    if (input.charge.credits > 0 && (await findUserById(trx, input.userId))) {
      await changeCredits(trx, { userId: input.userId, amount: input.charge.credits, type: 'refund', reason: input.reason, reference: input.charge.generationId });
    }
    await trx
      .updateTable('generations')
      .set({ status: input.charge.credits > 0 ? 'refunded' : 'failed', error_code: input.errorCode, finished_at: nowIso() })
      .where('id', '=', input.charge.generationId)
      .execute();
  });
}

function postgresGenerations(db: Db): GenerationRepository {
  return {
    start: (input) =>
      inTransaction(db, async (trx) => {
        const generationId = input.generationId ?? randomUUID();
        const user = await findUserById(trx, input.userId);
        if (!user) return null;
        let credits = input.cost;
        if (credits > 0) {
          const balance = await changeCredits(trx, { userId: user.id, amount: -credits, type: 'charge', reason: input.reason, reference: generationId });
          if (!balance) {
            if (user.role !== 'admin') return null;
            credits = 0;
          }
        }
        await trx
          .insertInto('generations')
          .values({ id: generationId, user_id: user.id, generator_id: input.generatorId, step: input.step, credits_charged: credits, status: 'running', error_code: null, created_at: nowIso() })
          .execute();
        return { generationId, credits };
      }),
    find: async (generationId) => {
      const row = await db.selectFrom('generations').selectAll().where('id', '=', generationId).executeTakeFirst();
      return row && { id: row.id, userId: row.user_id, step: row.step, credits: row.credits_charged, status: row.status, errorCode: row.error_code };
    },
    isRunning: async ({ userId, generatorId }) =>
      (await db.selectFrom('generations').select('id').where('user_id', '=', userId).where('generator_id', '=', generatorId).where('status', '=', 'running').limit(1).executeTakeFirst()) !== undefined,
    refund: (input) => refundGeneration(db, input),
    commit: (input: GenerationCommit) =>
      inTransaction(db, async (trx) => {
        const { userId, charge, history, usage } = input;
        const now = nowIso();
        // Lock the generation: only a running one is committed, once.
        const row = await trx.selectFrom('generations').select('status').where('id', '=', charge.generationId).forUpdate().executeTakeFirst();
        if (row && row.status !== 'running') return;
        if (input.book) await writeStep(trx as never, userId, input.book.key, input.book.save);
        if (history) await trx.insertInto('content_history').values({ user_id: userId, title: history.title, content_type: history.contentType, content: history.content, generator_id: history.generatorId, created_at: now }).execute();
        if (usage.isPart) {
          await trx.updateTable('users').set((eb) => ({ total_usage: eb('total_usage', '+', 1), updated_at: now })).where('id', '=', userId).execute();
          await userChanged(trx, userId);
        }
        await trx.insertInto('usage_records').values({ user_id: userId, prompt_type: usage.promptType, credits_used: charge.credits, metadata: JSON.stringify(usage.metadata), created_at: now }).execute();
        await trx.updateTable('generations').set({ status: 'succeeded', finished_at: now }).where('id', '=', charge.generationId).execute();
      }),
    refundInterrupted: async () => {
      const running = await db.selectFrom('generations').selectAll().where('status', '=', 'running').execute();
      for (const g of running) {
        await refundGeneration(db, { userId: g.user_id, charge: { generationId: g.id, credits: g.credits_charged }, reason: `Refund: ${g.generator_id} ${g.step} (server stopped)`, errorCode: 'interrupted' });
      }
      return running.length;
    },
    recordUsage: async ({ userId, promptType, metadata }) => {
      await db.insertInto('usage_records').values({ user_id: userId, prompt_type: promptType, credits_used: 0, metadata: JSON.stringify(metadata), created_at: nowIso() }).execute();
    },
  };
}

function postgresSystem(db: Db): SystemRepository {
  return {
    ping: async () => {
      await sql`SELECT 1`.execute(db);
    },
    readConfig: async <T>(key: string, fallback: T): Promise<T> => {
      const row = await db.selectFrom('config').select('value').where('key', '=', key).executeTakeFirst();
      if (row) return JSON.parse(row.value) as T;
      const now = nowIso();
      await db.insertInto('config').values({ key, value: JSON.stringify(fallback), created_at: now, updated_at: now }).onConflict((oc) => oc.column('key').doNothing()).execute();
      return fallback;
    },
    writeConfig: async (key, value) => {
      const now = nowIso();
      await db
        .insertInto('config')
        .values({ key, value: JSON.stringify(value), created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: now }))
        .execute();
    },
    listDeployments: async () => (await db.selectFrom('deployments').selectAll().orderBy('id', 'desc').execute()).map(toDeployment),
    recordStart: (input) =>
      inTransaction(db, async (trx) => {
        // One instance records a new version however many start at once.
        await sql`SELECT pg_advisory_xact_lock(hashtext('karya_deployments'))`.execute(trx);
        const starts = (await trx.selectFrom('deployments').selectAll().orderBy('id', 'desc').execute()).map(toDeployment).filter((d) => d.metadata.kind === 'start');
        if (starts[0]?.version === input.version) return undefined;
        const row = await trx
          .insertInto('deployments')
          .values({ version: input.version, status: 'success', url: input.url, metadata: JSON.stringify({ kind: 'start', node: process.version }), created_at: nowIso() })
          .returningAll()
          .executeTakeFirst();
        return row ? toDeployment(row) : undefined;
      }),
    rollBack: (input) =>
      inTransaction(db, async (trx): Promise<RollbackResult> => {
        const target = await trx.selectFrom('deployments').selectAll().where('id', '=', input.id).executeTakeFirst();
        if (!target) return { status: 'not_found' };
        if (target.status !== 'success') return { status: 'not_success' };
        const current = await trx.selectFrom('deployments').select('version').where('status', '=', 'success').orderBy('id', 'desc').executeTakeFirst();
        const row = await trx
          .insertInto('deployments')
          .values({
            version: `rollback-to-${target.version}`, status: 'success', url: target.url,
            metadata: JSON.stringify({ kind: 'rollback', rolledBackFrom: current?.version ?? null, originalVersion: target.version, rollbackReason: input.reason, targetId: target.id, by: input.by }),
            created_at: nowIso(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return { status: 'done', deployment: toDeployment(row) };
      }),
    writeToOutbox: async (message) => {
      await db.insertInto('mail_outbox').values({ to_address: message.to, subject: message.subject, body: message.text, created_at: nowIso() }).execute();
    },
  };
}

/** Every repository on an open Postgres database, and `close` for its listener connection. */
export function postgresRepositories(opened: OpenedPostgres): Repositories & { close(): Promise<void> } {
  const { db, pool, url } = opened;
  const feed = new UserChangeFeed(url);
  return {
    books: postgresBooks(db),
    users: postgresUsers(db, feed),
    auth: postgresAuth(db, pool),
    credits: postgresCredits(db),
    codes: postgresCodes(db),
    history: postgresHistory(db),
    generations: postgresGenerations(db),
    system: postgresSystem(db),
    purchases: postgresPurchases(db),
    apiKeys: postgresApiKeys(db),
    limits: postgresLimits(db),
    idempotency: postgresIdempotency(db),
    close: () => feed.close(),
  };
}
