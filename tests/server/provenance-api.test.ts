// Provenance through the API: the book view shows per part how its text came to be. A chapter the
// writer typed over the model's is theirs; a passage kept from the passage tools is recorded as the model's
// rewrite with its words; a rewrite makes the part the model's; the versions keep the provenance they had, and
// a version restored is again what it was. The AI API is the fake server of tests/fake-openai.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullLength, startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { providerFromEnv } from '../../engine/providers/index.js';
import { signUp, startTestServer, uniqueEmail, type TestServer } from './helpers.js';
import { userOf, isBibleRequest } from '../scripted-models.js';

interface Part {
  kind: string;
  position: number;
  text: string;
  provenance: { origin: string; passages?: Array<{ origin: string; words: number }>; model_words: number };
}

describe('provenance on the server', () => {
  let fake: FakeOpenAI;
  let ts: TestServer;
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
    });
    ts = await startTestServer({
      provider: providerFromEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL }),
    });
  });
  afterAll(async () => {
    await ts.close();
    await fake.close();
  });

  const chapter1 = { kind: 'chapter', position: 1 };
  const partOf = (body: { book: { parts: Part[] } }) =>
    body.book.parts.find((p) => p.kind === 'chapter' && p.position === 1)!;

  it(
    'typed over, a passage kept, rewritten, restored: each part ' +
      'says how its text came to be, and so does each version',
    async () => {
      const cookie = await signUp(ts, uniqueEmail());
      for (let i = 0; i < 3; i++)
        expect(
          (
            await ts.http
              .post('/api/generators/romance/generate')
              .set('cookie', cookie)
              .send({ settings: { numberOfChapters: 7 } })
          ).status,
        ).toBe(200);
      const view = (await ts.http.get('/api/progress/romance').set('cookie', cookie)).body;
      expect(partOf(view).provenance).toMatchObject({ origin: 'model' });

      // The writer types their own chapter over the model's: theirs.
      const own =
        'Mak Cik Rosnah kept the key to the shop in a biscuit tin. On ' +
        'Friday she gave it to Aisha without a word, and went home early.';
      const typed = await ts.http
        .put('/api/progress/romance/part')
        .set('cookie', cookie)
        .send({ part: chapter1, text: own });
      expect(typed.status, JSON.stringify(typed.body)).toBe(200);
      expect(partOf(typed.body).provenance).toEqual({ origin: 'author', model_words: 0 });

      // A passage the model rewrote, kept: recorded with its words; the rest stays the writer's.
      const sentence = 'On Friday she gave it to Aisha without a word, and went home early.';
      const start = own.indexOf(sentence);
      const kept = await ts.http
        .post('/api/progress/romance/passage/keep')
        .set('cookie', cookie)
        .send({
          part: chapter1,
          start,
          end: start + sentence.length,
          text: sentence,
          passage: "On Friday, without a word, she pressed it into Aisha's palm.",
        });
      expect(kept.status, JSON.stringify(kept.body)).toBe(200);
      expect(partOf(kept.body).provenance).toEqual({
        origin: 'author',
        passages: [{ origin: 'model-rewrite', words: 11 }],
        model_words: 11,
      });

      // A rewrite: the model's now; the text it replaced is a version with the provenance it had.
      const rewrite = await ts.http
        .post('/api/progress/romance/rewrite')
        .set('cookie', cookie)
        .send({ part: chapter1, note: 'More rain.' });
      expect(rewrite.status, JSON.stringify(rewrite.body)).toBe(200);
      expect(partOf(rewrite.body).provenance).toMatchObject({ origin: 'model-rewrite' });
      const versions = (await ts.http.get('/api/progress/romance/versions?position=1').set('cookie', cookie)).body
        .versions as Array<{ version: number; provenance?: unknown }>;
      expect(versions.map((v) => [v.version, v.provenance])).toEqual([
        [2, { origin: 'author', passages: [{ origin: 'model-rewrite', words: 11 }] }],
        [1, { origin: 'author' }],
      ]);

      // Restored, the writer's text is theirs again (and the model's rewrite it replaces is kept as the model's).
      const restored = await ts.http
        .post('/api/progress/romance/versions/restore')
        .set('cookie', cookie)
        .send({ part: chapter1, version: 2 });
      expect(restored.status, JSON.stringify(restored.body)).toBe(200);
      expect(partOf(restored.body).provenance).toEqual({
        origin: 'author',
        passages: [{ origin: 'model-rewrite', words: 11 }],
        model_words: 11,
      });
      const after = (await ts.http.get('/api/progress/romance/versions?position=1').set('cookie', cookie)).body
        .versions as Array<{ version: number; provenance?: unknown }>;
      expect(after[0]).toMatchObject({ version: 3, provenance: { origin: 'model-rewrite' } });
    },
  );
});
