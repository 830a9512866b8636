// A start is judged before it is grown, on the server: a studio step of Chapter 2 (streamed, as the studio asks)
// whose first answer is a recipe of a few lines, or a recipe's first lines cut at the token limit. It is asked
// again, never extended or continued: the `done` part is the second answer, saved as Chapter 2 and charged once,
// its note naming the recipe; no request carries the recipe on. Write-more answered with a recipe of a few lines:
// asked again, the recipe never joined to the chapter. The AI API is tests/fake-openai.ts.
import { describe, expect, it } from 'vitest';
import { userMessageOf } from '../fake-openai.js';
import { SHORT_RECIPE, type WrongKind } from '../wrong-kind.js';
import { parseEvents, serverOnFakeModel, signUp, uniqueEmail } from './helpers.js';

const server = serverOnFakeModel({ writeRatio: 1 }, {});

type Done = { content: string; is_complete: boolean; notes?: Array<{ code: string; message: string }> };
/** A recipe's measure lines, in either language. */
const RECIPE_LINE = /^\s*-\s*\d+\s+(?:cups?|tsp|cawan|sudu)\b/m;

describe.each(['en', 'ms'] as const)('a studio step of Chapter 2 that starts as a recipe (%s)', (lang) => {
  it.each(['short-recipe', 'cut-recipe'] as const)(
    '%s: asked again, the second answer saved as Chapter 2 and charged once',
    async (kind: WrongKind) => {
      server.fake.setWrongKind(kind);
      const cookie = await signUp(server.ts, uniqueEmail());
      const settings = { numberOfChapters: 5, language: lang };
      for (let i = 0; i < 3; i++)
        expect(
          (await server.ts.http.post('/api/generators/romance/generate').set('cookie', cookie).send({ settings }))
            .status,
        ).toBe(200);
      const credits = async () =>
        (await server.ts.http.get('/api/me').set('cookie', cookie)).body.credits_available as number;
      const before = await credits();
      const sent = server.fake.generationRequests().length;
      const res = await server.ts.http
        .post('/api/generators/romance/generate')
        .set('cookie', cookie)
        .set('accept', 'text/event-stream')
        .send({ settings });
      const events = parseEvents(res.text);
      const done = events.find((e) => e.event === 'done')?.data as Done | undefined;
      expect(events.find((e) => e.event === 'error')).toBeUndefined();
      expect(done?.is_complete).toBe(true);
      expect(done?.notes?.map((n) => n.code)).toEqual(['answer_asked_again']);
      expect(done!.notes![0]!.message).toContain(lang === 'ms' ? 'resipi' : 'a recipe');
      expect(before - (await credits())).toBe(1);
      const parts = (await server.ts.http.get('/api/progress/romance').set('cookie', cookie)).body.book.parts as Array<{
        kind: string;
        position: number;
        text: string;
      }>;
      const two = parts.find((p) => p.kind === 'chapter' && p.position === 2)!;
      expect(two.text).toBe(done!.content);
      expect(two.text).not.toMatch(RECIPE_LINE);
      // The step's asks: Chapter 2 and Chapter 2 again with the firm note; nothing carried the recipe on.
      const asks = server.fake
        .generationRequests()
        .slice(sent)
        .map((q) => userMessageOf(q.body ?? {}))
        .filter((u) => /Write Chapter 2 of|Tulis Bab 2 daripada/.test(u));
      expect(asks).toHaveLength(2);
      expect(asks[1]!.startsWith(asks[0]!)).toBe(true);
      expect(
        server.fake
          .generationRequests()
          .slice(sent)
          .filter((q) => RECIPE_LINE.test(userMessageOf(q.body ?? {}))),
      ).toEqual([]);
    },
  );
});

describe('write-more on a written chapter answered with a recipe of a few lines', () => {
  it('asked again: the second answer is added, the recipe never, the answer says why', async () => {
    server.fake.setWrongKind(undefined);
    const cookie = await signUp(server.ts, uniqueEmail());
    for (let i = 0; i < 3; i++)
      expect(
        (
          await server.ts.http
            .post('/api/generators/romance/generate')
            .set('cookie', cookie)
            .send({ settings: { numberOfChapters: 5 } })
        ).status,
      ).toBe(200);
    const chapter = async () =>
      (
        (await server.ts.http.get('/api/progress/romance').set('cookie', cookie)).body.book.parts as Array<{
          kind: string;
          text: string;
        }>
      ).find((p) => p.kind === 'chapter')!.text;
    const before = await chapter();
    const more =
      'The ferry came in at noon, and Aisha went down to the pier to meet it. ' +
      'Daniel was the last to step off, with a crate of mangoes on his shoulder.';
    server.fake.script({ text: SHORT_RECIPE.en }, { text: more });
    const res = await server.ts.http
      .post('/api/progress/romance/more')
      .set('cookie', cookie)
      .send({ part: { kind: 'chapter', position: 1 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.notes?.map((n: { code: string }) => n.code)).toEqual(['answer_asked_again']);
    const text = await chapter();
    expect(text.startsWith(before.trimEnd())).toBe(true);
    expect(text).toContain('Daniel was the last to step off');
    expect(text).not.toMatch(RECIPE_LINE);
  });
});
