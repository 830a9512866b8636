// A job's time limit counts from when its thread has loaded, for a pool whose threads announce it: a new thread
// that takes longer to load than a job may take (a cold start on a busy server) does not refuse the first file
// as too slow; a thread that says nothing is timed from its start, as before.
import { describe, expect, it } from 'vitest';
import { WorkerPool, type PoolFailures } from '../../engine/node/worker-pool.js';

const ENTRY = new URL('../fixtures/workers/slow-start.mjs', import.meta.url);
const LIMITS = { workers: 1, timeoutMs: 400, memoryMb: 64, maxQueued: 4, countsWaiting: false, perKey: 1 };
const failures: PoolFailures = {
  busy: () => new Error('busy'),
  tooLarge: () => new Error('too large'),
  tooSlow: () => new Error('too slow'),
  revive: (e: { message: string }) => new Error(e.message),
};

describe('a worker pool whose threads announce they are loaded', () => {
  it("a thread loading for longer than a job's limit still answers its first job", async () => {
    const pool = new WorkerPool<{ value: string }, string>(ENTRY, LIMITS, {
      workerData: () => ({ loadMs: 1_200, announces: true }),
      announcesReady: true,
    });
    try {
      expect(await pool.run({ value: 'read' }, { failures })).toBe('read');
    } finally {
      await pool.close();
    }
  });

  it('without the announcement, the loading counts toward the job: it is refused as too slow', async () => {
    const pool = new WorkerPool<{ value: string }, string>(ENTRY, LIMITS, {
      workerData: () => ({ loadMs: 1_200, announces: false }),
    });
    try {
      await expect(pool.run({ value: 'read' }, { failures })).rejects.toThrow('too slow');
    } finally {
      await pool.close();
    }
  });
});
