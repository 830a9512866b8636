// The queue's clock from the environment (docs/deploy-postgres.md): KARYA_LEASE_TIMEOUT_MS (a running step's lease
// this old is a dead worker's; leases renewed and swept every quarter of it) and KARYA_NO_WORKER_MS (a step waiting
// with no worker connected this long gets 503). Unset, the defaults: 20 s with a 5 s heartbeat, and 15 s.
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/core/config.js';
import { leaseClock } from '../../server/queue/jobs.js';

const base = { KARYA_DB: ':memory:' };

describe('the queue clock settings', () => {
  it('unset: a 20 s lease renewed every 5 s, and no setting for the no-worker wait (15 s in the dispatcher)', () => {
    const config = configFromEnv(base);
    expect(leaseClock(config)).toEqual({ timeoutMs: 20_000, heartbeatMs: 5_000 });
    expect(config.noWorkerMs).toBeUndefined();
  });

  it('set: a 5 s lease is renewed and swept every 1.25 s; the no-worker wait is as given', () => {
    const config = configFromEnv({ ...base, KARYA_LEASE_TIMEOUT_MS: '5000', KARYA_NO_WORKER_MS: '1000' });
    expect(leaseClock(config)).toEqual({ timeoutMs: 5_000, heartbeatMs: 1_250 });
    expect(config.noWorkerMs).toBe(1_000);
  });

  it('a value out of range or not a whole number is refused at start, naming the setting and the range', () => {
    expect(() => configFromEnv({ ...base, KARYA_LEASE_TIMEOUT_MS: '500' })).toThrow(
      'KARYA_LEASE_TIMEOUT_MS: "500" must be a whole number from 2000 to 3600000',
    );
    expect(() => configFromEnv({ ...base, KARYA_NO_WORKER_MS: '1.5s' })).toThrow(
      'KARYA_NO_WORKER_MS: "1.5s" must be a whole number from 1000 to 3600000',
    );
  });
});
