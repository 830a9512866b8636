// A book step, a passage, write more and a rewrite asked for as events answer before the model does, as an edition
// does (edition-first-byte.test.ts): the stream's first event says the step waits for the model, sent
// while the model still holds its answer; a model that keeps it waiting is said to (`slow_model`, with its
// seconds); a 429 with Retry-After 30 is a `waiting` event naming the rate limit and its 30 s, sent while the
// provider's one retry layer waits it out; a 429 with Retry-After 1, then an answer: model, rate limit, then
// the words and done; a cover generator's image server answering 429 the same. Against the fake model
// (tests/fake-openai.ts) hanging or answering 429.
import { describe, expect, it } from 'vitest';
import {
  serverOnFakeModel,
  parseEvents,
  PASSWORD,
  sessionCookie,
  signUp,
  uniqueEmail,
  type TestServer,
} from './helpers.js';
import { underWriter, userOf } from '../scripted-models.js';

type Mode = 'ok' | 'hang' | 'limited30' | 'limitedOnce';
let mode: Mode = 'ok';
let limited = 0;
/** The requests the model is holding (a hang) or refusing, seen by the fake: the events below come while it does. */
let held = 0;
const isPassage = (body: Record<string, unknown>) => /The passage:/.test(userOf(body));
let onlyPassages = false;
const served = serverOnFakeModel(
  underWriter(1).fakeOptions({
    reply: (body) => {
      if (mode === 'ok' || (onlyPassages && !isPassage(body))) return undefined;
      if (mode === 'hang') {
        held++;
        return { hang: true };
      }
      if (mode === 'limited30') {
        held++;
        return { status: 429, body: { error: { message: 'Rate limit reached' } }, headers: { 'retry-after': '30' } };
      }
      if (limited++ < 1)
        return { status: 429, body: { error: { message: 'Rate limit reached' } }, headers: { 'retry-after': '1' } };
      return undefined;
    },
  }),
  { config: { slowModelNoticeMs: 50 } },
);

type Event = { event: string; data: Record<string, unknown> };

/** POST as events, read until `enough` holds of the events so far; the request then abandoned. */
async function eventsUntil(
  ts: TestServer,
  input: { path: string; cookie: string; body: object },
  enough: (events: Event[]) => boolean,
): Promise<Event[]> {
  const client = new AbortController();
  try {
    const res = await fetch(`${ts.url}${input.path}`, {
      method: 'POST',
      signal: client.signal,
      headers: { cookie: input.cookie, accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify(input.body),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    let raw = '';
    for (;;) {
      const events = parseEvents(raw) as Event[];
      if (enough(events)) return events;
      const { value, done } = await reader.read();
      if (done) throw new Error(`the stream ended first: ${raw}`);
      raw += new TextDecoder().decode(value);
    }
  } finally {
    client.abort();
  }
}

const STEP = '/api/generators/romance/generate';
const step = { settings: { numberOfChapters: 7 } };
const waits = (events: Event[]) => events.filter((e) => e.event === 'waiting').map((e) => e.data);

describe('a book step stream opens before the model answers', () => {
  it(
    'against a model that hangs: the first event says ' + 'it waits for the model, then that the model is slow',
    async () => {
      const { ts } = served;
      mode = 'hang';
      held = 0;
      const cookie = await signUp(ts);
      const events = await eventsUntil(
        ts,
        { path: STEP, cookie, body: step },
        (e) => held > 0 && e.some((x) => x.data.reason === 'slow_model'),
      );
      expect(events[0]).toEqual({ event: 'waiting', data: { reason: 'model' } });
      const slow = events.find((e) => e.data.reason === 'slow_model')!.data;
      expect(slow.seconds).toEqual(expect.any(Number));
      expect(slow.message).toMatch(/not answered yet/);
      // Said while the model holds the request: nothing written yet.
      expect(held).toBeGreaterThan(0);
      expect(events.some((e) => e.event === 'delta' || e.event === 'done')).toBe(false);
    },
  );

  it(
    'against a model answering 429 with Retry-After 30: ' + 'the rate limit and its 30 s, while the retry waits',
    async () => {
      const { ts } = served;
      mode = 'limited30';
      held = 0;
      const cookie = await signUp(ts, undefined);
      const events = await eventsUntil(ts, { path: STEP, cookie, body: step }, (e) =>
        e.some((x) => x.data.reason === 'rate_limited'),
      );
      expect(events[0]).toEqual({ event: 'waiting', data: { reason: 'model' } });
      const wait = waits(events).find((w) => w.reason === 'rate_limited')!;
      expect(wait).toMatchObject({ seconds: 30, attempt: 1 });
      expect(wait.message).toMatch(/30 s/);
      // The model was asked once and refused: the retry is still waiting its 30 s.
      expect(held).toBe(1);
      expect(events.some((e) => e.event === 'delta')).toBe(false);
    },
  );

  // A wait is a message to the writer, as the page around it is (the studio's page speaks the account's language:
  // GeneratorPage.tsx `ui`): worded in it whatever the book's, as an edition's are (edition-first-byte.test.ts).
  it.each([
    ['en', 'ms', /busy.*30 s\b/],
    ['ms', 'en', /sibuk.*30 saat/],
    ['id', 'ms', /sibuk.*30 detik/],
  ] as const)("a writer in %s, a book in %s: its waits in the writer's language", async (writerLang, lang, words) => {
    const { ts } = served;
    mode = 'limited30';
    const res = await ts.http
      .post('/api/auth/sign-up/email')
      .send({ email: uniqueEmail('waits'), password: PASSWORD, lang: writerLang });
    const cookie = sessionCookie(res);
    const events = await eventsUntil(ts, { path: STEP, cookie, body: { ...step, lang } }, (e) =>
      e.some((x) => x.data.reason === 'rate_limited'),
    );
    expect(waits(events).find((w) => w.reason === 'rate_limited')!.message).toMatch(words);
  });

  it(
    'against a model answering 429 with Retry-After 1 ' + 'once: model, the rate limit, then the words and done',
    async () => {
      const { ts } = served;
      mode = 'limitedOnce';
      limited = 0;
      const cookie = await signUp(ts);
      const res = await ts.http.post(STEP).set('cookie', cookie).set('accept', 'text/event-stream').send(step);
      expect(res.status).toBe(200);
      const events = parseEvents(res.text) as Event[];
      const firstDelta = events.findIndex((e) => e.event === 'delta');
      expect(
        waits(events.slice(0, firstDelta))
          .filter((w) => w.reason !== 'slow_model')
          .map((w) => [w.reason, w.seconds]),
      ).toEqual([
        ['model', undefined],
        ['rate_limited', 1],
      ]);
      expect(firstDelta).toBeGreaterThan(0);
      expect(events.slice(firstDelta).some((e) => e.event === 'waiting')).toBe(false);
      expect(events.at(-1)!.event).toBe('done');
    },
  );
});

describe('a passage stream opens before the model answers', () => {
  async function bookWithChapter1() {
    mode = 'ok';
    const { ts } = served;
    const cookie = await signUp(ts);
    for (let i = 0; i < 3; i++) expect((await ts.http.post(STEP).set('cookie', cookie).send(step)).status).toBe(200);
    const part = (await ts.http.get('/api/progress/romance').set('cookie', cookie)).body.book.parts.find(
      (p: { kind: string }) => p.kind === 'chapter',
    ) as { text: string; hash: string };
    const paragraph = part.text.split('\n\n').find((p) => p.trim().length > 40)!;
    const start = part.text.indexOf(paragraph);
    return {
      cookie,
      body: {
        part: { kind: 'chapter', position: 1 },
        start,
        end: start + paragraph.length,
        text: paragraph,
        hash: part.hash,
        action: 'expand',
      },
    };
  }

  it(
    'against a model that hangs, then one answering 429 with ' +
      'Retry-After 30: waiting for the model, its slowness, its rate limit',
    async () => {
      const { ts } = served;
      const book = await bookWithChapter1();
      onlyPassages = true;
      try {
        mode = 'hang';
        held = 0;
        const hung = await eventsUntil(
          ts,
          { path: '/api/progress/romance/passage', cookie: book.cookie, body: book.body },
          (e) => held > 0 && e.some((x) => x.data.reason === 'slow_model'),
        );
        expect(hung[0]).toEqual({ event: 'waiting', data: { reason: 'model' } });
        expect(held).toBe(1);
        expect(hung.some((e) => e.event === 'delta')).toBe(false);
        mode = 'limited30';
        held = 0;
        const limitedEvents = await eventsUntil(
          ts,
          { path: '/api/progress/romance/passage', cookie: book.cookie, body: book.body },
          (e) => e.some((x) => x.data.reason === 'rate_limited'),
        );
        expect(limitedEvents[0]).toEqual({ event: 'waiting', data: { reason: 'model' } });
        expect(waits(limitedEvents).find((w) => w.reason === 'rate_limited')).toMatchObject({
          seconds: 30,
          attempt: 1,
        });
        expect(held).toBe(1);
      } finally {
        onlyPassages = false;
        mode = 'ok';
      }
    },
  );

  it(
    'write more and a rewrite, against a model that hangs: waiting ' +
      'for the model first, then its slowness, nothing written',
    async () => {
      const { ts } = served;
      const book = await bookWithChapter1();
      mode = 'hang';
      try {
        for (const [path, body] of [
          ['/api/progress/romance/more', { part: book.body.part, hash: book.body.hash }],
          ['/api/progress/romance/rewrite', { part: book.body.part, note: 'More of the sea', hash: book.body.hash }],
        ] as const) {
          held = 0;
          const events = await eventsUntil(
            ts,
            { path, cookie: book.cookie, body },
            (e) => held > 0 && e.some((x) => x.data.reason === 'slow_model'),
          );
          expect(events[0], path).toEqual({ event: 'waiting', data: { reason: 'model' } });
          expect(
            events.some((e) => e.event === 'delta' || e.event === 'done'),
            path,
          ).toBe(false);
        }
      } finally {
        mode = 'ok';
      }
    },
  );
});

describe("a cover generator's picture is waited for as a text is", () => {
  it('an image server answering 429, Retry-After 1, once: model, the rate limit, then done, charged once', async () => {
    const { ts, fake } = served;
    mode = 'ok';
    const cookie = await signUp(ts);
    const before = (await ts.http.get('/api/me').set('cookie', cookie)).body.credits_available as number;
    fake.scriptImages({ status: 429, body: { error: { message: 'Rate limit' } }, headers: { 'retry-after': '1' } });
    const asked = fake.imageRequests().length;
    const res = await ts.http
      .post('/api/generators/book-cover/generate')
      .set('cookie', cookie)
      .set('accept', 'text/event-stream')
      .send({ settings: { title: 'Lights on the Harbour' } });
    expect(res.status).toBe(200);
    const events = parseEvents(res.text) as Event[];
    const said = waits(events)
      .filter((w) => w.reason !== 'slow_model')
      .map((w) => [w.reason, w.seconds]);
    expect(said).toEqual([
      ['model', undefined],
      ['rate_limited', 1],
    ]);
    expect(events.at(-1)!.event).toBe('done');
    expect(fake.imageRequests().length - asked).toBe(2);
    const done = events.at(-1)!.data as { credits_charged: number; credits_available: number };
    expect(done.credits_available).toBe(before - done.credits_charged);
  });
});
