// A refusal the caller may send again as it is says when (Retry-After): the model provider away answers 503 with the
// server's wait for it (server/errors/status.ts RETRY_AFTER_S, 10 s); a refusal that waiting does not change says none.
import { describe, expect, it } from 'vitest';
import { serverOnFakeModel, signUp } from './helpers.js';

// The provider's back-off between asks 10 ms, not 2 s: the same three asks, without 8 s of sleep.
const served = serverOnFakeModel({}, { limits: { statusRetryDelayMs: 10 } });
/** The provider asks again twice after a 503 (engine/timing.ts): three answers make one failed step. */
const three = <T>(reply: T): T[] => [reply, reply, reply];

describe('Retry-After on refusals that can be retried', () => {
  it('a provider away: 503 with the wait, nothing charged', { timeout: 60_000 }, async () => {
    const { ts, fake } = served;
    const cookie = await signUp(ts);
    const credits = async () => (await ts.http.get('/api/me').set('cookie', cookie)).body.credits_available as number;
    const before = await credits();
    fake.script(...three({ status: 503, body: { error: { message: 'overloaded' } } }));
    const untold = await ts.http.post('/api/generators/poems/generate').set('cookie', cookie).send({ settings: {} });
    expect([untold.status, untold.body.error.code]).toEqual([503, 'service_unavailable']);
    expect(untold.headers['retry-after']).toBe('10');
    expect(await credits()).toBe(before);
    // A request the server refuses for what it is, not for when: no Retry-After.
    const bad = await ts.http
      .post('/api/generators/no-such-generator/generate')
      .set('cookie', cookie)
      .send({ settings: {} });
    expect(bad.status).toBe(404);
    expect(bad.headers['retry-after']).toBeUndefined();
  });

  it("a provider that says how long to wait: its wait is the caller's", { timeout: 60_000 }, async () => {
    const { ts, fake } = served;
    const cookie = await signUp(ts);
    // Two minutes: past the provider's own longest wait (it asks again on its back-off), so the step fails quickly.
    fake.script(
      ...three({ status: 429, body: { error: { message: 'rate limited' } }, headers: { 'retry-after': '120' } }),
    );
    const told = await ts.http.post('/api/generators/poems/generate').set('cookie', cookie).send({ settings: {} });
    expect([told.status, told.body.error.code]).toEqual([429, 'rate_limited']);
    expect(told.headers['retry-after']).toBe('120');
  });
});
