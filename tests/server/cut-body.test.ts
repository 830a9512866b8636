// A body cut mid-way on the server: a writer's studio step of Chapter 1 (streamed, as the server asks the model)
// whose first answer's connection drops after part of its text (the fake destroys the socket). The text that came is
// continued from where it stops, as a cut stream is: the step finishes with the part whole (complete, of the length
// asked), saved once and charged once.
// The AI API is tests/fake-openai.ts (its cutBody habit).
import { describe, expect, it } from 'vitest';
import { userMessageOf, type CutBody } from '../fake-openai.js';
import { parseEvents, serverOnFakeModel, signUp, uniqueEmail } from './helpers.js';

/** Cut the next first ask of Chapter 1 (not a continuation), once. */
let cutNext: CutBody | undefined;
const isChapterOne = (body: Record<string, unknown>) =>
  /Write Chapter 1 of/.test(userMessageOf(body)) && !/cut off|so far is/.test(userMessageOf(body));
const server = serverOnFakeModel({
  writeRatio: 1,
  cutBody: (body) => {
    if (!cutNext || !isChapterOne(body)) return undefined;
    const how = cutNext;
    cutNext = undefined;
    return how;
  },
});

describe('a studio step whose answer is cut mid-body', () => {
  it('the text that came is continued from where it stops: the part whole, saved once, charged once', async () => {
    const cookie = await signUp(server.ts, uniqueEmail());
    const settings = { numberOfChapters: 3, language: 'en' };
    const step = () => server.ts.http.post('/api/generators/romance/generate').set('cookie', cookie);
    // The outline and the introduction, then Chapter 1 with its first answer cut.
    for (let i = 0; i < 2; i++) expect((await step().send({ settings })).status).toBe(200);
    const credits = async () =>
      (await server.ts.http.get('/api/me').set('cookie', cookie)).body.credits_available as number;
    const before = await credits();
    const sent = server.fake.generationRequests().length;
    cutNext = 'declared';
    const res = await step().set('accept', 'text/event-stream').send({ settings });
    expect(cutNext).toBeUndefined();
    const done = parseEvents(res.text).find((e) => e.event === 'done')?.data as
      { content: string; is_complete: boolean } | undefined;
    expect(res.status).toBe(200);
    expect(done?.is_complete).toBe(true);
    expect(before - (await credits())).toBe(1);
    const parts = (await server.ts.http.get('/api/progress/romance').set('cookie', cookie)).body.book.parts as Array<{
      kind: string;
      position: number;
      text: string;
      is_complete: boolean;
    }>;
    const chapters = parts.filter((p) => p.kind === 'chapter');
    expect(chapters.map((p) => [p.position, p.is_complete])).toEqual([[1, true]]);
    expect(chapters[0]!.text).toBe(done!.content);
    expect(chapters[0]!.text.split(/\s+/).length).toBeGreaterThan(1200);
    // The chapter asked once; the next ask is its continuation from where the cut text stops (no part asked again
    // whole).
    const asks = server.fake
      .generationRequests()
      .slice(sent)
      .map((q) => userMessageOf(q.body ?? {}))
      .filter((u) => /Write Chapter 1 of/.test(u));
    expect(asks.filter((u) => u === asks[0])).toHaveLength(1);
    expect(asks[1]).toMatch(/cut off/);
  });
});
