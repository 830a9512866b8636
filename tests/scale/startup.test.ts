// Every process of a deployment (servers, workers, a batch) may start at once on a new Postgres database:
// each migrates (kysely's lock) and sets up the job queue (our lock: pg-boss would deadlock creating the
// same queue partitions), and all of them come up.
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, type OpenedStore } from '../../server/store/open.js';
import { openQueue, STEP_QUEUE, type StepQueue } from '../../server/queue/index.js';
import { BATCH_QUEUE } from '../../server/queue/batch.js';
import { postgresUnavailable, startPostgres, type PostgresCluster } from '../postgres.js';

const skip = postgresUnavailable();
if (skip) console.warn(skip);
let cluster: PostgresCluster | undefined;
afterAll(() => cluster?.stop());

describe.skipIf(skip)('starting together', () => {
  it('six processes opening one new database and its queue at once all succeed', async () => {
    cluster = await startPostgres();
    const url = await cluster.createDatabase();
    const opened: Array<{ store: OpenedStore; queue: StepQueue }> = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const store = await openStore({ dbFile: '', databaseUrl: url });
        return { store, queue: await openQueue(store.postgres!, pino({ level: 'silent' })) };
      }),
    );
    expect(await opened[0]!.queue.boss.getQueue(STEP_QUEUE)).toMatchObject({ name: STEP_QUEUE, retryLimit: 2 });
    expect(await opened[5]!.queue.boss.getQueue(BATCH_QUEUE)).toMatchObject({ name: BATCH_QUEUE });
    for (const { store, queue } of opened) {
      await queue.close();
      await store.close();
    }
  }, 120_000);
});
