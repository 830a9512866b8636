// The config table (key → JSON value, created when missing), deployment records, the mail outbox and
// the health check, once for both databases.
import { sql } from 'kysely';
import type { Deployment, RollbackResult, SystemRepository } from '../ports.js';
import { nowIso, rawQuery, type Conn } from './conn.js';

export function toDeployment(row: {
  id: number;
  version: string;
  status: string;
  url: string | null;
  metadata: string;
  created_at: string;
}): Deployment {
  return { ...row, metadata: JSON.parse(row.metadata) as Record<string, unknown> };
}

/** The value under `key`, inserting `fallback` first when the key is missing. */
async function readConfig<T>(conn: Conn, key: string, fallback: T): Promise<T> {
  const row = await conn.first(conn.db.selectFrom('config').select('value').where('key', '=', key));
  if (row) return JSON.parse(row.value) as T;
  const now = nowIso();
  await conn.run(
    conn.db
      .insertInto('config')
      .values({ key, value: JSON.stringify(fallback), created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('key').doNothing()),
  );
  return fallback;
}

const listDeployments = (conn: Conn) => conn.all(conn.db.selectFrom('deployments').selectAll().orderBy('id', 'desc'));

/**
 * Record a start when this version differs from the last version started (one instance records it however many start at
 * once).
 */
function recordStart(conn: Conn, input: { version: string; url: string }): Promise<Deployment | undefined> {
  return conn.transaction(async (conn) => {
    await conn.serialize('karya_deployments');
    const starts = (await listDeployments(conn)).map(toDeployment).filter((d) => d.metadata.kind === 'start');
    if (starts[0]?.version === input.version) return undefined;
    const row = await conn.first(
      conn.db
        .insertInto('deployments')
        .values({
          version: input.version,
          status: 'success',
          url: input.url,
          metadata: JSON.stringify({ kind: 'start', node: process.version }),
          created_at: nowIso(),
        })
        .returningAll(),
    );
    return row ? toDeployment(row) : undefined;
  });
}

/**
 * A rollback record: status success, version `rollback-to-{version}`, the same url, and metadata naming
 * the source (rolledBackFrom: the version current until now, originalVersion, rollbackReason).
 * Only success records can be rolled back to.
 */
function rollBack(conn: Conn, input: { id: number; reason: string; by: string }): Promise<RollbackResult> {
  return conn.transaction(async (conn): Promise<RollbackResult> => {
    const target = await conn.first(conn.db.selectFrom('deployments').selectAll().where('id', '=', input.id));
    if (!target) return { status: 'not_found' };
    if (target.status !== 'success') return { status: 'not_success' };
    const current = await conn.first(
      conn.db.selectFrom('deployments').select('version').where('status', '=', 'success').orderBy('id', 'desc'),
    );
    const row = await conn.first(
      conn.db
        .insertInto('deployments')
        .values({
          version: `rollback-to-${target.version}`,
          status: 'success',
          url: target.url,
          metadata: JSON.stringify({
            kind: 'rollback',
            rolledBackFrom: current?.version ?? null,
            originalVersion: target.version,
            rollbackReason: input.reason,
            targetId: target.id,
            by: input.by,
          }),
          created_at: nowIso(),
        })
        .returningAll(),
    );
    return { status: 'done', deployment: toDeployment(row!) };
  });
}

export function systemRepository(conn: Conn): SystemRepository {
  return {
    ping: async () => {
      await conn.first(rawQuery(conn.db, sql`SELECT 1`));
    },
    readConfig: (key, fallback) => readConfig(conn, key, fallback),
    writeConfig: async (key, value) => {
      const now = nowIso();
      await conn.run(
        conn.db
          .insertInto('config')
          .values({ key, value: JSON.stringify(value), created_at: now, updated_at: now })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: now })),
      );
    },
    listDeployments: async () => (await listDeployments(conn)).map(toDeployment),
    recordStart: (input) => recordStart(conn, input),
    rollBack: (input) => rollBack(conn, input),
    writeToOutbox: async (message) => {
      await conn.run(
        conn.db
          .insertInto('mail_outbox')
          .values({ to_address: message.to, subject: message.subject, body: message.text, created_at: nowIso() }),
      );
    },
  };
}
