// The long-books issue on the server: a part still short after its length extensions carries `is_short`
// in the book the studio renders, and "write more" (POST /api/progress/:bookType/more) asks the model for
// more from where it ends, charged as one step and refunded on failure; the story bible the session keeps
// is in the book, and the writer edits it by hand (PUT /api/progress/:bookType/bible).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { providerFromEnv } from '../../engine/providers/index.js';
import { signUp, startTestServer, uniqueEmail, type TestServer } from './helpers.js';
import { underWriter, userOf, isBibleRequest, isExtensionRequest } from '../scripted-models.js';

describe('short parts, write more and the story bible on the server', () => {
  let fake: FakeOpenAI;
  let ts: TestServer;
  /** The model writes this share of every ask. */
  let ratio = 0.2;
  let fails = false;
  beforeAll(async () => {
    fake = await startFakeOpenAI({
      answer: (body, i) => underWriter(ratio)(body, i),
      reply: () => (fails ? { status: 500, body: { error: { message: 'down' } } } : undefined),
    });
    ts = await startTestServer({ provider: providerFromEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL, KARYA_MAX_RETRIES: '0' }) });
  });
  afterAll(async () => {
    await ts.close();
    await fake.close();
  });

  const gen = (cookie: string) => ts.http.post('/api/generators/romance/generate').set('cookie', cookie).send({ settings: { numberOfChapters: 7 } });
  const more = (cookie: string, part: object) => ts.http.post('/api/progress/romance/more').set('cookie', cookie).send({ part });

  it('a short introduction is marked short with its words and target; write more charges one step and makes it longer', async () => {
    ratio = 0.2;
    const cookie = await signUp(ts, uniqueEmail());
    expect((await gen(cookie)).status).toBe(200); // outline
    const intro = await gen(cookie);
    expect(intro.status).toBe(200);
    const part = intro.body.book.parts[0];
    expect(part).toMatchObject({ kind: 'introduction', target: 1500, is_short: true });
    expect(part.words).toBeLessThan(0.85 * 1500);
    const credits = intro.body.credits_available as number;

    ratio = 1;
    const before = fake.generationRequests().length;
    const res = await more(cookie, { kind: 'introduction', position: 0 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.words).toBeGreaterThan(part.words);
    expect(res.body.added).toBeGreaterThan(500);
    expect(res.body.credits_available).toBe(credits - 1);
    const after = res.body.book.parts[0];
    expect(after.is_short).toBe(false);
    expect(after.text.startsWith(part.text.slice(0, 200))).toBe(true);
    // One request, carrying the end of the part and the words still needed.
    // (The introduction's bible update may still be on its way: it is not part of write more.)
    const sent = fake.generationRequests().slice(before).map((r) => userOf(r.body ?? {})).filter((u) => !isBibleRequest(u));
    expect(sent).toHaveLength(1);
    expect(isExtensionRequest(sent[0]!)).toBe(true);
    expect(sent[0]).toMatch(/Your answer so far is \d+ words, and this part needs about 1500/);
    // The saved book has the longer text.
    const saved = await ts.http.get('/api/progress/romance').set('cookie', cookie);
    expect(saved.body.book.parts[0].text).toBe(after.text);
  });

  it('a failure is refunded and the part stays as it was; a part not written is 404; no credits is 402', async () => {
    ratio = 0.2;
    const cookie = await signUp(ts, uniqueEmail());
    await gen(cookie);
    const intro = await gen(cookie);
    const credits = intro.body.credits_available as number;
    fails = true;
    const res = await more(cookie, { kind: 'introduction', position: 0 });
    fails = false;
    expect(res.status).toBeGreaterThanOrEqual(500);
    const saved = await ts.http.get('/api/progress/romance').set('cookie', cookie);
    expect(saved.body.book.parts[0].text).toBe(intro.body.book.parts[0].text);
    const me = await ts.http.get('/api/me').set('cookie', cookie);
    expect(me.body.credits_available ?? me.body.user?.credits_available).toBe(credits);

    expect((await more(cookie, { kind: 'chapter', position: 3 })).status).toBe(404);
    expect((await more(cookie, { kind: 'outline' })).status).toBe(404);

    // No credits left: 402 before any request to the model.
    const email = (await ts.http.get('/api/me').set('cookie', cookie)).body.email as string;
    const user = (await ts.ctx.repos.users.findByEmail(email))!;
    await ts.ctx.repos.credits.setBalance({ userId: user.id, credits: 0, reason: 'test: spent' });
    const sent = fake.generationRequests().length;
    const broke = await more(cookie, { kind: 'introduction', position: 0 });
    expect(broke.status).toBe(402);
    expect(fake.generationRequests().length).toBe(sent);
  });

  it('the book carries the story bible; the writer edits it and the next chapter reads the edit', async () => {
    ratio = 1;
    const cookie = await signUp(ts, uniqueEmail());
    await gen(cookie);
    const intro = await gen(cookie);
    // The bible update runs after the answer: wait for it to land.
    let book = intro.body.book;
    for (let i = 0; i < 50 && !book.bible_notes; i++) {
      await new Promise((r) => setTimeout(r, 50));
      book = (await ts.http.get('/api/progress/romance').set('cookie', cookie)).body.book;
    }
    expect(book.bible).toContain('## Premise');
    expect(book.bible_notes).toContain('## Characters');
    const edited = `${book.bible_notes}\n\n## Established facts\n- The lighthouse keeper is called Pak Ngah.`;
    const res = await ts.http.put('/api/progress/romance/bible').set('cookie', cookie).send({ text: edited });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.book.bible_notes).toContain('Pak Ngah');
    const before = fake.generationRequests().length;
    expect((await gen(cookie)).status).toBe(200);
    const chapter = fake.generationRequests().slice(before).map((r) => userOf(r.body ?? {})).find((u) => /Write Chapter 1 of/.test(u))!;
    expect(chapter).toContain('Pak Ngah');

    const tooLong = await ts.http.put('/api/progress/romance/bible').set('cookie', cookie).send({ text: 'x '.repeat(20_000) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error ?? tooLong.body.code).toBeDefined();
  });
});
