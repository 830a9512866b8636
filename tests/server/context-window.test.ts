// A step larger than the model's window on the server: the fake model runs as a llama.cpp with
// a 600-token window it does not report, so Karya sends the outline and the server refuses it as too long.
// The step fails with context_too_long in the writer's language (the window and what to set), is refunded
// like any failure, and the request is sent once. The admin's AI settings show the window; a part whose
// story-bible update failed says bible_updated: false in the book view, and the update can be tried again.
import { afterAll, describe, expect, it } from 'vitest';
import { userMessageOf } from '../fake-openai.js';
import { expectOneStepRefunded, signUp, startWithFakeModel, uniqueEmail, userWithRole } from './helpers.js';

const { fake, ts } = await startWithFakeModel({ contextTokens: 600, writeRatio: 1 });
afterAll(() => Promise.all([ts.close(), fake.close()]));

describe("a book step over the model's window", () => {
  it('502 context_too_long in Malay naming the window and what to set, refunded, sent once', async () => {
    const email = uniqueEmail();
    const cookie = await signUp(ts, email);
    const user = () => ts.store.first(ts.store.db.selectFrom('users').selectAll().where('email', '=', email))!;
    const before = fake.generationRequests().length;
    const res = await ts.http
      .post('/api/generators/romance/generate')
      .set('cookie', cookie)
      .send({ settings: { numberOfChapters: 7, heatLevel: 'mild' }, lang: 'ms' });
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
    // The fake server does not report its window, but the refusal above named it: 600 from then on.
    expect(
      res.body.configs.map((c: { name: string; context_tokens: number | null }) => [c.name, c.context_tokens]),
    ).toEqual([
      ['openai', 600],
      ['offline', null],
    ]);
  });
});

describe('a part the story bible did not take in', () => {
  let isBibleDown = true;
  const isBibleUpdate = (body: Record<string, unknown>) =>
    userMessageOf(body).includes('Update the story bible of a book');
  const bible = startWithFakeModel({
    writeRatio: 1,
    reply: (body) => (isBibleDown && isBibleUpdate(body) ? { status: 500 } : undefined),
  });
  afterAll(async () => {
    const { ts: server, fake: model } = await bible;
    await Promise.all([server.close(), model.close()]);
  });

  it('says bible_updated: false in the book view, and POST …/bible/update takes it in, uncharged', async () => {
    const { ts: server, fake: model } = await bible;
    const email = uniqueEmail();
    const cookie = await signUp(server, email);
    const credits = () =>
      server.store.first(server.store.db.selectFrom('users').selectAll().where('email', '=', email))!.credits_available;
    const step = () =>
      server.http
        .post('/api/generators/romance/generate')
        .set('cookie', cookie)
        .send({ settings: { numberOfChapters: 7, heatLevel: 'mild' }, lang: 'en' });
    for (let i = 0; i < 3; i++) expect((await step()).status).toBe(200);
    const progress = await server.http.get('/api/progress/romance').set('cookie', cookie);
    const parts = progress.body.book.parts as Array<{ label: string; bible_updated?: false }>;
    expect(parts.map((p) => [p.label, p.bible_updated])).toEqual([
      ['Introduction', false],
      ['Chapter 1', undefined],
    ]);
    const spent = credits();

    isBibleDown = false;
    const before = model.generationRequests().length;
    const retried = await server.http.post('/api/progress/romance/bible/update').set('cookie', cookie);
    expect(retried.status).toBe(200);
    expect((retried.body.book.parts as Array<{ bible_updated?: false }>).map((p) => p.bible_updated)).toEqual([
      undefined,
      undefined,
    ]);
    expect(
      model
        .generationRequests()
        .slice(before)
        .every((r) => isBibleUpdate(r.body ?? {})),
    ).toBe(true);
    expect(credits()).toBe(spent);
    // Nothing left to take in: nothing is sent.
    const after = model.generationRequests().length;
    expect((await server.http.post('/api/progress/romance/bible/update').set('cookie', cookie)).status).toBe(200);
    expect(model.generationRequests().length).toBe(after);
  });
});
