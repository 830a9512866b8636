// An imported book's story bible is paid from credits held when the import is accepted: two imports at once on a
// balance that pays for one cannot both pass; the hold shows as spent at once and the unused part comes back with
// its own ledger row; a part the model fails on twice is named on the book with the parts after it, and "Update
// the story bible" then charges them a part at a time, as steps; a step or an edit that reads parts meanwhile never
// reads one free, nor twice. The AI API is the fake server of tests/fake-openai.ts answering as the scripted
// under-writer; the manuscript is five Malay chapters (romance: its conclusion still to write, so the bible reads
// all five, one credit each).
import { describe, expect, it, vi } from 'vitest';
import { bibleSettled, serverOnFakeModel, signUp, type TestServer } from './helpers.js';
import { isBibleRequest, underWriter, userOf } from '../scripted-models.js';
import { malayManuscript } from '../import/manuscript.js';
import { isBibleUpdating } from '../../server/core/bible-catch-up.js';

/** From this bible request on (counted from 1), every one fails with a 500; 0: none fails. */
let failBibleFrom = 0;
let bibleAsks = 0;
const model = underWriter(1);
const served = serverOnFakeModel(
  model.fakeOptions({
    reply: (body) => {
      if (!isBibleRequest(userOf(body))) return undefined;
      bibleAsks++;
      return failBibleFrom && bibleAsks >= failBibleFrom
        ? { status: 500, body: { error: { message: 'down' } } }
        : undefined;
    },
  }),
  {},
);

const MANUSCRIPT = malayManuscript(5, 'roman');

const upload = (ts: TestServer, cookie: string) =>
  ts.http
    .post('/api/books/import?file=bab.txt&generator=romance')
    .set('cookie', cookie)
    .set('content-type', 'application/octet-stream')
    .send(Buffer.from(MANUSCRIPT));

/** A user with `credits` credits (set by hand, no ledger row) and what the writer sees of them. */
async function userWith(ts: TestServer, credits: number) {
  const cookie = await signUp(ts);
  const id = (await ts.http.get('/api/me').set('cookie', cookie)).body.id as string;
  const setCredits = (n: number) =>
    ts.store.run(ts.store.db.updateTable('users').set({ credits_available: n }).where('id', '=', id));
  setCredits(credits);
  const balance = async () => (await ts.http.get('/api/me').set('cookie', cookie)).body.credits_available as number;
  /** The ledger after the sign-up row, as [type, amount]. */
  const ledger = async () => (await ts.ctx.repos.credits.ledger(id)).slice(1).map((r) => [r.type, r.amount]);
  return { cookie, id, setCredits, balance, ledger };
}

type Part = { label: string; bible_updated?: false };
type Lacking = { reason: string; parts: Array<{ label: string }>; credits: number; message: string };

/** The book once no build runs for it (the user's build settled, credits given back). */
async function settledBook(ts: TestServer, user: { id: string; cookie: string }) {
  await vi.waitFor(() => expect(isBibleUpdating(ts.ctx, user.id, 'romance')).toBe(false), {
    timeout: 20_000,
    interval: 20,
  });
  const saved = await bibleSettled(ts, user.cookie, 'romance');
  return saved.book as unknown as { parts: Part[]; bible_lacking?: Lacking; bible_updating?: boolean };
}

describe("credits held for an imported book's story bible", () => {
  it(
    'two imports at once on a balance that pays for one: one is ' +
      'accepted, the other answers 402 and nothing of it is saved',
    async () => {
      const { ts } = served;
      const user = await userWith(ts, 5);
      const answers = await Promise.all([upload(ts, user.cookie), upload(ts, user.cookie)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 402]);
      expect(answers.find((a) => a.status === 402)!.body.error.code).toBe('insufficient_credits');
      const accepted = answers.find((a) => a.status === 200)!.body;
      // The bible's five credits are held at once: what the writer sees is what is left.
      expect(accepted).toMatchObject({ cost: { credits: 5, parts: 5 }, credits_available: 0 });
      const book = await settledBook(ts, user);
      expect(book.parts.filter((p) => p.label.startsWith('Bab'))).toHaveLength(5);
      expect(book.parts.every((p) => p.bible_updated !== false)).toBe(true);
      expect((await ts.http.get('/api/books').set('cookie', user.cookie)).body.books).toHaveLength(1);
      expect((await ts.http.get('/api/history').set('cookie', user.cookie)).body.items).toEqual([]);
      expect(await user.balance()).toBe(0);
      expect(await user.ledger()).toEqual([['charge', -5]]);
    },
  );

  it(
    'a part the model fails on twice is named on the book; the ' +
      'unused credits come back; Update then charges a part at a time',
    async () => {
      const { ts } = served;
      const user = await userWith(ts, 10);
      bibleAsks = 0;
      failBibleFrom = 4;
      try {
        const res = await upload(ts, user.cookie);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.credits_available).toBe(5);
        const book = await settledBook(ts, user);
        // Bab 1 to 3 read and paid; Bab 4 asked twice, failed twice, not charged; Bab 5 never read: 2 credits back.
        expect(bibleAsks).toBe(5);
        expect(await user.balance()).toBe(7);
        expect(await user.ledger()).toEqual([
          ['charge', -5],
          ['refund', 2],
        ]);
        expect(book.bible_lacking).toMatchObject({
          reason: 'failed',
          parts: [{ label: 'Bab 4' }, { label: 'Bab 5' }],
          credits: 2,
        });
        expect(book.bible_lacking!.message).toContain('Bab 4, Bab 5');
        expect(book.bible_lacking!.message).toContain('gagal dua kali pada Bab 4');
        expect(book.parts.filter((p) => p.bible_updated === false).map((p) => p.label)).toEqual(['Bab 4', 'Bab 5']);
      } finally {
        failBibleFrom = 0;
      }

      // Nothing is held any more: Update reads what one credit pays for, then says the credits ran out.
      user.setCredits(1);
      const first = await ts.http.post('/api/progress/romance/bible/update').set('cookie', user.cookie);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body).toMatchObject({ parts_read: 1, credits_available: 0 });
      expect(first.body.book.bible_lacking).toMatchObject({
        reason: 'credits',
        parts: [{ label: 'Bab 5' }],
        credits: 1,
      });
      expect(await user.balance()).toBe(0);
      const poor = await ts.http.post('/api/progress/romance/bible/update').set('cookie', user.cookie);
      expect([poor.status, poor.body.error?.code]).toEqual([402, 'insufficient_credits']);
      user.setCredits(1);
      const second = await ts.http.post('/api/progress/romance/bible/update').set('cookie', user.cookie);
      expect(second.status, JSON.stringify(second.body)).toBe(200);
      expect(second.body.book.bible_lacking).toBeUndefined();
      expect(await user.balance()).toBe(0);
      expect((await user.ledger()).slice(2)).toEqual([
        ['charge', -1],
        ['charge', -1],
      ]);
      const book = await settledBook(ts, user);
      expect(book.bible_lacking).toBeUndefined();
      expect(book.parts.every((p) => p.bible_updated !== false)).toBe(true);
    },
  );

  it(
    'a step written while the bible is built reads the parts ' +
      'left before it writes: they are paid from the hold, once',
    async () => {
      const { ts } = served;
      const user = await userWith(ts, 10);
      expect((await upload(ts, user.cookie)).status).toBe(200);
      // The next step (all five chapters are there: the conclusion) comes in while the bible may still be built;
      // whichever reads a part, it is paid once.
      const step = await ts.http
        .post('/api/generators/romance/generate')
        .set('cookie', user.cookie)
        .send({ settings: {} });
      expect(step.status, JSON.stringify(step.body)).toBe(200);
      expect(step.body.part).toMatchObject({ kind: 'conclusion' });
      const book = await settledBook(ts, user);
      expect(book.parts.every((p) => p.bible_updated !== false)).toBe(true);
      expect(book.bible_lacking).toBeUndefined();
      // Five parts and the conclusion, nothing given back.
      expect(await user.balance()).toBe(4);
      expect((await user.ledger()).filter(([type]) => type === 'refund')).toEqual([]);
      expect(await ts.ctx.repos.bibleHolds.open(user.id)).toEqual([]);

      // An edit of a part the bible had read re-derives it and the parts after it free.
      const edited = await ts.http
        .put('/api/progress/romance/part')
        .set('cookie', user.cookie)
        .send({
          part: { kind: 'chapter', position: 2 },
          text: 'Aisha menutup kedai itu awal petang itu, lalu berjalan ke pelabuhan seorang diri.',
        });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      await settledBook(ts, user);
      expect(await user.balance()).toBe(4);
    },
  );

  it('a book set aside while its bible is built: what was not read is given back, what was read is paid', async () => {
    const { ts } = served;
    const user = await userWith(ts, 10);
    expect((await upload(ts, user.cookie)).status).toBe(200);
    // Start New waits for no part (409 while one is being read): asked again until it is done.
    await vi.waitFor(
      async () => expect((await ts.http.delete('/api/progress/romance').set('cookie', user.cookie)).status).toBe(200),
      { timeout: 20_000, interval: 10 },
    );
    await vi.waitFor(() => expect(isBibleUpdating(ts.ctx, user.id, 'romance')).toBe(false), {
      timeout: 20_000,
      interval: 20,
    });
    const read = ts.store.all(
      ts.store.db
        .selectFrom('generations')
        .select('credits_charged')
        .where('user_id', '=', user.id)
        .where('status', '=', 'succeeded')
        .where('step', 'like', 'import:%'),
    );
    expect(await ts.ctx.repos.bibleHolds.open(user.id)).toEqual([]);
    expect(await user.balance()).toBe(10 - read.reduce((sum, g) => sum + g.credits_charged, 0));
  });
});
