// While a book's story bible catches up in the background (an edit of a part it had read: one small model call a part,
// each inside the book's lock), the requests that need that bible say what they wait for and do not run ahead of it:
// - a series' next book, asked as events, opens its stream at once with `waiting {reason: story_bible}` in the
//   writer's words, asks the model nothing of its own while the catch-up is held, and starts only once book 1's
//   last part (where Mak Som dies) is in the bible it is told: its brief says she is dead;
// - "Update the story bible" asked as events does the same, then answers `done` with every part read, uncharged.
// The AI API is the fake server with the series model (tests/series-book.ts); its story-bible calls are held until
// the test lets them go, or refused (a model that will not read them).
import { describe, expect, it, vi } from 'vitest';
import { isBibleRequest, REFUSAL_TEXT, userMessageOf, type ScriptedReply } from '../fake-openai.js';
import { seriesModel } from '../series-book.js';
import { serverOnFakeModel, signUp, uniqueEmail, type TestServer } from './helpers.js';
import { eventsOf, type Event } from './step-stream.js';

/** What the fake does with the story bible's calls: answer them, hold them until `release`, or refuse them. */
const gate = {
  mode: 'answer' as 'answer' | 'hold' | 'refuse',
  held: 0,
  release: () => undefined as void,
  refuseEnding: false,
};
/** The story bible's reading of a book's conclusion (its last part), after the step that wrote it. */
const isEndingRead = (body: Record<string, unknown>) =>
  isBibleRequest(body) && /\(Conclusion\):/.test(userMessageOf(body));
let opened: Promise<ScriptedReply | undefined> = Promise.resolve(undefined);
function holdBible(): void {
  Object.assign(gate, { mode: 'hold', held: 0 });
  opened = new Promise((resolve) => {
    gate.release = () => {
      gate.mode = 'answer';
      resolve(undefined);
    };
  });
}

// The series model counts outlines to know which book it writes: book 1 is the first book written on this server.
const served = serverOnFakeModel({
  answer: seriesModel().answer,
  contextTokens: 32_768,
  reply: (body) => {
    if (gate.refuseEnding && isEndingRead(body)) return { text: REFUSAL_TEXT.en };
    if (gate.mode === 'answer' || !isBibleRequest(body)) return undefined;
    gate.held++;
    return gate.mode === 'refuse' ? { text: REFUSAL_TEXT.en } : { until: opened };
  },
});

const WAIT_WORDS = /story bible is still taking in its parts/;
const isDone = (events: Event[]) => events.some((e) => e.event === 'done' || e.event === 'error');

type View = {
  bible_updating?: boolean;
  parts: Array<{ kind: string; position?: number; text: string; hash: string; bible_updated?: boolean }>;
};

async function writer(ts: TestServer): Promise<{ cookie: string; id: string }> {
  const email = uniqueEmail('bible-wait');
  const cookie = await signUp(ts, email);
  const id = (await ts.ctx.repos.users.findByEmail(email))!.id;
  await ts.ctx.repos.credits.setBalance({ userId: id, credits: 200, reason: 'test' });
  return { cookie, id };
}

async function view(ts: TestServer, cookie: string): Promise<View> {
  return (await ts.http.get('/api/progress/romance').set('cookie', cookie)).body.book as View;
}

/** The book's view once its bible's background catch-up has ended. */
async function settled(ts: TestServer, cookie: string): Promise<View> {
  for (;;) {
    const book = await view(ts, cookie);
    if (!book.bible_updating) return book;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A two-chapter romance written to its end, its last bible update settled. */
async function writeRomance(ts: TestServer, cookie: string): Promise<void> {
  for (let i = 0; i < 12; i++) {
    const step = await ts.http
      .post('/api/generators/romance/generate')
      .set('cookie', cookie)
      .send({ settings: { numberOfChapters: 2 } });
    expect(step.status, JSON.stringify(step.body)).toBe(200);
    if (step.body.next === null) break;
  }
  await settled(ts, cookie);
}

/**
 * Chapter 1 edited by hand (its bible had read it): the bible's re-derive from it on starts in the background, held by
 * the fake.
 */
async function editHeld(ts: TestServer, cookie: string): Promise<void> {
  const chapter = (await view(ts, cookie)).parts.find((p) => p.kind === 'chapter')!;
  holdBible();
  const edit = await ts.http
    .put('/api/progress/romance/part')
    .set('cookie', cookie)
    .send({
      part: { kind: chapter.kind, position: chapter.position },
      text: `${chapter.text}\n\nAisyah wrote the day's orders on the board by the door.`,
      hash: chapter.hash,
    });
  expect(edit.status, JSON.stringify(edit.body)).toBe(200);
  expect(edit.body).toMatchObject({ memory_reset: true, book: { bible_updating: true } });
  await vi.waitFor(() => expect(gate.held).toBe(1), { timeout: 10_000, interval: 10 });
}

describe("a series' next book while book 1's story bible catches up in the background", () => {
  it(
    'says it waits for the story bible, asks the model nothing ' + 'meanwhile, and starts told book 1 to its last part',
    async () => {
      const { ts } = served;
      const { cookie } = await writer(ts);
      // The conclusion's reading after its step refused: the book is finished, its last part not in its bible yet.
      gate.refuseEnding = true;
      await writeRomance(ts, cookie);
      gate.refuseEnding = false;
      const [first] = (await ts.http.get('/api/books').set('cookie', cookie)).body.books as Array<{ id: number }>;
      // Book 1 joins a series while the model refuses its bible: its last part (the conclusion, where Mak Som dies) is
      // not read.
      gate.mode = 'refuse';
      const made = await ts.http
        .post('/api/series')
        .set('cookie', cookie)
        .send({ name: 'Penang Bakery', lang: 'en', book_id: first!.id });
      gate.mode = 'answer';
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const id = made.body.series.id as number;
      expect(made.body.series.books[0].bible).not.toContain('dead');

      await editHeld(ts, cookie);
      const next = await eventsOf(ts, { path: `/api/series/${id}/next`, cookie, json: {} });
      try {
        const waiting = await next.until((e) => e.length > 0);
        expect(waiting).toEqual([
          { event: 'waiting', data: { reason: 'story_bible', message: expect.stringMatching(WAIT_WORDS) } },
        ]);
        // Still held: the next book has sent nothing of its own to the model.
        expect(gate.held).toBe(1);
        gate.release();
        const all = await next.until(isDone);
        const done = all.at(-1)!;
        expect(done.event, JSON.stringify(done.data)).toBe('done');
        expect(done.data).toMatchObject({ number: 2, book_type: 'romance' });
        // Told book 1 to its end: Mak Som died in its conclusion.
        expect((done.data.settings as { characters: string }).characters).toContain(
          'Mak Som: her aunt; dead, passed away in her sleep',
        );
      } finally {
        next.close();
      }
      const shown = await ts.http.get(`/api/series/${id}`).set('cookie', cookie);
      expect(shown.body.series.books[0].bible).toContain('dead');
    },
  );
});

describe('"Update the story bible" while its background catch-up holds the book', () => {
  it('says it waits for the story bible at once, then answers with every part read, nothing charged', async () => {
    const { ts } = served;
    const { cookie, id } = await writer(ts);
    await writeRomance(ts, cookie);
    const charges = async () => (await ts.ctx.repos.credits.ledger(id)).filter((r) => r.type === 'charge').length;
    const before = await charges();
    await editHeld(ts, cookie);
    const update = await eventsOf(ts, { path: '/api/progress/romance/bible/update', cookie });
    try {
      const waiting = await update.until((e) => e.length > 0);
      expect(waiting).toEqual([
        { event: 'waiting', data: { reason: 'story_bible', message: expect.stringMatching(WAIT_WORDS) } },
      ]);
      expect(gate.held).toBe(1);
      gate.release();
      const all = await update.until(isDone);
      const done = all.at(-1)!;
      expect(done.event, JSON.stringify(done.data)).toBe('done');
      expect((done.data.book as View).parts.filter((p) => p.bible_updated === false)).toEqual([]);
    } finally {
      update.close();
    }
    expect((await settled(ts, cookie)).parts.filter((p) => p.bible_updated === false)).toEqual([]);
    expect(await charges()).toBe(before);
  });
});
