// Every other request that waits on the model answers before it does when asked as events (Accept:
// text/event-stream), as a step and an edition do (step-first-byte.test.ts): the story bible's update, a publish,
// a series made with its book 1 and its next book, an import's preview and the import. Against the fake model
// (tests/fake-openai.ts) holding its answer: the stream's first event says it waits for the model, and a slow
// model is said, while the fake still holds the request; the test then lets the model answer and the stream ends
// with `done`, the same answer JSON gives, its work saved and charged once. A 429 with Retry-After 30 is a
// `waiting` event naming the rate limit and its 30 s while the retry waits.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WITHOUT_EPUBCHECK } from '../setup/tools.js';
import {
  serverOnFakeModel,
  parseEvents,
  PASSWORD,
  sessionCookie,
  signUp,
  uniqueEmail,
  type TestServer,
} from './helpers.js';
import { eventsOf, type Event } from './step-stream.js';
import { isBibleRequest, underWriter, userOf } from '../scripted-models.js';
import { REFUSAL_TEXT, type ScriptedReply } from '../fake-openai.js';
import { malayManuscript } from '../import/manuscript.js';

/**
 * What the fake does with the requests `gate.match` takes: hold them until `release`, or answer 429 (Retry-After 30).
 */
const gate = {
  match: (_body: Record<string, unknown>) => false,
  mode: 'hold' as 'hold' | 'limited30' | 'refuse',
  held: 0,
  release: () => undefined as void,
};
let opened: Promise<ScriptedReply | undefined> = Promise.resolve(undefined);
function arm(match: (body: Record<string, unknown>) => boolean, mode: typeof gate.mode = 'hold'): void {
  Object.assign(gate, { match, mode, held: 0 });
  opened = new Promise((resolve) => {
    gate.release = () => {
      gate.match = () => false;
      resolve(undefined);
    };
  });
}
const any = () => true;
const bible = (body: Record<string, unknown>) => isBibleRequest(userOf(body));
/** The story bible's reading of a book's conclusion (its last part), after the step that wrote it. */
const endingRead = (body: Record<string, unknown>) => bible(body) && /\(Conclusion\):/.test(userOf(body));

const served = serverOnFakeModel(
  underWriter(1).fakeOptions({
    reply: (body) => {
      if (!gate.match(body)) return undefined;
      gate.held++;
      if (gate.mode === 'refuse') return { text: REFUSAL_TEXT.en };
      if (gate.mode === 'limited30')
        return { status: 429, body: { error: { message: 'Rate limit reached' } }, headers: { 'retry-after': '30' } };
      return { until: opened };
    },
  }),
  { config: { slowModelNoticeMs: 50 } },
);

const isDone = (events: Event[]) => events.some((e) => e.event === 'done' || e.event === 'error');
const heldAndSlow = (events: Event[]) => gate.held > 0 && events.some((e) => e.data.reason === 'slow_model');

/**
 * The request asked as events against a model holding its answer: waiting for the model first, then its slowness,
 * while the fake holds it and before anything else; then the model answers and the stream ends with `done`.
 */
async function heldThenDone(ts: TestServer, input: Parameters<typeof eventsOf>[1]): Promise<Record<string, unknown>> {
  const stream = await eventsOf(ts, input);
  try {
    const waiting = await stream.until(heldAndSlow);
    expect(waiting[0]).toEqual({ event: 'waiting', data: { reason: 'model' } });
    expect(waiting.filter((e) => e.event !== 'waiting')).toEqual([]);
    expect(waiting.find((e) => e.data.reason === 'slow_model')!.data.message).toMatch(/not answered yet/);
    gate.release();
    const all = await stream.until(isDone);
    const last = all.at(-1)!;
    expect(last.event, JSON.stringify(last.data)).toBe('done');
    return last.data;
  } finally {
    stream.close();
  }
}

/** The request asked as events against a model answering 429 with Retry-After 30: the rate limit and its 30 s. */
async function rateLimited(ts: TestServer, input: Parameters<typeof eventsOf>[1]): Promise<void> {
  const stream = await eventsOf(ts, input);
  try {
    const events = await stream.until((e) => e.some((x) => x.data.reason === 'rate_limited'));
    expect(events[0]).toEqual({ event: 'waiting', data: { reason: 'model' } });
    const wait = events.find((e) => e.data.reason === 'rate_limited')!.data;
    expect(wait).toMatchObject({ seconds: 30, attempt: 1 });
    expect(wait.message).toMatch(/30 s/);
    expect(gate.held).toBe(1);
  } finally {
    stream.close();
    gate.match = () => false;
  }
}

async function user(ts: TestServer, credits = 200, lang = 'en'): Promise<{ cookie: string; id: string }> {
  const email = uniqueEmail('waits');
  const cookie = sessionCookie(await ts.http.post('/api/auth/sign-up/email').send({ email, password: PASSWORD, lang }));
  const id = (await ts.ctx.repos.users.findByEmail(email))!.id;
  await ts.ctx.repos.credits.setBalance({ userId: id, credits, reason: 'test' });
  return { cookie, id };
}

/** The user's book of `generator` written to its end (or `steps` steps), its last bible update settled. */
async function writeBook(
  ts: TestServer,
  cookie: string,
  generator: string,
  settings: object,
  steps = 20,
): Promise<void> {
  for (let i = 0; i < steps; i++) {
    const res = await ts.http.post(`/api/generators/${generator}/generate`).set('cookie', cookie).send({ settings });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (res.body.next === null) break;
  }
  await settled(ts, cookie, generator === 'children' ? 'children' : 'romance');
}

async function settled(ts: TestServer, cookie: string, bookType: string) {
  for (;;) {
    const book = (await ts.http.get(`/api/progress/${bookType}`).set('cookie', cookie)).body.book as {
      bible_updating?: boolean;
      parts: Array<{ bible_updated?: boolean }>;
    };
    if (!book.bible_updating) return book;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const charges = async (ts: TestServer, id: string) =>
  (await ts.ctx.repos.credits.ledger(id)).filter((r) => r.type === 'charge').length;

describe('the story bible update answers before the model does', () => {
  it('held: waiting for the model, its slowness, then done with what it read; saved, nothing charged', async () => {
    const { ts } = served;
    const { cookie, id } = await user(ts);
    arm(bible, 'refuse');
    await writeBook(ts, cookie, 'romance', { numberOfChapters: 7 }, 3);
    const lacking = (await settled(ts, cookie, 'romance')).parts.filter((p) => p.bible_updated === false).length;
    expect(lacking).toBeGreaterThan(0);
    const before = await charges(ts, id);
    arm(bible);
    const done = await heldThenDone(ts, { path: '/api/progress/romance/bible/update', cookie });
    expect(done.parts_read).toBeGreaterThanOrEqual(lacking);
    expect((await settled(ts, cookie, 'romance')).parts.filter((p) => p.bible_updated === false)).toEqual([]);
    expect(await charges(ts, id)).toBe(before);
  });

  it('a 429 with Retry-After 30: the rate limit and its 30 s', async () => {
    const { ts } = served;
    const { cookie } = await user(ts);
    arm(bible, 'refuse');
    await writeBook(ts, cookie, 'romance', { numberOfChapters: 7 }, 3);
    arm(bible, 'limited30');
    await rateLimited(ts, { path: '/api/progress/romance/bible/update', cookie });
  });
});

describe('a publish answers before the model does', () => {
  // Without epubcheck on the PATH (a JVM run of several seconds' CPU: no check is read here), as tests/server/publish
  // does.
  const pathBefore = process.env.PATH;
  beforeAll(() => void (process.env.PATH = WITHOUT_EPUBCHECK.PATH));
  afterAll(() => void (process.env.PATH = pathBefore));

  it(
    'held: waiting for the model, its slowness, then done with the package; each step charged once',
    { timeout: 120_000 },
    async () => {
      const { ts } = served;
      const { cookie, id } = await user(ts);
      await writeBook(ts, cookie, 'children', { numberOfChapters: 1, ageGroup: '8-12' });
      const before = { charges: await charges(ts, id), balance: await ts.ctx.repos.credits.balanceOf(id) };
      arm(any);
      const done = await heldThenDone(ts, {
        path: '/api/books/children/publish',
        cookie,
        json: { author: 'Aisha Rahman' },
      });
      const steps = (done.package as { steps: Array<{ cost: number; skipped?: string }> }).steps.filter(
        (s) => s.cost > 0 && !s.skipped,
      );
      expect(steps.length).toBeGreaterThan(0);
      // Each step that ran charged once, and the balance down by what the answer says was charged.
      expect(done.credits_charged).toBe(steps.reduce((n, s) => n + s.cost, 0));
      expect(await charges(ts, id)).toBe(before.charges + steps.length);
      expect(await ts.ctx.repos.credits.balanceOf(id)).toBe(before.balance! - (done.credits_charged as number));
      expect((await ts.http.get('/api/books/children/publish').set('cookie', cookie)).body.package).toMatchObject({
        title: (done.package as { title: string }).title,
      });
    },
  );
});

describe('a series answers before the model does', () => {
  it(
    'made with its book 1 and its next book: waiting for ' + 'the model while the last part is read, then done',
    async () => {
      const { ts } = served;
      const { cookie } = await user(ts);
      // The conclusion's reading after its step refused: the book is finished, its last part not in its bible yet.
      arm(endingRead, 'refuse');
      await writeBook(ts, cookie, 'romance', { numberOfChapters: 2 });
      const [first] = (await ts.http.get('/api/books').set('cookie', cookie)).body.books as Array<{ id: number }>;
      arm(bible);
      const made = await heldThenDone(ts, {
        path: '/api/series',
        cookie,
        json: { name: 'Penang Bakery', lang: 'en', book_id: first!.id },
      });
      const series = made.series as { id: number; books: unknown[] };
      expect(series.books).toHaveLength(1);
      // Book 1's last part read: the next book asks nothing of the model and answers as JSON would.
      const next = await ts.http
        .post(`/api/series/${series.id}/next`)
        .set('cookie', cookie)
        .set('accept', 'text/event-stream')
        .send({});
      expect(next.status).toBe(200);
      const body = next.headers['content-type']?.startsWith('text/event-stream')
        ? (parseEvents(next.text).at(-1)!.data as Record<string, unknown>)
        : (next.body as Record<string, unknown>);
      expect(body).toMatchObject({ number: 2, book_type: 'romance' });
    },
  );

  it("the next book, its last book's last part not read yet: waiting for the model, then done", async () => {
    const { ts } = served;
    const { cookie } = await user(ts);
    arm(endingRead, 'refuse');
    await writeBook(ts, cookie, 'romance', { numberOfChapters: 2 });
    const [first] = (await ts.http.get('/api/books').set('cookie', cookie)).body.books as Array<{ id: number }>;
    arm(bible, 'refuse');
    const made = await ts.http
      .post('/api/series')
      .set('cookie', cookie)
      .send({ name: 'Kampung Tales', lang: 'en', book_id: first!.id });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    arm(bible);
    const next = await heldThenDone(ts, { path: `/api/series/${made.body.series.id}/next`, cookie, json: {} });
    expect(next).toMatchObject({ number: 2, book_type: 'romance' });
  });
});

describe('an import answers before the model reads its settings', () => {
  const manuscript = Buffer.from(malayManuscript(3, 'roman'));
  it(
    'the preview for a generator: waiting for the model, its ' +
      'slowness, then done with the parts and the settings read',
    async () => {
      const { ts } = served;
      const { cookie } = await user(ts);
      arm(any);
      const done = await heldThenDone(ts, {
        path: '/api/books/import/preview?file=bab.txt&generator=romance',
        cookie,
        raw: manuscript,
      });
      expect(done.cost).toMatchObject({ parts: expect.any(Number) });
      expect(done.settings).toEqual(expect.any(Object));
    },
  );

  it('the import: waiting for the model, then done with the book saved and its bible held once', async () => {
    const { ts } = served;
    const { cookie, id } = await user(ts);
    arm(any);
    const done = await heldThenDone(ts, {
      path: '/api/books/import?file=bab.txt&generator=romance',
      cookie,
      raw: manuscript,
    });
    const book = done.book as { id: number; book_type: string };
    expect(book.book_type).toBe('romance');
    expect(
      (await ts.http.get('/api/books').set('cookie', cookie)).body.books.map((b: { id: number }) => b.id),
    ).toContain(book.id);
    expect(await charges(ts, id)).toBe(1);
    await settled(ts, cookie, 'romance');
  });

  it('a 429 with Retry-After 30 on the preview: the rate limit and its 30 s', async () => {
    const { ts } = served;
    const { cookie } = await user(ts);
    arm(any, 'limited30');
    await rateLimited(ts, {
      path: '/api/books/import/preview?file=bab.txt&generator=romance',
      cookie,
      raw: manuscript,
    });
  });
});

describe('a step waiting for another step of its book says so', () => {
  it.each([
    ['en', 'ms', /another step/],
    ['ms', 'en', /langkah lain/],
  ] as const)(
    'the second step asked as events while the first is held (a writer in %s, a book in %s): waiting ' +
      "for the book first, in the writer's language, then the model, then done; each charged once",
    async (writerLang, lang, words) => {
      const { ts } = served;
      const { cookie, id } = await user(ts, 200, writerLang);
      const before = await charges(ts, id);
      const settings = { numberOfChapters: 7 };
      arm(any);
      const first = ts.http
        .post('/api/generators/romance/generate')
        .set('cookie', cookie)
        .send({ settings, lang })
        .then((r) => r);
      await vi.waitFor(() => expect(gate.held).toBe(1), { timeout: 10_000, interval: 10 });
      const second = await eventsOf(ts, { path: '/api/generators/romance/generate', cookie, json: { settings, lang } });
      try {
        const waiting = await second.until((e) => e.length > 0);
        expect(waiting[0]).toMatchObject({
          event: 'waiting',
          data: { reason: 'book_step', message: expect.stringMatching(words) },
        });
        // The first step is still held by the model: nothing of the second has reached it.
        expect(gate.held).toBe(1);
        gate.release();
        const one = await first;
        expect(one.status).toBe(200);
        const all = await second.until(isDone);
        expect(all.slice(1).find((e) => e.event === 'waiting')?.data).toEqual({ reason: 'model' });
        expect(all.at(-1)!.event, JSON.stringify(all.at(-1)!.data)).toBe('done');
        // The second wrote the step after the first's, not the same one again.
        expect((all.at(-1)!.data as { part: { kind: string } }).part.kind).not.toBe(one.body.part.kind);
      } finally {
        second.close();
      }
      expect(await charges(ts, id)).toBe(before + 2);
    },
  );
});
