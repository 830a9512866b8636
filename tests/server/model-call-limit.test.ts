// One limit for every model call: with a generation burst of 3 spent by 3 generations, a
// passage, write more and a rewrite each answer 429 `rate_limited` with Retry-After, charge nothing and change
// nothing; unknown API keys count against their sender's address. The AI API is tests/fake-openai.ts.
import { describe, expect, it } from 'vitest';
import { fullLength } from '../fake-openai.js';
import { serverOnFakeModel, signUp, startTestServer, uniqueEmail } from './helpers.js';

const PROSE =
  'Aisha opened the shutters of the lantern shop at dawn. The harbour ' +
  'was quiet, and the first boats were still tied to the pier.';
const server = serverOnFakeModel(
  {
    answer: fullLength((body) =>
      /Create a detailed story outline/.test(JSON.stringify(body))
        ? 'Title: Lanterns\n\nChapter 1: Dawn\nAisha opens the shop.\n\nChapter ' +
          '2: Dusk\nShe closes it.\n\nChapter 3: Night\nThe lanterns are lit.'
        : PROSE,
    ),
  },
  { config: { generationRate: { burst: 3, refillMs: 10 * 60_000 } } },
);

describe('every model call takes the generation token', () => {
  it('after 3 generations, passage, write more and rewrite answer 429 with Retry-After, charging nothing', async () => {
    const cookie = await signUp(server.ts, uniqueEmail());
    for (let i = 0; i < 3; i++)
      expect(
        (
          await server.ts.http
            .post('/api/generators/romance/generate')
            .set('cookie', cookie)
            .send({ settings: { numberOfChapters: 7 } })
        ).status,
      ).toBe(200);
    expect(
      (
        await server.ts.http
          .post('/api/generators/romance/generate')
          .set('cookie', cookie)
          .send({ settings: { numberOfChapters: 7 } })
      ).status,
    ).toBe(429);
    const credits = async () =>
      (await server.ts.http.get('/api/me').set('cookie', cookie)).body.credits_available as number;
    const before = await credits();
    const chapter = (await server.ts.http.get('/api/progress/romance').set('cookie', cookie)).body.book.parts.find(
      (p: { kind: string }) => p.kind === 'chapter',
    ).text as string;
    const paragraph = chapter.split('\n\n')[0]!;
    const part = { kind: 'chapter', position: 1 };
    const calls = {
      passage: server.ts.http
        .post('/api/progress/romance/passage')
        .set('cookie', cookie)
        .send({ part, start: 0, end: paragraph.length, text: paragraph, action: 'expand' }),
      'write more': server.ts.http.post('/api/progress/romance/more').set('cookie', cookie).send({ part }),
      rewrite: server.ts.http
        .post('/api/progress/romance/rewrite')
        .set('cookie', cookie)
        .send({ part, note: 'More of the sea.' }),
    };
    for (const [name, call] of Object.entries(calls)) {
      const res = await call;
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(429);
      expect(res.body.error.code).toBe('rate_limited');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await credits()).toBe(before);
  });
});

describe('unknown API keys', () => {
  it("count against the sender's address: past the allowance they answer 429, not 401", async () => {
    const ts = await startTestServer({ config: { invalidApiKeyRate: { burst: 3, refillMs: 10 * 60_000 } } });
    try {
      const guess = () => ts.http.get('/api/history').set('authorization', `Bearer karya_${'x'.repeat(40)}`);
      for (let i = 0; i < 3; i++) expect((await guess()).status).toBe(401);
      const refused = await guess();
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await ts.close();
    }
  });
});
