// Continuing a stopped draft through the generate stream, answered by a model that writes the part again from its
// start (as models do when asked to continue): the writer's draft is not replaced without a word. The done event
// names it (restarted_version) and the draft is kept as a version of the part, restorable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullLength, startFakeOpenAI, type FakeOpenAI, type FakeOpenAIOptions } from '../fake-openai.js';
import { providerFromEnv } from '../../engine/providers/index.js';
import { signUp, startTestServer, uniqueEmail, type TestServer } from './helpers.js';
import { stepStream } from './step-stream.js';
import { isBibleRequest, isExtensionRequest, userOf } from '../scripted-models.js';

const INTRO = { kind: 'introduction', position: 0 };
const SETTINGS = { numberOfChapters: 7 };
/** The restarted part's own sentence, repeated to make it longer than the draft. */
const HARBOUR = 'The harbour lights came on one by one, ' + 'and Aisha counted them as she always had. ';

describe('a stopped draft continued by a model that starts the part over', () => {
  let fake: FakeOpenAI;
  let ts: TestServer;
  /** What the model answers a continuation, when set: the part again from its start. */
  let restart: string | null = null;
  const options: FakeOpenAIOptions = {
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
        return `## Chapter\nAisha mended a lantern (answer-${i}).\n## Characters\n- Aisha | shopkeeper | hopeful | now`;
      if (restart !== null && isExtensionRequest(user)) return restart;
      return `Answer-${i} begins. Aisha walked to the harbour at dawn and counted the boats.`;
    }),
  };
  beforeAll(async () => {
    fake = await startFakeOpenAI(options);
    ts = await startTestServer({
      provider: providerFromEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL }),
    });
  });
  afterAll(async () => {
    await ts.close();
    await fake.close();
  });

  it('the done event names the restart, and the draft is kept as a version of the part', async () => {
    const cookie = await signUp(ts, uniqueEmail());
    expect(
      (await ts.http.post('/api/generators/romance/generate').set('cookie', cookie).send({ settings: SETTINGS }))
        .status,
    ).toBe(200);
    options.streamDelayMs = 15;
    const first = await stepStream(ts.url, { id: 'romance', cookie, body: { settings: SETTINGS, step: INTRO } });
    await first.until(40);
    expect((await ts.http.post('/api/progress/romance/stop').set('cookie', cookie).send()).status).toBe(200);
    const draft = (await first.rest()).text.trim();
    options.streamDelayMs = 0;
    // The part again from the draft's first words, then elsewhere, longer than the draft.
    restart = `${draft.slice(0, 60)} ${HARBOUR.repeat(30)}`;
    const stream = await stepStream(ts.url, {
      id: 'romance',
      cookie,
      body: { settings: SETTINGS, step: INTRO, fromDraft: 'continue' },
    });
    const { last } = await stream.rest();
    expect(last.event).toBe('done');
    const done = last.data as { content: string; restarted_version?: number };
    expect(done.restarted_version).toEqual(expect.any(Number));
    expect(done.content.includes(draft)).toBe(false);
    const { versions } = (
      await ts.http.get('/api/progress/romance/versions').query({ position: 0 }).set('cookie', cookie)
    ).body as { versions: Array<{ version: number; text: string }> };
    expect(versions.find((v) => v.version === done.restarted_version)?.text).toBe(draft);
    restart = null;
  });

  it('POST …/stopped with continue says the same, and keeps the draft as a version', async () => {
    const cookie = await signUp(ts, uniqueEmail());
    expect(
      (await ts.http.post('/api/generators/romance/generate').set('cookie', cookie).send({ settings: SETTINGS }))
        .status,
    ).toBe(200);
    options.streamDelayMs = 15;
    const first = await stepStream(ts.url, { id: 'romance', cookie, body: { settings: SETTINGS, step: INTRO } });
    await first.until(40);
    expect((await ts.http.post('/api/progress/romance/stop').set('cookie', cookie).send()).status).toBe(200);
    const draft = (await first.rest()).text.trim();
    options.streamDelayMs = 0;
    restart = `${draft.slice(0, 60)} ${HARBOUR.repeat(30)}`;
    const res = await ts.http
      .post('/api/progress/romance/stopped')
      .set('cookie', cookie)
      .send({ part: INTRO, action: 'continue' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.restarted_version).toEqual(expect.any(Number));
    const { versions } = (
      await ts.http.get('/api/progress/romance/versions').query({ position: 0 }).set('cookie', cookie)
    ).body as { versions: Array<{ version: number; text: string }> };
    expect(versions.find((v) => v.version === res.body.restarted_version)?.text).toBe(draft);
    restart = null;
  });
});
