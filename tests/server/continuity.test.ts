// Continuity on the server (what the studio shows): GET /api/progress/:bookType serves each part's
// continuity findings (chapter 7, where the captain who died in chapter 4 speaks, names her and chapter 4)
// and the book's threads; POST …/rewrite of chapter 4 with "Mara lives." re-derives the bible, so its
// reply's book lists chapters 5 and 7 (which mention her) to check against chapter 4 and chapter 7's
// finding is gone. The AI API is the fake server answered by the scripted continuity book.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { continuityBook, CONTINUITY_PLAN } from '../continuity-book.js';
import { providerFromEnv } from '../../engine/providers/index.js';
import { signUp, startTestServer, uniqueEmail, type TestServer } from './helpers.js';

interface Part { label: string; continuity?: Array<{ kind: string; part: string; detail: string }>; check_against?: string }

describe('continuity on the server', () => {
  let fake: FakeOpenAI;
  let ts: TestServer;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ answer: continuityBook(CONTINUITY_PLAN), props: true, contextTokens: 32_768 });
    ts = await startTestServer({ provider: providerFromEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL, KARYA_MAX_RETRIES: '0' }) });
  });
  afterAll(async () => {
    await ts.close();
    await fake.close();
  });

  it('serves chapter 7\'s finding and the threads; a rewrite of chapter 4 lists the parts to check and clears the finding', async () => {
    const cookie = await signUp(ts, uniqueEmail());
    // Outline, introduction, chapters 1 to 7 of a 7-chapter book.
    for (let i = 0; i < 9; i++) {
      const r = await ts.http.post('/api/generators/romance/generate').set('cookie', cookie).send({ settings: { numberOfChapters: 7 } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const book = (await ts.http.get('/api/progress/romance').set('cookie', cookie)).body.book as { parts: Part[]; threads?: Array<{ thread: string; is_overdue: boolean }> };
    const seven = book.parts.find((p) => p.label === 'Chapter 7')!;
    expect(seven.continuity).toContainEqual(expect.objectContaining({ kind: 'acts_after_death', part: 'Chapter 4' }));
    expect(book.threads?.find((t) => t.thread === 'the stolen map')?.is_overdue).toBe(true);

    const res = await ts.http.post('/api/progress/romance/rewrite').set('cookie', cookie).send({ part: { kind: 'chapter', position: 4 }, note: 'Mara lives.' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const parts = res.body.book.parts as Part[];
    expect(parts.filter((p) => p.check_against).map((p) => [p.label, p.check_against])).toEqual([['Chapter 5', 'Chapter 4'], ['Chapter 7', 'Chapter 4']]);
    expect(parts.find((p) => p.label === 'Chapter 7')!.continuity?.some((f) => f.kind === 'acts_after_death') ?? false).toBe(false);
  });
});
