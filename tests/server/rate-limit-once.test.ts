// A model that always answers 429 with Retry-After 1 s: a step the server runs (SQLite, in process) is sent to it
// three times, by the provider's own policy (engine/providers/retry.ts: two retries, each after the server's wait),
// and nothing above it asks again: the writer is answered 429 with the model's wait, nothing charged.
import { describe, expect, it } from 'vitest';
import { serverOnFakeModel, signUp } from './helpers.js';

const RATE_LIMITED = {
  status: 429,
  body: { error: { message: 'Rate limit reached', type: 'rate_limit' } },
  headers: { 'retry-after': '1' },
};
// Every generation refused; the provider's 1-token check answered 429 too (it counts as a working config).
const served = serverOnFakeModel({ reply: () => RATE_LIMITED });

describe('a step on a model that keeps answering 429', () => {
  it(
    'is requested three times, one second apart, then answered 429 with nothing charged',
    { timeout: 60_000 },
    async () => {
      const { ts, fake } = served;
      const cookie = await signUp(ts);
      const credits = async () => (await ts.http.get('/api/me').set('cookie', cookie)).body.credits_available as number;
      const before = await credits();
      const asked = fake.chatRequests().length;
      const res = await ts.http.post('/api/generators/poems/generate').set('cookie', cookie).send({ settings: {} });
      expect([res.status, res.body.error.code]).toEqual([429, 'rate_limited']);
      const steps = fake
        .chatRequests()
        .slice(asked)
        .filter((r) => Number(r.body?.max_tokens ?? 0) > 1);
      expect(steps).toHaveLength(3);
      // The server's Retry-After honoured once between requests, not a wait of each layer's own.
      for (const [i, r] of steps.slice(1).entries()) {
        const gap = r.at - steps[i]!.at;
        expect(gap).toBeGreaterThanOrEqual(950);
        expect(gap).toBeLessThan(1_800);
      }
      // Nothing asked after the answer either.
      await new Promise((r) => setTimeout(r, 1_500));
      expect(
        fake
          .chatRequests()
          .slice(asked)
          .filter((r) => Number(r.body?.max_tokens ?? 0) > 1),
      ).toHaveLength(3);
      expect(await credits()).toBe(before);
    },
  );
});
