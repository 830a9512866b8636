// What a run through the API says it has spent so far and the time it has left: an edition's progress and part
// events (calls, tokens, credits, the time left at its pace), and a step's `done` (its own calls, tokens, credits
// and seconds, and the book's time left at that pace): the figures the studio shows beside its progress.
import { describe, expect, it } from 'vitest';
import { serverOnFakeModel, parseEvents, signUp, type TestServer } from './helpers.js';
import { underWriter } from '../scripted-models.js';
import { fakeTranslator, isTranslateRequest } from '../fake-translator.js';
import { CHAPTERS, romanceSaves } from '../translate/book.js';
import { DonePayloadSchema, EditionEventSchemas, type RunSoFar } from '../../engine/contract/index.js';

const translator = fakeTranslator();
// Every answer takes a moment, as a real model's does: each part takes time, and the time left is a wait.
const served = serverOnFakeModel(
  underWriter(1).fakeOptions({
    latencyMs: 40,
    reply: (body) => (isTranslateRequest(body) ? translator.reply(body) : undefined),
  }),
);

async function writerWithRomance(ts: TestServer) {
  const cookie = await signUp(ts);
  const id = (await ts.http.get('/api/me').set('cookie', cookie)).body.id as string;
  ts.store.run(ts.store.db.updateTable('users').set({ credits_available: 20 }).where('id', '=', id));
  const bookId = await ts.ctx.repos.books.saveImport({ userId: id, key: 'romance', saves: romanceSaves('en') });
  return { cookie, bookId };
}

describe("an edition's events say the cost so far and the time left", () => {
  it('counts the calls the model server saw, the tokens and the credits, and the time left going to none', async () => {
    const { ts, fake } = served;
    const w = await writerWithRomance(ts);
    const asked = () => fake.generationRequests().filter((r) => isTranslateRequest(r.body ?? {})).length;
    const before = asked();
    const res = await ts.http
      .post(`/api/books/${w.bookId}/editions`)
      .set('cookie', w.cookie)
      .set('accept', 'text/event-stream')
      .send({ to: 'ms' });
    expect(res.status).toBe(200);
    const events = parseEvents(res.text);
    // Every event as the contract has it.
    for (const e of events.filter((x) => x.event === 'part' || x.event === 'progress'))
      EditionEventSchemas[e.event as 'part' | 'progress'].parse(e.data);
    const parts = events
      .filter((e) => e.event === 'part')
      .map((e) => e.data as { parts_done: number; so_far: RunSoFar });
    expect(parts.map((p) => p.parts_done)).toEqual([1, 2, 3, 4, 5]);
    expect(parts.map((p) => p.so_far.credits)).toEqual([1, 2, 3, 4, 5]);
    for (let i = 1; i < parts.length; i++) {
      expect(parts[i]!.so_far.calls).toBeGreaterThan(parts[i - 1]!.so_far.calls);
      expect(parts[i]!.so_far.tokens).toBeGreaterThan(parts[i - 1]!.so_far.tokens);
      expect(parts[i]!.so_far.elapsed_seconds).toBeGreaterThanOrEqual(parts[i - 1]!.so_far.elapsed_seconds);
    }
    // A wait while parts are left, none once the last is done.
    expect(parts.slice(0, -1).every((p) => (p.so_far.eta_seconds ?? 0) >= 1)).toBe(true);
    expect(parts.at(-1)!.so_far.eta_seconds).toBe(0);
    // The calls are the requests the model server saw for the edition's windows.
    expect(parts.at(-1)!.so_far.calls).toBe(asked() - before);
    // Before the first part is done, no pace: the first window's event has no time left yet.
    const first = events.find((e) => e.event === 'progress')!.data as { so_far: RunSoFar };
    expect(first.so_far).toMatchObject({ calls: 0, credits: 0, eta_seconds: null });
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect((done.data as { credits_charged: number }).credits_charged).toBe(CHAPTERS);
  });
});

describe("a step's done says what it spent and the book's time left", () => {
  it('counts the requests the model server saw for the step, its tokens and its credit', async () => {
    const { ts, fake } = served;
    const cookie = await signUp(ts);
    const step = async () => {
      const before = fake.generationRequests().length;
      const res = await ts.http
        .post('/api/generators/romance/generate')
        .set('cookie', cookie)
        .set('accept', 'text/event-stream')
        .send({ settings: { numberOfChapters: 3, language: 'en' } });
      expect(res.status).toBe(200);
      const done = parseEvents(res.text).at(-1)!;
      expect(done.event).toBe('done');
      const payload = DonePayloadSchema.parse(done.data);
      return { soFar: payload.so_far!, sent: fake.generationRequests().length - before };
    };
    const outline = await step();
    const introduction = await step();
    for (const { soFar, sent } of [outline, introduction]) {
      // The step's own requests (its story-bible update comes after its answer, in the next step's count or none).
      expect(soFar.calls).toBeGreaterThanOrEqual(1);
      expect(soFar.calls).toBeLessThanOrEqual(sent);
      expect(soFar).toMatchObject({ credits: 1 });
      expect(soFar.tokens).toBeGreaterThan(0);
      expect(soFar.elapsed_seconds).toBeGreaterThan(0);
      // Steps are left after it (introduction, 3 chapters, conclusion): a wait.
      expect(soFar.eta_seconds).toBeGreaterThanOrEqual(1);
    }
    // A chapter-long answer takes more tokens than an outline's.
    expect(introduction.soFar.tokens).toBeGreaterThan(outline.soFar.tokens);
  });
});
