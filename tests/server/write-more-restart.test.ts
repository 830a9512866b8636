// "Write more" answered by a model that writes the part again from its start (as models do when asked to
// continue): the writer's text it replaced is not lost without a word. The answer names it (restarted_version)
// and the text is kept as a version of the part, restorable; a model that continues as asked keeps no version.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { providerFromEnv } from '../../engine/providers/index.js';
import { signUp, startTestServer, uniqueEmail, type TestServer } from './helpers.js';
import { underWriter, userOf, isExtensionRequest } from '../scripted-models.js';

describe('write more when the model starts the part over', () => {
  let fake: FakeOpenAI;
  let ts: TestServer;
  /** What the model answers a "write more": the part again from its start, when set. */
  let restart: string | null = null;
  beforeAll(async () => {
    fake = await startFakeOpenAI({
      answer: (body, i) => (restart !== null && isExtensionRequest(userOf(body)) ? restart : underWriter(0.2)(body, i)),
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
  const more = (cookie: string) =>
    ts.http
      .post('/api/progress/romance/more')
      .set('cookie', cookie)
      .send({ part: { kind: 'introduction', position: 0 } });
  const versions = async (cookie: string) =>
    (await ts.http.get('/api/progress/romance/versions').query({ position: 0 }).set('cookie', cookie)).body as {
      versions: Array<{ version: number; text: string }>;
    };

  it("the restart is named, and the writer's text it replaced is kept as a version", async () => {
    const cookie = await signUp(ts, uniqueEmail());
    expect((await gen(cookie)).status).toBe(200);
    const intro = await gen(cookie);
    expect(intro.status).toBe(200);
    const mine = intro.body.book.parts[0].text as string;
    // The part again from its first words, longer than the writer's text, and different after them.
    const harbour = 'The harbour lights came on one by one, and Aisha counted them as she always had. ';
    restart = `${mine.slice(0, 120)} ${harbour.repeat(Math.ceil(mine.length / 40))}`;
    const res = await more(cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.restarted_version).toEqual(expect.any(Number));
    const kept = (await versions(cookie)).versions.find((v) => v.version === res.body.restarted_version);
    // The writer's text as it stood (the character list the view shows apart included).
    expect(kept!.text.startsWith(mine.slice(0, 200))).toBe(true);
    expect(kept!.text).toContain(mine.slice(-120));
    // The part holds one opening, not the writer's and the model's one after the other.
    const text = res.body.book.parts[0].text as string;
    expect(text.split(mine.slice(0, 60)).length - 1).toBe(1);
  });

  it('a model that continues as asked: no restart named, no version kept', async () => {
    restart = null;
    const cookie = await signUp(ts, uniqueEmail());
    await gen(cookie);
    const intro = await gen(cookie);
    const before = (await versions(cookie)).versions.length;
    const res = await more(cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.restarted_version).toBeUndefined();
    expect(
      (res.body.book.parts[0].text as string).startsWith((intro.body.book.parts[0].text as string).slice(0, 200)),
    ).toBe(true);
    expect((await versions(cookie)).versions.length).toBe(before);
  });
});
