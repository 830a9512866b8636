// Charged calls other than a step, given up while they run: in a queued deployment an outage longer than the lease
// makes the sweep take the call for lost and refund its charge (server/queue/sweep.ts giveUp). When the model's
// answer comes back, the writer must not get it as saved or paid: the call fails as service_unavailable, the
// balance is as the refund left it, and the book or edition does not hold what that call made. Before, the commit
// was skipped without a word and the answer said the part was translated, or the rewrite saved, as if paid.
import { describe, expect, it, vi } from 'vitest';
import { bibleSettled, serverOnFakeModel, signUp, type TestServer } from './helpers.js';
import { malayManuscript } from '../import/manuscript.js';
import { isBibleUpdating } from '../../server/core/bible-catch-up.js';
import { stepStream } from './step-stream.js';
import { underWriter } from '../scripted-models.js';
import { fakeTranslator, isTranslateRequest } from '../fake-translator.js';
import { CHAPTERS, romanceSaves } from '../translate/book.js';

const translator = fakeTranslator();
/** The sweep's refund, armed for a writer's `nth` charge: made when a model request arrives while that charge runs. */
let armed: { userId: string; nth: number } | null = null;
let refunded: Promise<void> | null = null;

const options = underWriter(1).fakeOptions({
  // Every answer takes a while, as a real model's does: the refund lands while the call waits on it.
  latencyMs: 300,
  reply: (body) => {
    if (armed) giveUpRunning(served.ts, armed);
    return isTranslateRequest(body) ? translator.reply(body) : undefined;
  },
});
const served = serverOnFakeModel(options, {});

/** What the sweep does to a call it takes for lost: its running generation refunded (once). */
function giveUpRunning(ts: TestServer, target: { userId: string; nth: number }): void {
  const generations = ts.store.all(
    ts.store.db.selectFrom('generations').selectAll().where('user_id', '=', target.userId),
  );
  const generation = generations.find((g) => g.status === 'running');
  if (generations.length !== target.nth || !generation) return;
  armed = null;
  refunded = ts.ctx.repos.generations.refund({
    userId: target.userId,
    charge: { generationId: generation.id, credits: generation.credits_charged },
    reason: 'Refund: given up (workers stopped)',
    errorCode: 'service_unavailable',
  });
}

/** A writer with `credits` credits and the 5-chapter romance in English as their current romance. */
async function writerWithRomance(ts: TestServer, credits = 20) {
  const cookie = await signUp(ts);
  const id = (await ts.http.get('/api/me').set('cookie', cookie)).body.id as string;
  ts.store.run(ts.store.db.updateTable('users').set({ credits_available: credits }).where('id', '=', id));
  const bookId = await ts.ctx.repos.books.saveImport({ userId: id, key: 'romance', saves: romanceSaves('en') });
  const ledger = async () => (await ts.ctx.repos.credits.ledger(id)).slice(1).map((r) => r.type);
  const balance = async () => (await ts.ctx.repos.users.findById(id))!.credits_available;
  return { cookie, id, bookId, ledger, balance };
}

describe('a charged call refunded by the sweep while its model call runs', () => {
  it(
    "an edition's part: the run stops there as unavailable, " +
      'the part not in the edition, the part before kept and paid',
    async () => {
      const { ts } = served;
      const w = await writerWithRomance(ts);
      refunded = null;
      armed = { userId: w.id, nth: 2 };
      const res = await ts.http.post(`/api/books/${w.bookId}/editions`).set('cookie', w.cookie).send({ to: 'ms' });
      await refunded;
      expect(refunded).not.toBeNull();
      expect(res.status, JSON.stringify(res.body)).toBe(503);
      expect(res.body.error).toMatchObject({ code: 'service_unavailable' });
      // The first part paid; the second's charge given back once, by the sweep.
      expect(await w.ledger()).toEqual(['charge', 'charge', 'refund']);
      expect(await w.balance()).toBe(19);
      const statuses = ts.store
        .all(ts.store.db.selectFrom('generations').select('status').where('user_id', '=', w.id))
        .map((g) => g.status);
      expect(statuses.sort()).toEqual(['refunded', 'succeeded']);
      expect(ts.store.all(ts.store.db.selectFrom('content_history').selectAll().where('user_id', '=', w.id))).toEqual(
        [],
      );
      // The edition holds the first part only: what is left to translate still counts the second.
      const offer = (await ts.http.get(`/api/books/${w.bookId}/editions`).set('cookie', w.cookie)).body.offer;
      expect(offer.cost.remaining).toBe(CHAPTERS - 1);

      // Made again, the edition goes on from the part given up, each part paid once.
      const rest = await ts.http.post(`/api/books/${w.bookId}/editions`).set('cookie', w.cookie).send({ to: 'ms' });
      expect(rest.status, JSON.stringify(rest.body)).toBe(200);
      expect(rest.body.credits_charged).toBe(CHAPTERS - 1);
      expect(rest.body.edition.parts_done).toBe(CHAPTERS);
      expect(await w.balance()).toBe(20 - CHAPTERS);
    },
  );

  it('a rewrite: unavailable, its credit back, and the part as it was before the rewrite', async () => {
    const { ts } = served;
    const w = await writerWithRomance(ts);
    const book = (await ts.http.get('/api/progress/romance').set('cookie', w.cookie)).body.book;
    const chapter = book.parts.find(
      (p: { kind: string; position: number }) => p.kind === 'chapter' && p.position === 1,
    ) as { kind: string; position: number; text: string; hash?: string };
    refunded = null;
    armed = { userId: w.id, nth: 1 };
    const res = await ts.http
      .post('/api/progress/romance/rewrite')
      .set('cookie', w.cookie)
      .send({
        part: { kind: 'chapter', position: 1 },
        note: 'More dialogue.',
        ...(chapter.hash ? { hash: chapter.hash } : {}),
      });
    await refunded;
    expect(refunded).not.toBeNull();
    expect(res.status, JSON.stringify(res.body)).toBe(503);
    expect(res.body.error).toMatchObject({ code: 'service_unavailable' });
    expect(res.body.book).toBeUndefined();
    expect(await w.balance()).toBe(20);
    expect(await w.ledger()).toEqual(['charge', 'refund']);
    expect(ts.store.all(ts.store.db.selectFrom('content_history').selectAll().where('user_id', '=', w.id))).toEqual([]);
    // The book does not hold the rewrite: chapter 1 reads as before.
    const after = (await ts.http.get('/api/progress/romance').set('cookie', w.cookie)).body.book;
    expect(
      after.parts.find((p: { kind: string; position: number }) => p.kind === 'chapter' && p.position === 1).text,
    ).toBe(chapter.text);
  });

  it('a step the writer stops: unavailable, not paid, and no draft kept of it', async () => {
    const { ts } = served;
    const cookie = await signUp(ts);
    const id = (await ts.http.get('/api/me').set('cookie', cookie)).body.id as string;
    const settings = { numberOfChapters: 5 };
    expect(
      (await ts.http.post('/api/generators/romance/generate').set('cookie', cookie).send({ settings })).status,
    ).toBe(200); // the outline
    const balance = async () => (await ts.ctx.repos.users.findById(id))!.credits_available;
    const outlined = await balance();
    // The introduction streams slowly; once words reached the writer, the sweep gives it up, then the writer stops it.
    options.streamDelayMs = 15;
    try {
      const stream = await stepStream(ts.url, {
        id: 'romance',
        cookie,
        body: { settings, step: { kind: 'introduction', position: 0 } },
      });
      await stream.until(12);
      armed = null;
      const generation = ts.store
        .all(ts.store.db.selectFrom('generations').selectAll().where('user_id', '=', id))
        .find((g) => g.status === 'running')!;
      await ts.ctx.repos.generations.refund({
        userId: id,
        charge: { generationId: generation.id, credits: generation.credits_charged },
        reason: 'Refund: given up (workers stopped)',
        errorCode: 'service_unavailable',
      });
      const stop = await ts.http.post('/api/progress/romance/stop').set('cookie', cookie).send();
      expect(stop.status, JSON.stringify(stop.body)).toBe(200);
      expect(stop.body.credits_charged).toBe(0);
      const { last } = await stream.rest();
      expect(last.event).toBe('error');
      expect(last.data).toMatchObject({ code: 'service_unavailable' });
    } finally {
      options.streamDelayMs = 0;
    }
    expect(await balance()).toBe(outlined);
    expect((await ts.ctx.repos.credits.ledger(id)).slice(1).map((r) => r.type)).toEqual(['charge', 'charge', 'refund']);
    const book = (await ts.http.get('/api/progress/romance').set('cookie', cookie)).body.book;
    expect(book.stopped ?? null).toBeNull();
    expect(book.next).toMatchObject({ kind: 'introduction' });
  });

  it(
    'a story-bible part of an imported book: the build fails there, the ' +
      'bible as before that part, and Update reads it again, paid once',
    async () => {
      const { ts } = served;
      const cookie = await signUp(ts);
      const id = (await ts.http.get('/api/me').set('cookie', cookie)).body.id as string;
      ts.store.run(ts.store.db.updateTable('users').set({ credits_available: 10 }).where('id', '=', id));
      const ledger = async () => (await ts.ctx.repos.credits.ledger(id)).slice(1).map((r) => [r.type, r.amount]);
      const memoryUpTo = () =>
        ts.store.all(ts.store.db.selectFrom('books').select('memory_up_to').where('owner', '=', id))[0]!.memory_up_to;
      // Five chapters with no prologue: the bible reads Bab 1 to 5 (positions 1 to 5), one credit each, held at the
      // import.
      refunded = null;
      armed = { userId: id, nth: 2 };
      const upload = await ts.http
        .post('/api/books/import?file=bab.txt&generator=romance')
        .set('cookie', cookie)
        .set('content-type', 'application/octet-stream')
        .send(Buffer.from(malayManuscript(5, 'roman')));
      expect(upload.status, JSON.stringify(upload.body)).toBe(200);
      await vi.waitFor(() => expect(isBibleUpdating(ts.ctx, id, 'romance')).toBe(false), {
        timeout: 20_000,
        interval: 20,
      });
      await refunded;
      expect(refunded).not.toBeNull();
      const book = (await bibleSettled(ts, cookie, 'romance')).book as unknown as {
        bible_lacking?: { reason: string; parts: Array<{ label: string }>; credits: number };
      };
      // Bab 1 read and paid; Bab 2 given up by the sweep: the bible does not hold it, and it is not paid (from the hold
      // either).
      expect(memoryUpTo()).toBe(1);
      expect(book.bible_lacking).toMatchObject({
        reason: 'failed',
        parts: [{ label: 'Bab 2' }, { label: 'Bab 3' }, { label: 'Bab 4' }, { label: 'Bab 5' }],
        credits: 4,
      });
      expect(await ledger()).toEqual([
        ['charge', -5],
        ['refund', 4],
      ]);

      // Update reads Bab 2 to 5, each charged once, as steps.
      const update = await ts.http.post('/api/progress/romance/bible/update').set('cookie', cookie);
      expect(update.status, JSON.stringify(update.body)).toBe(200);
      expect(update.body).toMatchObject({ parts_read: 4, credits_available: 5 });
      expect(update.body.book.bible_lacking).toBeUndefined();
      expect(memoryUpTo()).toBe(5);
      expect((await ledger()).slice(2)).toEqual([
        ['charge', -1],
        ['charge', -1],
        ['charge', -1],
        ['charge', -1],
      ]);
    },
  );
});
