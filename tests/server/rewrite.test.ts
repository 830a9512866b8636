// Rewrite and write again on the server: POST /api/progress/:bookType/rewrite sends the
// part's own request with its current text, its plan and the writer's note, charges one step (refunded when
// the model fails), replaces the part and keeps the text it replaced as a version; GET …/versions lists a
// part's earlier texts newest first, POST …/versions/restore brings one back (the text it replaces kept too).
// Another user never reaches them. The AI API is the fake server of tests/fake-openai.ts; each answer names
// the request it answers, so an old text is told from a new one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullLength, startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { providerFromEnv } from '../../engine/providers/index.js';
import { signUp, startTestServer, uniqueEmail, type TestServer } from './helpers.js';
import { userOf, isBibleRequest } from '../scripted-models.js';

describe('rewrite, versions and restore on the server', () => {
  let fake: FakeOpenAI;
  let ts: TestServer;
  let fails = false;
  beforeAll(async () => {
    fake = await startFakeOpenAI({
      answer: fullLength((body, i) => {
        const user = userOf(body);
        if (/^Create a detailed story outline/.test(user)) {
          return ['Title: The Lantern Shop', "Premise: Aisha reopens her father's lantern shop.", '']
            .concat(
              Array.from(
                { length: 7 },
                (_, k) => `Chapter ${k + 1}: Lantern ${k + 1}\nPLAN-${k + 1}: Aisha mends lantern ${k + 1}.\n`,
              ),
              ['Ending: every lantern is lit.'],
            )
            .join('\n');
        }
        if (isBibleRequest(user))
          return (
            `## Chapter\nAisha mended a lantern (answer-${i}).\n` +
            `## Characters\n- Aisha | shopkeeper | hopeful | now`
          );
        return `Answer-${i} begins. Aisha walked to the harbour at dawn.`;
      }),
      reply: () => (fails ? { status: 500, body: { error: { message: 'down' } } } : undefined),
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
  const chapter1 = { kind: 'chapter', position: 1 };

  it('rewrites chapter 1 with a note for one credit, keeps the old text as version 1, and restores it', async () => {
    const cookie = await signUp(ts, uniqueEmail());
    for (let i = 0; i < 3; i++) expect((await gen(cookie)).status).toBe(200); // outline, introduction, chapter 1
    const book = (await ts.http.get('/api/progress/romance').set('cookie', cookie)).body;
    const old = book.book.parts.find((p: { kind: string }) => p.kind === 'chapter').text as string;
    const credits = (await ts.http.get('/api/me').set('cookie', cookie)).body.credits_available as number;

    const from = fake.generationRequests().length;
    const note = 'More dialogue between Aisha and her aunt.';
    const res = await ts.http
      .post('/api/progress/romance/rewrite')
      .set('cookie', cookie)
      .send({ part: chapter1, note });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.kept_version).toBe(1);
    expect(res.body.credits_available).toBe(credits - 1);
    const asks = fake
      .generationRequests()
      .slice(from)
      .map((r) => userOf(r.body ?? {}))
      .filter((u) => !isBibleRequest(u));
    expect(asks[0]).toMatch(/^Write Chapter 1 of 7/);
    expect(asks[0]).toContain(note);
    expect(asks[0]).toContain('PLAN-1');
    expect(asks[0]).toContain(old.slice(0, 60));
    const fresh = res.body.book.parts.find((p: { kind: string }) => p.kind === 'chapter').text as string;
    expect(fresh).not.toBe(old);

    const versions = await ts.http.get('/api/progress/romance/versions?position=1').set('cookie', cookie);
    expect(versions.status).toBe(200);
    expect(versions.body.versions).toHaveLength(1);
    expect(versions.body.versions[0]).toMatchObject({ version: 1, note, text: old });

    // Another user sees none of it.
    const other = await signUp(ts, uniqueEmail());
    expect((await ts.http.get('/api/progress/romance/versions?position=1').set('cookie', other)).status).toBe(404);

    const restore = await ts.http
      .post('/api/progress/romance/versions/restore')
      .set('cookie', cookie)
      .send({ part: chapter1, version: 1 });
    expect(restore.status, JSON.stringify(restore.body)).toBe(200);
    expect(restore.body.book.parts.find((p: { kind: string }) => p.kind === 'chapter').text).toBe(old);
    expect(restore.body.kept_version).toBe(2);
    const after = (await ts.http.get('/api/progress/romance/versions?position=1').set('cookie', cookie)).body.versions;
    expect(after.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(after[0].text).toBe(fresh);
    // The next step still follows on from the book as it is now.
    expect((await gen(cookie)).status).toBe(200);
  });

  it(
    'a failed rewrite is refunded and leaves the part and its ' +
      'versions as they were; unknown parts and versions are 404',
    async () => {
      const cookie = await signUp(ts, uniqueEmail());
      for (let i = 0; i < 3; i++) expect((await gen(cookie)).status).toBe(200);
      const me = async () => (await ts.http.get('/api/me').set('cookie', cookie)).body.credits_available as number;
      const before = await me();
      expect(typeof before).toBe('number');
      const old = (await ts.http.get('/api/progress/romance').set('cookie', cookie)).body.book.parts.find(
        (p: { kind: string }) => p.kind === 'chapter',
      ).text;
      fails = true;
      try {
        const res = await ts.http.post('/api/progress/romance/rewrite').set('cookie', cookie).send({ part: chapter1 });
        expect(res.status).toBeGreaterThanOrEqual(500);
      } finally {
        fails = false;
      }
      expect(await me()).toBe(before);
      expect(
        (await ts.http.get('/api/progress/romance').set('cookie', cookie)).body.book.parts.find(
          (p: { kind: string }) => p.kind === 'chapter',
        ).text,
      ).toBe(old);
      expect(
        (await ts.http.get('/api/progress/romance/versions?position=1').set('cookie', cookie)).body.versions,
      ).toEqual([]);
      expect(
        (
          await ts.http
            .post('/api/progress/romance/rewrite')
            .set('cookie', cookie)
            .send({ part: { kind: 'chapter', position: 5 } })
        ).status,
      ).toBe(404);
      expect(
        (
          await ts.http
            .post('/api/progress/romance/versions/restore')
            .set('cookie', cookie)
            .send({ part: chapter1, version: 9 })
        ).status,
      ).toBe(404);
      expect(
        (
          await ts.http
            .post('/api/progress/romance/rewrite')
            .set('cookie', cookie)
            .send({ part: chapter1, note: 'x'.repeat(1001) })
        ).status,
      ).toBe(400);
    },
  );
});
