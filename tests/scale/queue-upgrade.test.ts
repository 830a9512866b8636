// A deployment whose queue pg-boss 10 set up (Karya before pg-boss 12) upgrades in place: its processes
// start on the same database, pg-boss 12 (which migrates only from pg-boss 11's schema on) gets a new
// schema, the jobs pg-boss 10 had not finished run there under their ids, and new jobs run too.
import pg from 'pg';
import pino from 'pino';
import PgBoss10 from 'pg-boss-10';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, type OpenedStore } from '../../server/store/open.js';
import { openQueue, STEP_QUEUE, type StepQueue } from '../../server/queue/index.js';
import { BATCH_QUEUE } from '../../server/queue/batch.js';
import { postgresUnavailable } from '../postgres.js';
import { usePostgresDatabase } from './postgres-database.js';

const skip = postgresUnavailable();
if (skip) console.warn(skip);
const db = usePostgresDatabase();
const opened: Array<{ store: OpenedStore; queue?: StepQueue }> = [];
afterAll(async () => {
  for (const { store, queue } of opened) {
    await queue?.close();
    await store.close();
  }
});

const STEP_ID = '5a4f3c1e-0b7d-4d2e-9f6a-1c2b3d4e5f60';
const BATCH_ID = '7e6d5c4b-3a29-4180-a7b6-c5d4e3f2a1b0';
const DONE_ID = '0f1e2d3c-4b5a-4968-8776-655443322110';

/** The queue as Karya set it up on pg-boss 10 (its queues and options then), with jobs in it. */
async function queueOnPgBoss10(url: string): Promise<void> {
  const boss = new PgBoss10({ connectionString: url, max: 2, archiveCompletedAfterSeconds: 24 * 3600 });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.createQueue(STEP_QUEUE, { name: STEP_QUEUE, retryLimit: 2, retryDelay: 0, expireInSeconds: 30 * 60 });
  await boss.createQueue(BATCH_QUEUE, {
    name: BATCH_QUEUE,
    retryLimit: 5,
    retryDelay: 2,
    retryBackoff: true,
    expireInSeconds: 30 * 60,
  });
  await boss.send(STEP_QUEUE, { userId: 'u1', generatorId: 'romance' }, { id: STEP_ID });
  // A finished job is history, not work: it does not come back.
  await boss.send(BATCH_QUEUE, { batchId: 'b0', key: 'old', name: 'old' }, { id: DONE_ID });
  const [done] = await boss.fetch(BATCH_QUEUE);
  expect(done?.id).toBe(DONE_ID);
  await boss.complete(BATCH_QUEUE, DONE_ID);
  await boss.send(
    BATCH_QUEUE,
    { batchId: 'b1', key: 'kl', name: 'kl' },
    { id: BATCH_ID, retryLimit: 5, retryDelay: 2, retryBackoff: true },
  );
  await boss.stop({ graceful: false, close: true, wait: true });
}

async function schemaOf(url: string): Promise<{ version: number; schemas: string[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const version = Number(
      (await client.query<{ version: number }>('SELECT version FROM pgboss.version')).rows[0]!.version,
    );
    const schemas = (
      await client.query<{ name: string }>(
        "SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE 'pgboss%' ORDER BY 1",
      )
    ).rows.map((r) => r.name);
    return { version, schemas };
  } finally {
    await client.end();
  }
}

describe.skipIf(skip)('a queue set up by pg-boss 10', () => {
  it("moves to pg-boss 12 when Karya's processes start on it: the unfinished jobs run, and new ones", async () => {
    // Karya's own tables first (a deployment that ran before has them), then the old queue.
    const first = await openStore({ dbFile: '', databaseUrl: db.url });
    opened.push({ store: first });
    await queueOnPgBoss10(db.url);
    expect(await schemaOf(db.url)).toEqual({ version: 24, schemas: ['pgboss'] });

    // Three processes of the upgraded deployment start together on it.
    const processes = await Promise.all(
      Array.from({ length: 3 }, async () => {
        const store = await openStore({ dbFile: '', databaseUrl: db.url });
        const entry = { store, queue: await openQueue(store.postgres!, pino({ level: 'silent' })) };
        opened.push(entry);
        return entry.queue;
      }),
    );
    const queue = processes[0]!;
    const after = await schemaOf(db.url);
    expect(after.schemas).toEqual(['pgboss']);
    expect(after.version).toBe(await queue.boss.schemaVersion());
    expect(after.version).toBeGreaterThan(24);
    expect(await queue.boss.getQueue(STEP_QUEUE)).toMatchObject({ name: STEP_QUEUE, retryLimit: 2 });
    expect(await queue.boss.getQueue(BATCH_QUEUE)).toMatchObject({
      name: BATCH_QUEUE,
      retryLimit: 5,
      retryBackoff: true,
    });

    // The jobs pg-boss 10 had not run are there once, under their ids, with their data and retries.
    const [step] = await queue.boss.fetch<{ userId: string }>(STEP_QUEUE, { includeMetadata: true });
    expect(step).toMatchObject({ id: STEP_ID, data: { userId: 'u1', generatorId: 'romance' }, retryLimit: 2 });
    const batch = await queue.boss.fetch<{ key: string }>(BATCH_QUEUE, { batchSize: 5, includeMetadata: true });
    expect(batch.map((job) => [job.id, job.data.key, job.retryLimit])).toEqual([[BATCH_ID, 'kl', 5]]);
    await queue.boss.complete(STEP_QUEUE, STEP_ID);
    await queue.boss.complete(BATCH_QUEUE, BATCH_ID);
    expect((await queue.boss.getJobById(BATCH_QUEUE, BATCH_ID))?.state).toBe('completed');

    // New work runs on the upgraded queue, in another process.
    const other = processes[2]!;
    const id = await other.boss.send(BATCH_QUEUE, { batchId: 'b2', key: 'new', name: 'new' });
    const [fresh] = await queue.boss.fetch<{ key: string }>(BATCH_QUEUE);
    expect(fresh).toMatchObject({ id, data: { key: 'new' } });
    await queue.boss.complete(BATCH_QUEUE, fresh!.id);
    expect((await other.boss.getJobById(BATCH_QUEUE, id!))?.state).toBe('completed');

    // A later start finds nothing left to move: the finished jobs stay finished.
    const again = await openStore({ dbFile: '', databaseUrl: db.url });
    const restarted = { store: again, queue: await openQueue(again.postgres!, pino({ level: 'silent' })) };
    opened.push(restarted);
    expect(await restarted.queue.boss.fetch(BATCH_QUEUE)).toEqual([]);
    expect((await restarted.queue.boss.getJobById(STEP_QUEUE, STEP_ID))?.state).toBe('completed');
  }, 120_000);
});
