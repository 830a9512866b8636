// Stop on the server: POST /api/progress/:bookType/stop while a part streams aborts the
// model call and keeps the text that reached the writer as the draft of that step (saved: the book shows it
// after a reload), paid for as the existing rule says (text that reached the writer is paid for; none
// reached them: refunded). POST …/stopped keeps it as the part (free), continues it ("write more"'s
// request) or rewrites it with a note (each one step's cost); DELETE …/drafts/:position discards it and the
// step is written afresh. Another user cannot stop the writer's step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullLength, startFakeOpenAI, type FakeOpenAI, type FakeOpenAIOptions } from '../fake-openai.js';
import { providerFromEnv } from '../../engine/providers/index.js';
import { parseEvents, signUp, startTestServer, uniqueEmail, type TestServer } from './helpers.js';
import { stepStream } from './step-stream.js';
import { isBibleRequest, isExtensionRequest, userOf } from '../scripted-models.js';

const INTRO = { kind: 'introduction', position: 0 };

describe('stopping a part while it streams', () => {
  let fake: FakeOpenAI;
  let ts: TestServer;
  /** Mutable: the stream is slow only while a test stops it. */
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

  const gen = (cookie: string) =>
    ts.http
      .post('/api/generators/romance/generate')
      .set('cookie', cookie)
      .send({ settings: { numberOfChapters: 7 } });
  const credits = async (cookie: string) =>
    (await ts.http.get('/api/me').set('cookie', cookie)).body.credits_available as number;
  const book = async (cookie: string) => (await ts.http.get('/api/progress/romance').set('cookie', cookie)).body.book;

  /** A writer with the outline written, whose introduction streams slowly; resolves once `words` words reached them. */
  async function streaming(words = 12) {
    const cookie = await signUp(ts, uniqueEmail());
    expect((await gen(cookie)).status).toBe(200); // the outline
    options.streamDelayMs = 15;
    const stream = await stepStream(ts.url, {
      id: 'romance',
      cookie,
      body: { settings: { numberOfChapters: 7 }, step: INTRO },
    });
    await stream.until(words);
    /** The rest of the stream: every delta the writer got, and the last event. */
    const rest = async () => {
      const end = await stream.rest();
      options.streamDelayMs = 0;
      return end;
    };
    return { cookie, rest };
  }

  const stop = (cookie: string) => ts.http.post('/api/progress/romance/stop').set('cookie', cookie).send();
  const finish = (cookie: string, body: object) =>
    ts.http
      .post('/api/progress/romance/stopped')
      .set('cookie', cookie)
      .send({ part: INTRO, ...body });

  /**
   * A writer whose introduction was stopped mid-stream, then finished with `body`: the answer, the draft, and the part
   * requests it sent.
   */
  async function finishedDraft(body: object) {
    const { cookie, rest } = await streaming();
    await stop(cookie);
    const { text } = await rest();
    const before = fake.generationRequests().length;
    const res = await finish(cookie, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const asks = fake
      .generationRequests()
      .slice(before)
      .map((r) => userOf(r.body ?? {}))
      .filter((u) => !isBibleRequest(u));
    return { cookie, res, draft: text.trim(), asks };
  }

  it(
    'keeps exactly the text that reached the writer as the ' + 'draft, charges the step, and shows it after a reload',
    async () => {
      const { cookie, rest } = await streaming();
      const res = await stop(cookie);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const { text, last } = await rest();
      // The stream ends with the stop, not with a done part.
      expect(last.event).toBe('error');
      expect(last.data).toMatchObject({
        code: 'step_stopped',
        message: 'Stopped. The text written so far is kept as a draft.',
      });
      expect(res.body.stopped).toMatchObject({
        kind: 'introduction',
        position: 0,
        label: 'Introduction',
        text: text.trim(),
      });
      expect(res.body.stopped.words).toBeGreaterThanOrEqual(12);
      // Paid for: 10 at sign-up, the outline, the stopped introduction.
      expect(res.body.credits_charged).toBe(1);
      expect(res.body.credits_available).toBe(8);
      expect(res.body.book.parts).toEqual([]);
      const again = await book(cookie);
      expect(again.stopped.text).toBe(text.trim());
      expect(again.next).toMatchObject({ kind: 'introduction' });
      expect(again.running).toBeUndefined();
      // Nothing runs any more.
      expect((await stop(cookie)).body.error.code).toBe('no_step_running');
    },
  );

  it('Keep takes the draft as the introduction for free; the book goes on to chapter 1', async () => {
    const { cookie, res, draft, asks } = await finishedDraft({ action: 'keep' });
    expect(res.body.credits_available).toBe(8);
    expect(res.body.book.parts[0]).toMatchObject({ kind: 'introduction', text: draft });
    expect(res.body.book.next).toMatchObject({ kind: 'chapter', position: 1 });
    // No part was asked for (only the bible may be brought up to date).
    expect(asks).toEqual([]);
    const saved = await book(cookie);
    expect(saved.stopped).toBeUndefined();
    expect(saved.parts[0].text).toBe(draft);
    // Kept as stopped: the part says so after a reload, until its text is changed by hand.
    expect(res.body.book.parts[0].is_stopped).toBe(true);
    expect(saved.parts[0].is_stopped).toBe(true);
    const edited = await ts.http
      .put('/api/progress/romance/part')
      .set('cookie', cookie)
      .send({ part: { kind: 'introduction', position: 0 }, text: `${draft} The end of the scene.` });
    expect(edited.status).toBe(200);
    expect(edited.body.book.parts[0].is_stopped).toBeUndefined();
    expect((await book(cookie)).parts[0].is_stopped).toBeUndefined();
    // A second finish finds no draft.
    expect(
      (
        await ts.http
          .post('/api/progress/romance/stopped')
          .set('cookie', cookie)
          .send({ part: { kind: 'chapter', position: 1 }, action: 'keep' })
      ).body.error.code,
    ).toBe('no_stopped_draft');
  });

  it('Continue writes on from where the draft stops for one step, and the result is the written part', async () => {
    const { cookie, res, draft, asks } = await finishedDraft({ action: 'continue' });
    expect(res.body.credits_available).toBe(7);
    expect(asks).toHaveLength(1);
    expect(isExtensionRequest(asks[0]!)).toBe(true);
    const part = res.body.book.parts[0].text as string;
    expect(part.startsWith(draft)).toBe(true);
    expect(part.length).toBeGreaterThan(draft.length + 100);
    expect((await book(cookie)).stopped).toBeUndefined();
  });

  it(
    'Continue asked as events answers before the model: waiting for the model ' +
      'while it holds its answer, then done with the part, one step charged',
    async () => {
      const { cookie, rest } = await streaming();
      await stop(cookie);
      const draft = (await rest()).text.trim();
      let release!: () => void;
      const held = new Promise<undefined>((resolve) => (release = () => resolve(undefined)));
      let asked = 0;
      options.reply = (body) => (isExtensionRequest(userOf(body)) ? (asked++, { until: held }) : undefined);
      try {
        const res = await fetch(`${ts.url}/api/progress/romance/stopped`, {
          method: 'POST',
          headers: { cookie, accept: 'text/event-stream', 'content-type': 'application/json' },
          body: JSON.stringify({ part: INTRO, action: 'continue' }),
        });
        expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
        const reader = res.body!.getReader();
        let raw = '';
        while (!(parseEvents(raw).length && asked)) raw += new TextDecoder().decode((await reader.read()).value);
        // The stream's first event, while the model still holds the continuation.
        expect(parseEvents(raw)[0]).toEqual({ event: 'waiting', data: { reason: 'model' } });
        release();
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
          raw += new TextDecoder().decode(chunk.value);
        const last = parseEvents(raw).at(-1)!;
        expect(last.event, JSON.stringify(last.data)).toBe('done');
        const done = last.data as { book: { parts: Array<{ text: string }> }; credits_available: number };
        expect(done.book.parts[0]!.text.startsWith(draft)).toBe(true);
        expect(done.credits_available).toBe(7);
        expect((await book(cookie)).stopped).toBeUndefined();
      } finally {
        delete options.reply;
      }
    },
  );

  it(
    'Continue through the generate stream: the new words arrive as deltas ' +
      'after the draft, one step, and the part is the draft with them',
    async () => {
      const { cookie, rest } = await streaming();
      await stop(cookie);
      const draft = (await rest()).text.trim();
      const stream = await stepStream(ts.url, {
        id: 'romance',
        cookie,
        body: { settings: { numberOfChapters: 7 }, step: INTRO, fromDraft: 'continue' },
      });
      const { text, last } = await stream.rest();
      expect(last.event).toBe('done');
      const part = (last.data as { content: string }).content;
      // What streamed is what follows the draft: the draft and the deltas make the part.
      expect(text.trim().length).toBeGreaterThan(20);
      expect(part).toBe(`${draft}${text}`.trim());
      expect((await book(cookie)).parts[0].text).toBe(part);
      expect((await book(cookie)).stopped).toBeUndefined();
      expect(await credits(cookie)).toBe(7);
    },
  );

  it(
    'Continue through the stream can be stopped: the draft grows by ' +
      'what arrived and that is paid for; a step without a draft is 404',
    async () => {
      const { cookie, rest } = await streaming();
      await stop(cookie);
      const draft = (await rest()).text.trim();
      options.streamDelayMs = 15;
      const stream = await stepStream(ts.url, {
        id: 'romance',
        cookie,
        body: { settings: { numberOfChapters: 7 }, step: INTRO, fromDraft: 'continue' },
      });
      await stream.until(8);
      const res = await stop(cookie);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const { text, last } = await stream.rest();
      options.streamDelayMs = 0;
      expect(last.data).toMatchObject({ code: 'step_stopped' });
      expect(res.body.stopped.text).toBe(`${draft}${text}`.trim());
      expect((await book(cookie)).stopped.text).toBe(res.body.stopped.text);
      // 10, the outline, the first stop, the continued part stopped with new text.
      expect(res.body.credits_available).toBe(7);
      const fresh = await signUp(ts, uniqueEmail());
      expect((await gen(fresh)).status).toBe(200);
      const none = await ts.http
        .post('/api/generators/romance/generate')
        .set('cookie', fresh)
        .send({ settings: { numberOfChapters: 7 }, step: INTRO, fromDraft: 'continue' });
      expect(none.status).toBe(404);
      expect(none.body.error.code).toBe('no_stopped_draft');
      expect(await credits(fresh)).toBe(9);
    },
  );

  it('Rewrite sends the note and the draft with the introduction request, for one step', async () => {
    const note = 'Open on the night market instead.';
    const { res, draft, asks } = await finishedDraft({ action: 'rewrite', note });
    expect(res.body.credits_available).toBe(7);
    expect(asks[0]).toContain(note);
    expect(asks[0]).toContain(draft.slice(0, 40));
    expect(res.body.book.parts[0].kind).toBe('introduction');
    expect(res.body.book.parts[0].text).not.toBe(draft);
  });

  it('Discard drops the draft; the introduction is then written afresh', async () => {
    const { cookie, rest } = await streaming();
    await stop(cookie);
    await rest();
    expect((await ts.http.delete('/api/progress/romance/drafts/0').set('cookie', cookie)).status).toBe(200);
    expect((await book(cookie)).stopped).toBeUndefined();
    expect((await finish(cookie, { action: 'keep' })).status).toBe(404);
    const fresh = await gen(cookie);
    expect(fresh.status).toBe(200);
    expect(fresh.body.part).toMatchObject({ kind: 'introduction' });
    expect(await credits(cookie)).toBe(7);
  });

  it('a stop before any text reached the writer is refunded and keeps nothing', async () => {
    const cookie = await signUp(ts, uniqueEmail());
    await gen(cookie);
    fake.script({ hang: true });
    const before = fake.generationRequests().length;
    const pending = gen(cookie).then((r) => r); // sent now (a supertest request starts when awaited)
    for (let i = 0; i < 3000 && fake.generationRequests().length === before; i++)
      await new Promise((r) => setTimeout(r, 10));
    const res = await stop(cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ stopped: null, credits_charged: 0, credits_available: 9 });
    const answer = await pending;
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('step_stopped');
    expect((await book(cookie)).stopped).toBeUndefined();
  });

  it(
    'a JSON (not streamed) request stopped after text was written: ' +
      'the text is kept as the draft and charged, as for a stream',
    async () => {
      const cookie = await signUp(ts, uniqueEmail());
      expect((await gen(cookie)).status).toBe(200); // the outline
      options.streamDelayMs = 15;
      try {
        const pending = fetch(`${ts.url}/api/generators/romance/generate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ settings: { numberOfChapters: 7 }, step: INTRO }),
        });
        // The JSON client sees nothing until the answer; the book shows the part being written.
        let running = '';
        for (let i = 0; i < 3000 && running.split(/\s+/).filter(Boolean).length < 12; i++) {
          await new Promise((r) => setTimeout(r, 10));
          running = ((await book(cookie))?.running?.text as string | undefined) ?? '';
        }
        const res = await stop(cookie);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const answer = await pending;
        expect(answer.status).toBe(409);
        expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('step_stopped');
        // The text written so far is the writer's: in Stop's answer and as the draft after a reload.
        expect(res.body.stopped.text.startsWith(running.trim())).toBe(true);
        expect(res.body.stopped.words).toBeGreaterThanOrEqual(12);
        expect((await book(cookie)).stopped.text).toBe(res.body.stopped.text);
        // Paid for by the same rule as a stream: 10 at sign-up, the outline, the stopped introduction.
        expect(res.body).toMatchObject({ credits_charged: 1, credits_available: 8 });
      } finally {
        options.streamDelayMs = 0;
      }
    },
  );

  it('another user cannot stop the writer’s step', async () => {
    const { cookie, rest } = await streaming();
    const other = await signUp(ts, uniqueEmail());
    const res = await stop(other);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('no_step_running');
    options.streamDelayMs = 0;
    const { last } = await rest();
    expect(last.event).toBe('done');
    expect((await book(cookie)).parts[0].kind).toBe('introduction');
  });
});
