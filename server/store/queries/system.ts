// The config table (key → JSON value, created when missing), deployment records, the mail outbox and
// the health check, once for both databases.
import { sql } from 'kysely';
import type { Deployment, RollbackResult, SystemRepository } from '../ports.js';
import { all, first, nowIso, rawQuery, run, serialize, transaction, type Db, type Exec, type Program } from './run.js';

export function toDeployment(row: { id: number; version: string; status: string; url: string | null; metadata: string; created_at: string }): Deployment {
  return { ...row, metadata: JSON.parse(row.metadata) as Record<string, unknown> };
}

/** The value under `key`, inserting `fallback` first when the key is missing. */
function* readConfig<T>(db: Db, key: string, fallback: T): Program<T> {
  const row = yield* first(db.selectFrom('config').select('value').where('key', '=', key));
  if (row) return JSON.parse(row.value) as T;
  const now = nowIso();
  yield* run(db.insertInto('config').values({ key, value: JSON.stringify(fallback), created_at: now, updated_at: now }).onConflict((oc) => oc.column('key').doNothing()));
  return fallback;
}

const listDeployments = (db: Db) => all(db.selectFrom('deployments').selectAll().orderBy('id', 'desc'));

/** Record a start when this version differs from the last version started (one instance records it however many start at once). */
function recordStart(db: Db, input: { version: string; url: string }): Program<Deployment | undefined> {
  return transaction(function* () {
    yield* serialize('karya_deployments');
    const starts = (yield* listDeployments(db)).map(toDeployment).filter((d) => d.metadata.kind === 'start');
    if (starts[0]?.version === input.version) return undefined;
    const row = yield* first(
      db
        .insertInto('deployments')
        .values({ version: input.version, status: 'success', url: input.url, metadata: JSON.stringify({ kind: 'start', node: process.version }), created_at: nowIso() })
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
function rollBack(db: Db, input: { id: number; reason: string; by: string }): Program<RollbackResult> {
  return transaction(function* (): Program<RollbackResult> {
    const target = yield* first(db.selectFrom('deployments').selectAll().where('id', '=', input.id));
    if (!target) return { status: 'not_found' };
    if (target.status !== 'success') return { status: 'not_success' };
    const current = yield* first(db.selectFrom('deployments').select('version').where('status', '=', 'success').orderBy('id', 'desc'));
    const row = yield* first(
      db
        .insertInto('deployments')
        .values({
          version: `rollback-to-${target.version}`, status: 'success', url: target.url,
          metadata: JSON.stringify({ kind: 'rollback', rolledBackFrom: current?.version ?? null, originalVersion: target.version, rollbackReason: input.reason, targetId: target.id, by: input.by }),
          created_at: nowIso(),
        })
        .returningAll(),
    );
    return { status: 'done', deployment: toDeployment(row!) };
  });
}

export function systemRepository(db: Db, exec: Exec): SystemRepository {
  return {
    ping: async () => {
      await exec(first(rawQuery(db, sql`SELECT 1`)));
    },
    readConfig: (key, fallback) => exec(readConfig(db, key, fallback)),
    writeConfig: async (key, value) => {
      const now = nowIso();
      await exec(
        run(
          db
            .insertInto('config')
            .values({ key, value: JSON.stringify(value), created_at: now, updated_at: now })
            .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: now })),
        ),
      );
    },
    listDeployments: async () => (await exec(listDeployments(db))).map(toDeployment),
    recordStart: (input) => exec(recordStart(db, input)),
    rollBack: (input) => exec(rollBack(db, input)),
    writeToOutbox: async (message) => {
      await exec(run(db.insertInto('mail_outbox').values({ to_address: message.to, subject: message.subject, body: message.text, created_at: nowIso() })));
    },
  };
}
