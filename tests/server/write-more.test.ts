// The long-books issue on the server: a part still short after its length extensions carries `is_short`
// in the book the studio renders, and "write more" (POST /api/progress/:bookType/more) asks the model for
// more from where it ends, charged as one step and refunded on failure; the story bible the session keeps
// is in the book, and the writer edits it by hand (PUT /api/progress/:bookType/bible).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { providerFromEnv } from '../../engine/providers/index.js';
import { bibleSettled, signUp, startTestServer, uniqueEmail, type TestServer } from './helpers.js';
import { underWriter, userOf, isBibleRequest, isExtensionRequest } from '../scripted-models.js';

describe('short parts, write more and the story bible on the server', () => {
  let fake: FakeOpenAI;
  let ts: TestServer;
  /** The model writes this share of every ask. */
  let ratio = 0.2;
  let fails = false;
  /** The model never answers the next prose request (a step or a write more left running). */
  let hangs = false;
  beforeAll(async () => {
    fake = await startFakeOpenAI({
      answer: (body, i) => underWriter(ratio)(body, i),
      reply: (body) =>
        fails
          ? { status: 500, body: { error: { message: 'down' } } }
          : hangs && !isBibleRequest(userOf(body))
            ? { hang: true }
            : undefined,
    });
    ts = await startTestServer({
      provider: providerFromEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL }),
    });
  });
  afterAll(async () => {
    await ts.close();
    await fake.close();
  });

  const gen = (cookie: string) =>
    ts.http
      .post('/api/generators/romance/generate')
      .set('cookie', cookie)
      .send({ settings: { numberOfChapters: 7 } });
  const more = (cookie: string, part: object) =>
    ts.http.post('/api/progress/romance/more').set('cookie', cookie).send({ part });
  /** A new writer whose romance has its outline and introduction (`intro`: the introduction's answer). */
  const writerWithIntroduction = async () => {
    const cookie = await signUp(ts, uniqueEmail());
    await gen(cookie);
    const intro = await gen(cookie);
    return { cookie, intro, credits: intro.body.credits_available as number };
  };
  /** The same, once the story bible has been updated from the introduction. */
  const writerWithIntroductionAndBible = async () => {
    const { cookie, intro } = await writerWithIntroduction();
    let book = intro.body.book;
    // The bible update runs after the answer: wait for it to land.
    for (let i = 0; i < 50 && !book.bible_notes; i++) {
      await new Promise((r) => setTimeout(r, 50));
      book = (await ts.http.get('/api/progress/romance').set('cookie', cookie)).body.book;
    }
    return { cookie, book };
  };

  it(
    'a short introduction is marked short with its words and ' +
      'target; write more charges one step and makes it longer',
    async () => {
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
      const sent = fake
        .generationRequests()
        .slice(before)
        .map((r) => userOf(r.body ?? {}))
        .filter((u) => !isBibleRequest(u));
      expect(sent).toHaveLength(1);
      expect(isExtensionRequest(sent[0]!)).toBe(true);
      expect(sent[0]).toMatch(/Your answer so far is \d+ words, and this part needs about 1500/);
      // The saved book has the longer text.
      const saved = await ts.http.get('/api/progress/romance').set('cookie', cookie);
      expect(saved.body.book.parts[0].text).toBe(after.text);
    },
  );

  it('a failure is refunded and the part stays as it was; a part not written is 404; no credits is 402', async () => {
    ratio = 0.2;
    const { cookie, intro, credits } = await writerWithIntroduction();
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
    const { cookie, book } = await writerWithIntroductionAndBible();
    expect(book.bible).toContain('## Premise');
    expect(book.bible_notes).toContain('## Characters');
    const edited = `${book.bible_notes}\n\n## Established facts\n- The lighthouse keeper is called Pak Ngah.`;
    const res = await ts.http.put('/api/progress/romance/bible').set('cookie', cookie).send({ text: edited });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.book.bible_notes).toContain('Pak Ngah');
    const before = fake.generationRequests().length;
    expect((await gen(cookie)).status).toBe(200);
    const chapter = fake
      .generationRequests()
      .slice(before)
      .map((r) => userOf(r.body ?? {}))
      .find((u) => /Write Chapter 1 of/.test(u))!;
    expect(chapter).toContain('Pak Ngah');

    const kept = (await ts.http.get('/api/progress/romance').set('cookie', cookie)).body.book.bible_notes as string;
    const tooLong = await ts.http
      .put('/api/progress/romance/bible')
      .set('cookie', cookie)
      .send({ text: 'x '.repeat(41_000) });
    expect(tooLong.status).toBe(400);
    const message = 'The story bible can hold at most 80000 characters. Shorten it and save again.';
    expect(tooLong.body.error).toEqual({ code: 'bible_too_long', message, fields: { text: message } });
    // Nothing of the refused text was kept.
    expect((await ts.http.get('/api/progress/romance').set('cookie', cookie)).body.book.bible_notes).toBe(kept);
  });

  it(
    'a part edit keeps the bible in force and it reads the part again ' +
      'at once; a note added by hand after it is what the next step reads',
    async () => {
      ratio = 1;
      const { cookie, book } = await writerWithIntroductionAndBible();
      expect(book.bible_notes).toContain('## Characters');
      const seen = fake.generationRequests().length;
      const edit = await ts.http
        .put('/api/progress/romance/part')
        .set('cookie', cookie)
        .send({
          part: { kind: 'introduction', position: 0 },
          text: `${book.parts[0].text}\n\nA closing line added by hand.`,
        });
      // Never emptied: the bible it had stays while the introduction is read again.
      expect(edit.body).toMatchObject({
        memory_reset: true,
        book: { bible_notes: book.bible_notes, bible_updating: true },
      });
      const settled = await bibleSettled(ts, cookie, 'romance');
      expect(settled.book.bible_notes).toContain('## Characters');
      const update = fake
        .generationRequests()
        .slice(seen)
        .map((r) => userOf(r.body ?? {}));
      expect(update.length).toBe(1);
      expect(isBibleRequest(update[0]!)).toBe(true);
      expect(update[0]).toContain('A closing line added by hand.');
      const note = await ts.http
        .put('/api/progress/romance/bible')
        .set('cookie', cookie)
        .send({ text: '## Established facts\n- The lighthouse keeper is called Pak Ngah.' });
      expect(note.status, JSON.stringify(note.body)).toBe(200);
      expect(note.body.book.bible_notes).toBe('## Established facts\n- The lighthouse keeper is called Pak Ngah.');
      const before = fake.generationRequests().length;
      expect((await gen(cookie)).status).toBe(200);
      const sent = fake
        .generationRequests()
        .slice(before)
        .map((r) => userOf(r.body ?? {}));
      // Nothing to catch up before chapter 1: it is the first request, and it reads the writer's note.
      expect(sent[0]).toMatch(/Write Chapter 1 of/);
      expect(sent[0]).toContain('Pak Ngah');
    },
  );

  it(
    'is refused (409) while a step of the book is being written, and ' +
      'a part edit or a bible edit is refused while write more runs',
    async () => {
      ratio = 0.2;
      const { cookie, intro, credits } = await writerWithIntroduction();
      const bible = (await ts.http.get('/api/progress/romance').set('cookie', cookie)).body.book.bible_notes as string;
      const running = 'A step of this book is being written. Try again when the step is done.';

      // A step (chapter 1) hangs at the model.
      hangs = true;
      let seen = fake.generationRequests().length;
      const step = new AbortController();
      const stepping = fetch(`${ts.url}/api/generators/romance/generate`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ settings: { numberOfChapters: 7 } }),
        signal: step.signal,
      }).catch(() => undefined);
      for (
        let i = 0;
        i < 500 &&
        !fake
          .generationRequests()
          .slice(seen)
          .some((r) => /Write Chapter 1 of/.test(userOf(r.body ?? {})));
        i++
      )
        await new Promise((r) => setTimeout(r, 20));
      const refused = await more(cookie, { kind: 'introduction', position: 0 });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toEqual({ code: 'step_running', message: running });
      const refusedBible = await ts.http
        .put('/api/progress/romance/bible')
        .set('cookie', cookie)
        .send({ text: '## Established facts\n- Not now.' });
      expect(refusedBible.status).toBe(409);
      step.abort();
      await stepping;
      // The aborted step is refunded; the refused write more was never charged.
      for (let i = 0; i < 100 && (await balance(cookie)) !== credits; i++) await new Promise((r) => setTimeout(r, 20));
      expect(await balance(cookie)).toBe(credits);

      // Write more hangs at the model: the part and the bible cannot be edited meanwhile.
      seen = fake.generationRequests().length;
      const client = new AbortController();
      const writing = fetch(`${ts.url}/api/progress/romance/more`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ part: { kind: 'introduction', position: 0 } }),
        signal: client.signal,
      }).catch(() => undefined);
      for (
        let i = 0;
        i < 500 &&
        !fake
          .generationRequests()
          .slice(seen)
          .some((r) => isExtensionRequest(userOf(r.body ?? {})));
        i++
      )
        await new Promise((r) => setTimeout(r, 20));
      expect(await balance(cookie)).toBe(credits - 1);
      const partEdit = await ts.http
        .put('/api/progress/romance/part')
        .set('cookie', cookie)
        .send({ part: { kind: 'introduction', position: 0 }, text: 'Edited meanwhile' });
      expect(partEdit.status).toBe(409);
      expect(
        (
          await ts.http
            .put('/api/progress/romance/bible')
            .set('cookie', cookie)
            .send({ text: '## Established facts\n- Not now.' })
        ).status,
      ).toBe(409);
      expect((await more(cookie, { kind: 'introduction', position: 0 })).status).toBe(409);
      // The writer leaves: the request is aborted and refunded, and the book is as it was.
      client.abort();
      await writing;
      hangs = false;
      for (let i = 0; i < 100 && (await balance(cookie)) !== credits; i++) await new Promise((r) => setTimeout(r, 20));
      expect(await balance(cookie)).toBe(credits);
      const saved = (await ts.http.get('/api/progress/romance').set('cookie', cookie)).body.book;
      expect(saved.parts[0].text).toBe(intro.body.book.parts[0].text);
      expect(saved.bible_notes).toBe(bible);
    },
  );

  /** The user's credits now. */
  const balance = async (cookie: string) => {
    const me = await ts.http.get('/api/me').set('cookie', cookie);
    return (me.body.credits_available ?? me.body.user?.credits_available) as number;
  };
});
