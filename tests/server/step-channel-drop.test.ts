// The queue's step channel (server/store/postgres/channel.ts) hears a step's events, cancels, stops and a batch's
// progress through one LISTEN connection per process. When that connection is cut (the database restarted, a
// network blip, pg_terminate_backend), it is opened again under its own name, on every channel it listened to
// (a batch's, added later, too), the drop is told (onError) and whoever waits is told it is back (onReconnect),
// and events published after it are heard as before. After close nothing is opened again.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { StepChannel, WORKER_APPLICATION, type StepEvent } from '../../server/store/postgres/channel.js';
import { BATCH_CHANNEL } from '../../server/store/postgres/batch-names.js';
import { postgresUnavailable, startPostgres, type PostgresCluster } from '../postgres.js';

const skip = postgresUnavailable();
if (skip) console.warn(skip);

describe.skipIf(skip)('the step channel when its listening connection drops (Postgres)', () => {
  let cluster: PostgresCluster | undefined;
  let pool: pg.Pool | undefined;
  let url = '';
  beforeAll(async () => {
    cluster = await startPostgres();
    url = await cluster.createDatabase();
    pool = new pg.Pool({ connectionString: url, max: 2 });
  }, 120_000);
  afterAll(async () => {
    await pool?.end();
    cluster?.stop();
  });

  /** The channel's listening backends in this database. */
  async function backends(): Promise<number[]> {
    const { rows } = await pool!.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
      [WORKER_APPLICATION],
    );
    return rows.map((r) => r.pid);
  }

  it('listens again on every channel under its name, says so, and hears the events sent after it', async () => {
    const errors: unknown[] = [];
    const channel = new StepChannel(url, pool!, (error) => errors.push(error));
    try {
      await channel.start();
      await channel.setApplicationName(WORKER_APPLICATION);
      const heard: StepEvent[] = [];
      channel.subscribe('job-1', (event) => heard.push(event));
      const notices: unknown[] = [];
      await channel.onBatch('batch-1', (notice) => notices.push(notice));
      let backs = 0;
      channel.onReconnect(() => backs++);
      await channel.publish('job-1', { t: 'charged' });
      await vi.waitFor(() => expect(heard).toEqual([{ t: 'charged' }]), { timeout: 10_000, interval: 20 });
      const [before] = await backends();
      expect(before).toBeDefined();

      await pool!.query('SELECT pg_terminate_backend($1)', [before]);
      await vi.waitFor(() => expect(backs).toBe(1), { timeout: 20_000, interval: 20 });
      expect(errors.length).toBeGreaterThanOrEqual(1);
      expect(channel.isListening).toBe(true);
      const after = await backends();
      expect(after).toHaveLength(1);
      expect(after[0]).not.toBe(before);

      await channel.publish('job-1', { t: 'end' });
      await pool!.query('SELECT pg_notify($1, $2)', [BATCH_CHANNEL, `batch-1 ${JSON.stringify({ done: 1 })}`]);
      await vi.waitFor(() => expect([heard, notices]).toEqual([[{ t: 'charged' }, { t: 'end' }], [{ done: 1 }]]), {
        timeout: 10_000,
        interval: 20,
      });
    } finally {
      await channel.close();
    }
    expect(channel.isListening).toBe(false);
    expect(await backends()).toEqual([]);
  }, 60_000);
});
