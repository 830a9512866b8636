// POST /api/generators/:id/generate: server-held book state, validation (400), flow (409), credit guard
// (402), atomic charge with a ledger row, refunds on failure and when the client goes away, progress,
// history, usage, and the event stream. Plus the generator list and form models.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { providerFromEnv } from '../../engine/providers/index.js';
import {
  expectOneStepRefunded,
  parseEvents,
  signUp,
  startTestServer,
  uniqueEmail,
  userWithRole,
  type TestServer,
} from './helpers.js';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.close());

const gen = (server: TestServer, id: string, cookie: string | undefined, body: object) => {
  const req = server.http.post(`/api/generators/${id}/generate`);
  if (cookie) req.set('cookie', cookie);
  return req.send(body);
};
async function newUser(server: TestServer = ts) {
  const email = uniqueEmail();
  const cookie = await signUp(server, email);
  const user = () => server.store.first(server.store.db.selectFrom('users').selectAll().where('email', '=', email))!;
  return { cookie, email, user, id: user().id };
}
const romance = { settings: { numberOfChapters: 7, heatLevel: 'mild' } };

describe('generator list and form models', () => {
  it('lists every compiled generator', async () => {
    const res = await ts.http.get('/api/generators');
    expect(res.status).toBe(200);
    expect(res.body.generators.map((g: { id: string }) => g.id)).toEqual(ts.ctx.catalog.specs.map((s) => s.id));
    expect(res.body.generators.find((g: { id: string }) => g.id === 'romance')).toMatchObject({
      kind: 'book',
      bookType: 'romance',
      cost: 1,
      route: '/romance',
    });
  });

  it('serves the form model of a generator, and 404 for an unknown one', async () => {
    const res = await ts.http.get('/api/generators/romance');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(ts.ctx.catalog.form('romance'))));
    expect(
      res.body.fields
        .find((f: { name: string }) => f.name === 'heatLevel')
        .options.map((o: { value: string }) => o.value),
    ).toEqual(['sweet', 'mild', 'moderate', 'steamy']);
    const missing = await ts.http.get('/api/generators/nope');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('generator_not_found');
  });
});

describe('a romance book, step by step', () => {
  it(
    'outline then introduction: one credit each, progress ' + 'saved with the outline, history and usage written',
    async () => {
      const u = await newUser();
      const outline = await gen(ts, 'romance', u.cookie, romance);
      expect(outline.status).toBe(200);
      expect(outline.body).toMatchObject({
        part: { kind: 'outline' },
        label: 'Story Outline',
        credits_charged: 1,
        credits_available: 9,
        toast: 'Story outline generated!',
      });
      expect(outline.body.next).toMatchObject({
        kind: 'introduction',
        label: 'Introduction',
        button: 'Generate Introduction',
      });
      expect(u.user().total_usage).toBe(0);

      const afterOutline = await ts.http.get('/api/progress/romance').set('cookie', u.cookie);
      expect(afterOutline.body).toMatchObject({
        book_type: 'romance',
        current_chapter: 0,
        total_chapters: 7,
        content: [],
        outline: outline.body.content,
      });

      const intro = await gen(ts, 'romance', u.cookie, { ...romance, step: { kind: 'introduction' } });
      expect(intro.status).toBe(200);
      expect(intro.body).toMatchObject({
        part: { kind: 'introduction', position: 0 },
        label: 'Introduction',
        credits_available: 8,
      });
      expect(intro.body.progress).toMatchObject({ current: 1, total: 7 });
      expect(intro.body.next).toMatchObject({ kind: 'chapter', position: 1, label: 'Chapter 1' });
      expect(u.user()).toMatchObject({ credits_available: 8, total_usage: 1 });

      const saved = await ts.http.get('/api/progress/romance').set('cookie', u.cookie);
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({
        book_type: 'romance',
        current_chapter: 1,
        total_chapters: 7,
        content: [intro.body.content],
        outline: outline.body.content,
      });
      expect(saved.body.settings).toMatchObject({ heatLevel: 'mild', numberOfChapters: 7, language: 'en' });

      const ledger = await ts.ctx.repos.credits.ledger(u.id);
      expect(ledger.map((r) => [r.type, r.amount, r.previous_balance, r.new_balance])).toEqual([
        ['signup', 10, 0, 10],
        ['charge', -1, 10, 9],
        ['charge', -1, 9, 8],
      ]);
      const history = await ts.http.get('/api/history').set('cookie', u.cookie);
      // Titled by the book's own title (the outline's "Title:" line) and the part, not by the generator's name.
      const bookTitle = /^Title: (.+)$/m.exec(outline.body.content)![1]!;
      expect(history.body.items.map((i: { title: string }) => i.title)).toEqual([
        `${bookTitle} — Introduction`,
        `${bookTitle} — Story Outline`,
      ]);
      expect(history.body.items[0]).toMatchObject({ content_type: 'romance' });
      expect(history.body.items[0]).not.toHaveProperty('content');
      const opened = await ts.http.get(`/api/history/${history.body.items[0].id}`).set('cookie', u.cookie);
      expect(opened.body).toMatchObject({ content_type: 'romance', content: intro.body.content });
      const usage = ts.store.all(ts.store.db.selectFrom('usage_records').selectAll().where('user_id', '=', u.id));
      // One record per charged step; the memory update after the introduction is recorded apart, at no charge.
      const steps = usage.filter((r) => JSON.parse(r.metadata).step !== 'memory');
      expect(steps.map((r) => [r.prompt_type, r.credits_used])).toEqual([
        ['romance', 1],
        ['romance', 1],
      ]);
      expect(usage.filter((r) => JSON.parse(r.metadata).step === 'memory').every((r) => r.credits_used === 0)).toBe(
        true,
      );
    },
  );

  it('locks the settings at the introduction: later chapters ignore changed settings', async () => {
    const u = await newUser();
    const outline = await gen(ts, 'romance', u.cookie, romance);
    await gen(ts, 'romance', u.cookie, romance);
    const chapter = await gen(ts, 'romance', u.cookie, {
      settings: { numberOfChapters: 20, heatLevel: 'steamy' },
      chapterTitle: 'The Storm',
    });
    expect(chapter.body).toMatchObject({ part: { kind: 'chapter', position: 1 }, label: 'Chapter 1' });
    const saved = await ts.http.get('/api/progress/romance').set('cookie', u.cookie);
    expect(saved.body).toMatchObject({
      current_chapter: 2,
      total_chapters: 7,
      settings: { heatLevel: 'mild', numberOfChapters: 7 },
    });
    const history = await ts.http.get('/api/history').set('cookie', u.cookie);
    const bookTitle = /^Title: (.+)$/m.exec(outline.body.content)![1]!;
    expect(history.body.items[0].title).toBe(`${bookTitle} — Chapter 1: The Storm`);
  });

  it('writes the book to its conclusion with 10 credits, then 409 "book complete"', async () => {
    const u = await newUser();
    const labels: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await gen(ts, 'romance', u.cookie, romance);
      expect(res.status).toBe(200);
      labels.push(res.body.label);
    }
    expect(labels).toEqual([
      'Story Outline',
      'Introduction',
      ...[1, 2, 3, 4, 5, 6, 7].map((n) => `Chapter ${n}`),
      'Conclusion',
    ]);
    const done = await gen(ts, 'romance', u.cookie, romance);
    expect(done.status).toBe(409);
    expect(done.body.error.code).toBe('book_complete');
    expect(u.user()).toMatchObject({ credits_available: 0, total_usage: 9 });
    expect((await ts.http.delete('/api/progress/romance').set('cookie', u.cookie)).status).toBe(200);
  });

  it('writes in Bahasa Malaysia when lang is ms', async () => {
    const u = await newUser();
    const res = await gen(ts, 'romance', u.cookie, { ...romance, lang: 'ms' });
    expect(res.body).toMatchObject({ label: 'Rangka Cerita', toast: 'Rangka cerita telah dijana!' });
  });
});

describe('refusals', () => {
  it('400 with per-field errors, and nothing charged', async () => {
    const u = await newUser();
    const bad = await gen(ts, 'romance', u.cookie, { settings: { heatLevel: 'hot', colour: 'red' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_settings');
    expect(bad.body.error.fields.heatLevel).toBe('"hot" is not one of sweet, mild, moderate, steamy');
    expect(bad.body.error.fields.colour).toMatch(/is not a setting of romance/);
    // Any count from 1 to the largest preset (20) is a length the writer may choose; 21 is not.
    const chapters = await gen(ts, 'romance', u.cookie, { settings: { numberOfChapters: 21 } });
    expect(chapters.body.error).toMatchObject({
      code: 'invalid_chapters',
      message: 'Please select a valid number of chapters',
    });
    // A book asked in Malay is refused in Malay: the message and each field's words.
    const malay = await gen(ts, 'romance', u.cookie, { lang: 'ms', settings: { heatLevel: 'hot' } });
    expect(malay.body.error).toMatchObject({ code: 'invalid_settings', message: 'Sila semak medan yang ditandakan' });
    expect(malay.body.error.fields.heatLevel).not.toBe('"hot" is not one of sweet, mild, moderate, steamy');
    expect(
      (await gen(ts, 'romance', u.cookie, { lang: 'ms', settings: { numberOfChapters: 21 } })).body.error.code,
    ).toBe('invalid_chapters');
    const required = await gen(ts, 'travel-guide', u.cookie, { settings: {} });
    expect(required.body.error.fields).toEqual({ destination: 'is required' });
    const shape = await gen(ts, 'romance', u.cookie, { settings: 'romance', lang: 'fr' });
    expect(shape.status).toBe(400);
    expect(Object.keys(shape.body.error.fields).sort()).toEqual(['lang', 'settings']);
    expect(u.user().credits_available).toBe(10);
    expect(await ts.ctx.repos.credits.ledger(u.id)).toHaveLength(1);
  });

  it('409 for a step the flow does not allow', async () => {
    const u = await newUser();
    const res = await gen(ts, 'romance', u.cookie, { ...romance, step: { kind: 'chapter', position: 3 } });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'step_not_allowed',
      fields: { step: 'the next step is Story Outline' },
    });
    expect(u.user().credits_available).toBe(10);
  });

  it('402 "Insufficient credits. Please upgrade your plan." without credits; the admin always passes', async () => {
    const u = await newUser();
    await ts.ctx.repos.credits.setBalance({ userId: u.id, credits: 0, reason: 'test' });
    const res = await gen(ts, 'poems', u.cookie, { settings: {} });
    expect(res.status).toBe(402);
    expect(res.body.error).toEqual({
      code: 'insufficient_credits',
      message: 'Insufficient credits. Please upgrade your plan.',
    });
    const ms = await gen(ts, 'romance', u.cookie, { ...romance, lang: 'ms' });
    expect(ms.body.error.message).toBe('Kredit tidak mencukupi. Sila naik taraf pelan anda.');
    expect(await ts.ctx.repos.credits.ledger(u.id)).toHaveLength(2);

    const admin = await userWithRole(ts, 'admin');
    await ts.ctx.repos.credits.setBalance({ userId: admin.id!, credits: 0, reason: 'test' });
    const passes = await gen(ts, 'poems', admin.cookie, { settings: {} });
    expect(passes.status).toBe(200);
    expect(passes.body).toMatchObject({ credits_charged: 0, credits_available: 0 });
    await ts.ctx.repos.credits.setBalance({ userId: admin.id!, credits: 9999, reason: 'test' });
  });

  it('401 "Please sign in to generate content" when signed out; 404 for an unknown generator', async () => {
    const res = await gen(ts, 'poems', undefined, { settings: {} });
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual({ code: 'not_signed_in', message: 'Please sign in to generate content' });
    const u = await newUser();
    expect((await gen(ts, 'nope', u.cookie, { settings: {} })).status).toBe(404);
  });
});

describe('single tools and covers', () => {
  it('a single tool that saves progress keeps its last output; one that does not keeps nothing', async () => {
    const u = await newUser();
    expect((await gen(ts, 'dad-jokes', u.cookie, { settings: {} })).status).toBe(200);
    const second = await gen(ts, 'dad-jokes', u.cookie, { settings: {} });
    expect(second.status).toBe(200);
    expect(second.body.progress).toBeNull();
    expect((await ts.http.get('/api/progress/dad_jokes').set('cookie', u.cookie)).body.content).toEqual([
      second.body.content,
    ]);
    expect((await gen(ts, 'poems', u.cookie, { settings: {} })).status).toBe(200);
    expect((await ts.http.get('/api/progress/poems').set('cookie', u.cookie)).body).toEqual({ book: null });
  });

  it('a cover costs 6 credits and answers a PNG', async () => {
    const u = await newUser();
    const form = ts.ctx.catalog.get('book-cover')!;
    const settings = Object.fromEntries(form.fields.filter((f) => f.required).map((f) => [f.name, 'A Quiet Harbour']));
    const res = await gen(ts, 'book-cover', u.cookie, { settings });
    expect(res.status).toBe(200);
    expect(res.body.image).toMatch(/^data:image\/png;base64,iVBOR/);
    expect(res.body).toMatchObject({ credits_charged: 6, credits_available: 4 });
    // Kept: its history item holds the picture itself, to open and download again.
    const { items } = (await ts.http.get('/api/history').set('cookie', u.cookie)).body as {
      items: Array<{ id: number }>;
    };
    const item = (await ts.http.get(`/api/history/${items[0]!.id}`).set('cookie', u.cookie)).body as {
      content: string;
    };
    expect(item.content).toBe(res.body.image);
  });
});

describe('event stream (Accept: text/event-stream)', () => {
  it('streams delta events, then done with part, label, content, progress and credits_available', async () => {
    const u = await newUser();
    const res = await fetch(`${ts.url}/api/generators/romance/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie: u.cookie },
      body: JSON.stringify(romance),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const events = parseEvents(await res.text());
    const deltas = events.filter((e) => e.event === 'delta');
    const done = events.at(-1)!;
    expect(deltas.length).toBeGreaterThan(1);
    expect(done.event).toBe('done');
    const data = done.data as Record<string, unknown>;
    expect(data).toMatchObject({
      part: { kind: 'outline' },
      label: 'Story Outline',
      credits_available: 9,
      progress: { current: 0, total: 7 },
    });
    expect(
      deltas
        .map((d) => (d.data as { text: string }).text)
        .join('')
        .trim(),
    ).toBe(data.content);
  });

  it('errors that happen before generation keep their status and JSON body', async () => {
    const u = await newUser();
    const res = await fetch(`${ts.url}/api/generators/romance/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie: u.cookie },
      body: JSON.stringify({ settings: { heatLevel: 'hot' } }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_settings');
  });
});

describe('failures refund the charge', () => {
  let fake: FakeOpenAI;
  let failing: TestServer;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    failing = await startTestServer({
      provider: providerFromEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL }),
      config: { generationTimeoutMs: 1500 },
    });
  });
  afterAll(async () => {
    await failing.close();
    await fake.close();
  });
  // A 500 is not retried, so one scripted answer is one failed generation.
  const failure = { status: 500, body: { error: { message: 'boom' } } };

  it('the provider answering 500 leaves the balance unchanged (JSON: 502 with the catalogue message)', async () => {
    const u = await newUser(failing);
    fake.script(failure);
    const res = await gen(failing, 'poems', u.cookie, { settings: {} });
    expect(res.status).toBe(502);
    expect(res.body.error).toEqual({
      code: 'server_error',
      message: 'Server error. Please try again in a few moments.',
    });
    expect(u.user().credits_available).toBe(10);
    await expectOneStepRefunded(failing, u, 'server_error');
    expect(u.user().total_usage).toBe(0);
  });

  it('the stream ends with an error event in the book language, and the balance is unchanged', async () => {
    const u = await newUser(failing);
    fake.script(failure);
    const res = await fetch(`${failing.url}/api/generators/romance/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie: u.cookie },
      body: JSON.stringify({ ...romance, lang: 'ms' }),
    });
    const events = parseEvents(await res.text());
    expect(events.at(-1)).toEqual({
      event: 'error',
      data: { code: 'server_error', message: 'Ralat pelayan. Sila cuba lagi sebentar lagi.' },
    });
    expect(u.user().credits_available).toBe(10);
    expect((await failing.http.get('/api/progress/romance').set('cookie', u.cookie)).body).toEqual({ book: null });
  });

  it('refunds when the client goes away during generation', async () => {
    const u = await newUser(failing);
    fake.script({ hang: true });
    const before = fake.chatRequests().length;
    const controller = new AbortController();
    const pending = fetch(`${failing.url}/api/generators/poems/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: u.cookie },
      body: JSON.stringify({ settings: {} }),
      signal: controller.signal,
    }).catch(() => undefined);
    for (let i = 0; i < 200 && fake.chatRequests().length === before; i++) await new Promise((r) => setTimeout(r, 10));
    expect(u.user().credits_available).toBe(9);
    controller.abort();
    await pending;
    const row = () =>
      failing.store.first(failing.store.db.selectFrom('generations').selectAll().where('user_id', '=', u.id));
    for (let i = 0; i < 200 && row()?.status === 'running'; i++) await new Promise((r) => setTimeout(r, 10));
    expect(row()).toMatchObject({ status: 'refunded', error_code: 'client_gone' });
    expect(u.user().credits_available).toBe(10);
  });

  it('a step that times out answers 504 and refunds', async () => {
    const u = await newUser(failing);
    fake.script({ hang: true });
    const res = await gen(failing, 'poems', u.cookie, { settings: {} });
    expect(res.status).toBe(504);
    expect(res.body.error.code).toBe('timeout');
    expect(u.user().credits_available).toBe(10);
  });
});

describe('one book advances one step at a time', () => {
  it('concurrent requests for the same book run one after another', async () => {
    const u = await newUser();
    const answers = await Promise.all([1, 2, 3].map(() => gen(ts, 'romance', u.cookie, romance)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.body.label).sort()).toEqual(['Chapter 1', 'Introduction', 'Story Outline']);
    expect((await ts.http.get('/api/progress/romance').set('cookie', u.cookie)).body.current_chapter).toBe(2);
  });
});
