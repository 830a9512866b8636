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
import { codeRepository } from '../queries/codes.js';
import { historyPage, historyRepository, searchWords } from '../queries/history.js';
import { toDeployment } from '../sqlite/system.js';
import { inTransaction, postgresBooks, writeStep } from './books.js';
import { postgresIdempotency, postgresLimits } from './limits.js';
import type { OpenedPostgres } from './connect.js';
import { postgresApiKeys, postgresPurchases } from './purchases.js';
import * as users from '../queries/users.js';
import { authRepository, deleteSession, lookupSql, sessionOfRow, type LookupRow } from '../queries/auth.js';
import type { Exec } from '../queries/run.js';
import { USERS_CHANNEL, postgresExec, runAsync } from './run.js';

type Db = Kysely<Database>;

export { USERS_CHANNEL } from './run.js';

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && (error as { code?: string }).code === '23505';
}

const findUserById = (db: Db, id: string) => runAsync(db, users.findUserById(db, id));

type CreditChange = Parameters<typeof users.changeCredits>[1];

/** Add `amount` (negative to deduct) or set the balance to `setTo`, with its ledger row (queries/users.ts). */
export function changeCredits(db: Db, change: CreditChange): Promise<Balance | null> {
  return runAsync(db, users.changeCredits(db, change));
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
      client.on('error', () => {
        // The connection dropped: listen again on the next subscription (writes are not lost, only their notices).
        this.client = null;
        this.connecting = null;
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
      await client.connect();
      await client.query(`LISTEN ${USERS_CHANNEL}`);
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

const LOOKUP = lookupSql('$1');

function postgresAuth(db: Db, pool: pg.Pool, exec: Exec): AuthRepository {
  // The hot path: one named (server-side prepared) statement.
  return authRepository(db, exec, async (tokenHash) => {
    const { rows } = await pool.query<LookupRow>({ name: 'karya_find_session', text: LOOKUP, values: [tokenHash] });
    let expired: number | undefined;
    const session = sessionOfRow(rows[0], (sessionId) => (expired = sessionId));
    if (expired !== undefined) await exec(deleteSession(db, expired));
    return session;
  });
}

/**
 * History on Postgres (queries/history.ts), with the search on the generated tsvector column
 * `search_vector` and its GIN index (migrations/0014): every word of the search as a prefix (`word:*`),
 * 'simple' configuration (no stemming; not accent-insensitive, as the unaccent extension needs
 * privileges the server may not have).
 */
function postgresHistory(db: Db, exec: Exec): HistoryRepository {
  return historyRepository(db, exec, {
    search: ({ search, ...page }) => {
      const words = searchWords(search);
      const query = words?.map((w) => `${w}:*`).join(' & ');
      return query === undefined ? undefined : historyPage(db, page).where(sql<boolean>`search_vector @@ to_tsquery('simple', ${query})`);
    },
  });
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
        if (usage.isPart) await runAsync(trx, users.addUsage(trx, userId));
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
  const exec = postgresExec(db);
  return {
    books: postgresBooks(db),
    users: users.userRepository(db, exec, (listener) => feed.subscribe(listener)),
    auth: postgresAuth(db, pool, exec),
    credits: users.creditRepository(db, exec),
    codes: codeRepository(db, exec),
    history: postgresHistory(db, exec),
    generations: postgresGenerations(db),
    system: postgresSystem(db),
    purchases: postgresPurchases(db),
    apiKeys: postgresApiKeys(db),
    limits: postgresLimits(db),
    idempotency: postgresIdempotency(db),
    close: () => feed.close(),
  };
}
