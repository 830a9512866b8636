// A step larger than the model's window on the server (issue 36): the fake model runs as a llama.cpp with
// a 600-token window it does not report, so Karya sends the outline and the server refuses it as too long.
// The step fails with context_too_long in the writer's language (the window and what to set), is refunded
// like any failure, and the request is sent once.
import { afterAll, describe, expect, it } from 'vitest';
import { expectOneStepRefunded, signUp, startWithFakeModel, uniqueEmail, userWithRole } from './helpers.js';

const { fake, ts } = await startWithFakeModel({ contextTokens: 600, writeRatio: 1 });
afterAll(() => Promise.all([ts.close(), fake.close()]));

describe("a book step over the model's window", () => {
  it('502 context_too_long in Malay naming the window and what to set, refunded, sent once', async () => {
    const email = uniqueEmail();
    const cookie = await signUp(ts, email);
    const user = () => ts.store.first(ts.store.db.selectFrom('users').selectAll().where('email', '=', email))!;
    const before = fake.generationRequests().length;
    const res = await ts.http.post('/api/generators/romance/generate').set('cookie', cookie).send({ settings: { numberOfChapters: 7, heatLevel: 'mild' }, lang: 'ms' });
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('context_too_long');
    expect(res.body.error.message).toContain('tetingkap konteks model sebanyak 600 token');
    expect(res.body.error.message).toContain('OLLAMA_CONTEXT_LENGTH');
    expect(res.body.error.message).not.toContain('Sila cuba lagi');
    expect(fake.generationRequests().slice(before)).toHaveLength(1);
    expect(user().credits_available).toBe(10);
    await expectOneStepRefunded(ts, { id: user().id, cookie }, 'context_too_long');
  });
});

describe("the admin's AI settings", () => {
  it("show the model's context window", async () => {
    const admin = await userWithRole(ts, 'admin');
    const res = await ts.http.get('/api/admin/ai-config').set('cookie', admin.cookie!);
    expect(res.status).toBe(200);
    // The fake server does not say its window: the safe default.
    expect(res.body.configs.map((c: { name: string; context_tokens: number | null }) => [c.name, c.context_tokens])).toEqual([['openai', 8192], ['offline', null]]);
  });
});
