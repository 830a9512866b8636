// /api/ready and /metrics of a server on Postgres: the store, the job queue and the migrations
// checked; the queue's depth and the age of its oldest step reported.
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/start.js';
import { postgresUnavailable, startPostgres, type PostgresCluster } from '../postgres.js';

const skip = postgresUnavailable();
if (skip) console.warn(skip);
let cluster: PostgresCluster | undefined;
let running: RunningServer | undefined;
afterAll(async () => {
  await running?.close();
  cluster?.stop();
});

const TOKEN = 'metrics-token-0123456789abcdef';

describe.skipIf(skip)('a server on Postgres', () => {
  it('is ready (store, queue, migrations) and reports its queue in the metrics', async () => {
    cluster = await startPostgres();
    const url = await cluster.createDatabase();
    running = await startServer(
      { port: 0, logLevel: 'silent', runsWorker: false },
      { KARYA_DATABASE_URL: url, KARYA_METRICS_TOKEN: TOKEN, KARYA_LOG_LEVEL: 'silent' },
    );
    const ready = await fetch(`${running.url.replace('localhost', '127.0.0.1')}/api/ready`, {
      headers: { host: '10.1.2.3' },
    });
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { store: 'ok', queue: 'ok', migrations: 'ok' } });
    const metrics = await (
      await fetch(`${running.url.replace('localhost', '127.0.0.1')}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      })
    ).text();
    expect(metrics).toMatch(/^karya_queue_depth 0$/m);
    expect(metrics).toMatch(/^karya_queue_oldest_age_seconds 0$/m);
    // The migrations table losing a row (another version's rollback): not ready, naming the part.
    await running.store.postgres!.pool.query(
      'DELETE FROM kysely_migration WHERE name = (SELECT max(name) FROM kysely_migration)',
    );
    const notReady = await fetch(`${running.url.replace('localhost', '127.0.0.1')}/api/ready`);
    expect(notReady.status).toBe(503);
    expect(((await notReady.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      migrations: 'pending',
    });
  }, 120_000);
});
