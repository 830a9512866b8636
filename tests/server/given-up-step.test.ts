// A step given up while it runs: in a queued deployment, an outage longer than the lease makes the sweep take a
// live worker's step for lost and refund it (server/queue/sweep.ts giveUp). When that worker's answer comes back,
// the writer must not get it as a part they paid for: it is in neither their book nor their history, and its
// credit went back. Before, the commit was skipped without a word and the part was answered "1 credit charged"
// all the same (tests/scale/outage with a 5 s lease: credits charged 21, taken 20).
import { describe, expect, it } from 'vitest';
import { serverOnFakeModel, signUp, uniqueEmail } from './helpers.js';

const server = serverOnFakeModel({ latencyMs: 1_500, answer: () => 'A short marked poem' });

describe('a step refunded by the sweep while its model call runs', () => {
  it('is answered as unavailable, with its credit back and nothing saved', async () => {
    const { ts, fake } = server;
    const email = uniqueEmail('given-up');
    const cookie = await signUp(ts, email);
    const user = (await ts.ctx.repos.users.findByEmail(email))!;
    const response = ts.http
      .post('/api/generators/poems/generate')
      .set('cookie', cookie)
      .send({ settings: {} })
      .then((res) => res);
    await fake.waitForChatRequests(fake.chatRequests().length + 1);
    // What the sweep does to a step it takes for lost (giveUp): the running generation refunded.
    const generation = ts.store.first(
      ts.store.db.selectFrom('generations').selectAll().where('user_id', '=', user.id),
    )!;
    expect(generation.status).toBe('running');
    await ts.ctx.repos.generations.refund({
      userId: user.id,
      charge: { generationId: generation.id, credits: generation.credits_charged },
      reason: 'Refund: poems (workers stopped)',
      errorCode: 'service_unavailable',
    });

    const res = await response;
    expect(res.status).toBe(503);
    expect(res.body.error).toMatchObject({ code: 'service_unavailable' });
    expect(JSON.stringify(res.body)).not.toContain('A short marked poem');
    expect((await ts.ctx.repos.users.findById(user.id))!.credits_available).toBe(user.credits_available);
    expect(
      ts.store.first(ts.store.db.selectFrom('generations').select('status').where('id', '=', generation.id))!.status,
    ).toBe('refunded');
    expect(ts.store.all(ts.store.db.selectFrom('content_history').selectAll().where('user_id', '=', user.id))).toEqual(
      [],
    );
    // One refund: the sweep's.
    expect((await ts.ctx.repos.credits.ledger(user.id)).map((r) => r.type)).toEqual(['signup', 'charge', 'refund']);
  });
});
