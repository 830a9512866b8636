// On SQLite: the config table (key → JSON value, created when missing), deployment records, the mail
// outbox and the health check.
import type { Store } from './store.js';
import { nowIso } from './store.js';
import type { Deployment, RollbackResult, SystemRepository } from '../ports.js';

/** The value under `key`, inserting `fallback` first when the key is missing. */
export function readConfig<T>(store: Store, key: string, fallback: T): T {
  const row = store.first(store.db.selectFrom('config').select('value').where('key', '=', key));
  if (row) return JSON.parse(row.value) as T;
  const now = nowIso();
  store.run(store.db.insertInto('config').values({ key, value: JSON.stringify(fallback), created_at: now, updated_at: now }).onConflict((oc) => oc.column('key').doNothing()));
  return fallback;
}

export function writeConfig(store: Store, key: string, value: unknown): void {
  const now = nowIso();
  store.run(
    store.db
      .insertInto('config')
      .values({ key, value: JSON.stringify(value), created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: now })),
  );
}

export function toDeployment(row: { id: number; version: string; status: string; url: string | null; metadata: string; created_at: string }): Deployment {
  return { ...row, metadata: JSON.parse(row.metadata) as Record<string, unknown> };
}

/** Newest first. */
export function listDeployments(store: Store): Deployment[] {
  return store.all(store.db.selectFrom('deployments').selectAll().orderBy('id', 'desc')).map(toDeployment);
}

/** Record a start when this version differs from the last version started; answers the new record. */
export function recordStart(store: Store, input: { version: string; url: string }): Deployment | undefined {
  const starts = store.all(store.db.selectFrom('deployments').selectAll().orderBy('id', 'desc')).map(toDeployment).filter((d) => d.metadata.kind === 'start');
  if (starts[0]?.version === input.version) return undefined;
  const row = store.first(
    store.db
      .insertInto('deployments')
      .values({ version: input.version, status: 'success', url: input.url, metadata: JSON.stringify({ kind: 'start', node: process.version }), created_at: nowIso() })
      .returningAll(),
  );
  return row ? toDeployment(row) : undefined;
}

/**
 * A rollback record: status success, version `rollback-to-{version}`, the same url, and metadata naming
 * the source (rolledBackFrom: the version current until now, originalVersion, rollbackReason).
 * Only success records can be rolled back to.
 */
export function rollBack(store: Store, input: { id: number; reason: string; by: string }): RollbackResult {
  return store.transaction(() => {
    const target = store.first(store.db.selectFrom('deployments').selectAll().where('id', '=', input.id));
    if (!target) return { status: 'not_found' as const };
    if (target.status !== 'success') return { status: 'not_success' as const };
    const current = store.first(store.db.selectFrom('deployments').select('version').where('status', '=', 'success').orderBy('id', 'desc'));
    const row = store.first(
      store.db
        .insertInto('deployments')
        .values({
          version: `rollback-to-${target.version}`,
          status: 'success',
          url: target.url,
          metadata: JSON.stringify({ kind: 'rollback', rolledBackFrom: current?.version ?? null, originalVersion: target.version, rollbackReason: input.reason, targetId: target.id, by: input.by }),
          created_at: nowIso(),
        })
        .returningAll(),
    )!;
    return { status: 'done' as const, deployment: toDeployment(row) };
  });
}

export function sqliteSystem(store: Store): SystemRepository {
  return {
    ping: async () => {
      store.raw('SELECT 1').get();
    },
    readConfig: async (key, fallback) => readConfig(store, key, fallback),
    writeConfig: async (key, value) => writeConfig(store, key, value),
    listDeployments: async () => listDeployments(store),
    recordStart: async (input) => recordStart(store, input),
    rollBack: async (input) => rollBack(store, input),
    writeToOutbox: async (message) => {
      store.run(store.db.insertInto('mail_outbox').values({ to_address: message.to, subject: message.subject, body: message.text, created_at: nowIso() }));
    },
  };
}
