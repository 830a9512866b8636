// The writer's voice on the server: PUT /api/progress/:bookType/voice measures a sample (its fingerprint
// in the book view, kept with the book), refuses what cannot be measured naming the limit and saves nothing, keeps
// the writer's phrases to avoid; the next step is sent the voice and its part is marked in the view when it drifts;
// "rewrite toward my voice" (POST …/rewrite with toward_voice) sends the guidance with what drifted and keeps the old
// text as a version. Another user never reaches it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, userMessageOf, type FakeOpenAI } from '../fake-openai.js';
import { providerFromEnv } from '../../engine/providers/index.js';
import { signUp, startTestServer, uniqueEmail, type TestServer } from './helpers.js';

const FIXTURES = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'fixtures', 'voice');
const sample = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');
const CLAUSES = sample('en-long.txt')
  .replace(/\s+/g, ' ')
  .split(/, /)
  .map((c) => c.trim().replace(/\.$/, ''));
/** A novel's long third-person sentences, seven clauses each. */
const NOVEL = Array.from({ length: 200 }, (_, i) => {
  const text = Array.from({ length: 7 }, (_, k) => CLAUSES[(i * 11 + k * 5) % CLAUSES.length]!.toLowerCase()).join(
    ', ',
  );
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
});

describe('the voice of a book on the server', () => {
  let fake: FakeOpenAI;
  let ts: TestServer;
  let cookie: string;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ writeRatio: 1, sentences: { en: NOVEL, ms: NOVEL } });
    ts = await startTestServer({
      provider: providerFromEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL }),
    });
    cookie = await signUp(ts, uniqueEmail());
    // The outline: the book exists, nothing of it is prose yet.
    expect(
      (
        await ts.http
          .post('/api/generators/romance/generate')
          .set('cookie', cookie)
          .send({ settings: { numberOfChapters: 7 } })
      ).status,
    ).toBe(200);
  });
  afterAll(async () => {
    await ts.close();
    await fake.close();
  });
  const put = (body: object, who = cookie) => ts.http.put('/api/progress/romance/voice').set('cookie', who).send(body);

  it('measures a sample and keeps its fingerprint and the phrases to avoid with the book', async () => {
    const res = await put({ sample: sample('en-terse.txt'), avoid: ['crimson dawn', ' crimson dawn '] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.book.voice).toMatchObject({
      fingerprint: { pointOfView: 'first', tense: 'present' },
      avoid: ['crimson dawn'],
    });
    expect(res.body.book.voice.fingerprint.sentenceWords.mean).toBeLessThan(8);
    const again = await ts.http.get('/api/progress/romance').set('cookie', cookie);
    expect(again.body.book.voice.fingerprint.pointOfView).toBe('first');
  });

  it('refuses a sample too short or in the other language, naming the limit, and keeps the voice it had', async () => {
    const short = await put({ sample: 'I walk. She waits. '.repeat(30) });
    expect(short.status).toBe(400);
    expect(short.body.error).toMatchObject({ code: 'voice_too_short' });
    expect(short.body.error.fields.sample).toMatch(/give at least 300 words/);
    const malay = await put({ sample: sample('ms-terse.txt') });
    expect(malay.status).toBe(400);
    expect(malay.body.error.code).toBe('voice_language');
    const many = await put({ avoid: Array.from({ length: 41 }, (_, i) => `phrase ${i}`) });
    expect(many.status).toBe(400);
    expect(many.body.error.fields.avoid).toMatch(/at most 40/);
    const kept = await ts.http.get('/api/progress/romance').set('cookie', cookie);
    expect(kept.body.book.voice).toMatchObject({ fingerprint: { pointOfView: 'first' }, avoid: ['crimson dawn'] });
  });

  it('sends the voice with the next step and marks its part when it drifts', async () => {
    const from = fake.generationRequests().length;
    const res = await ts.http
      .post('/api/generators/romance/generate')
      .set('cookie', cookie)
      .send({ settings: { numberOfChapters: 7 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ask = fake
      .generationRequests()
      .slice(from)
      .map((q) => userMessageOf(q.body ?? {}))[0]!;
    expect(ask).toContain("Write in the writer's own voice");
    expect(ask).toMatch(/Avoid these overused phrases: "crimson dawn"/);
    const book = (await ts.http.get('/api/progress/romance').set('cookie', cookie)).body.book;
    const intro = book.parts[0];
    expect(intro.voice.drifts).toEqual(expect.arrayContaining(['sentenceWords', 'pointOfView']));
    expect(intro.voice.notes.join(', ')).toMatch(/sentences \d+(\.\d)?× longer/);
    expect(intro.overused).toMatchObject({ is_marked: false });
  });

  it(
    'rewrites toward the voice: the guidance and what drifted ' +
      'go with the request, the old text is kept as a version',
    async () => {
      const from = fake.generationRequests().length;
      const res = await ts.http
        .post('/api/progress/romance/rewrite')
        .set('cookie', cookie)
        .send({ part: { kind: 'introduction' }, toward_voice: true });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.kept_version).toBe(1);
      const ask = fake
        .generationRequests()
        .slice(from)
        .map((q) => userMessageOf(q.body ?? {}))[0]!;
      expect(ask).toContain("Write this part again in the writer's own voice");
      expect(ask).toMatch(/It drifts from that voice: sentences \d/);
    },
  );

  it(
    'removes the sample, then refuses a rewrite toward a voice ' +
      'the book no longer has; another user reaches nothing',
    async () => {
      const res = await put({ sample: null });
      expect(res.status).toBe(200);
      expect(res.body.book.voice).toEqual({ avoid: ['crimson dawn'] });
      const rewrite = await ts.http
        .post('/api/progress/romance/rewrite')
        .set('cookie', cookie)
        .send({ part: { kind: 'introduction' }, toward_voice: true });
      expect(rewrite.status).toBe(409);
      expect(rewrite.body.error.code).toBe('voice_missing');
      const other = await signUp(ts, uniqueEmail());
      expect((await put({ sample: sample('en-terse.txt') }, other)).status).toBe(404);
    },
  );
});
