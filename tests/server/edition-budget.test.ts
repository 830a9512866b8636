// An edition through the API within its run's budget of model calls (engine/budget.ts): a model that refuses every
// translation ends the run after a few asks, answered with the failure it kept giving, and nothing it did not deliver
// is charged; max_calls bounds a run, the parts delivered before it kept and charged, the one it stopped in refunded.
import { describe, expect, it } from 'vitest';
import { serverOnFakeModel, signUp, type TestServer } from './helpers.js';
import { REFUSAL_TEXT } from '../fake-openai.js';
import { underWriter } from '../scripted-models.js';
import { fakeTranslator, isTranslateRequest } from '../fake-translator.js';
import { romanceSaves } from '../translate/book.js';

const translator = fakeTranslator();
let refuses = false;
const served = serverOnFakeModel(
  underWriter(1).fakeOptions({
    reply: (body) => (refuses && isTranslateRequest(body) ? { text: REFUSAL_TEXT.en } : translator.reply(body)),
  }),
);

/** A writer with 20 credits and the 5-chapter English romance; their ledger's charges and refunds. */
async function writerWithRomance(ts: TestServer) {
  const cookie = await signUp(ts);
  const id = (await ts.http.get('/api/me').set('cookie', cookie)).body.id as string;
  ts.store.run(ts.store.db.updateTable('users').set({ credits_available: 20 }).where('id', '=', id));
  const bookId = await ts.ctx.repos.books.saveImport({ userId: id, key: 'romance', saves: romanceSaves('en') });
  const ledger = async (type: string) =>
    (await ts.ctx.repos.credits.ledger(id)).slice(1).filter((r) => r.type === type).length;
  const balance = async () => (await ts.ctx.repos.credits.balanceOf(id)) ?? 0;
  return { cookie, bookId, charges: () => ledger('charge'), refunds: () => ledger('refund'), balance };
}

describe('an edition through the API, within its budget of model calls', () => {
  it(
    'a model that refuses every translation: the run ends ' +
      'within 24 calls naming the refusals, and nothing is charged',
    async () => {
      const { ts, fake } = served;
      refuses = true;
      const w = await writerWithRomance(ts);
      const before = fake.generationRequests().length;
      const res = await ts.http.post(`/api/books/${w.bookId}/editions`).set('cookie', w.cookie).send({ to: 'ms' });
      expect(res.status).toBe(502);
      expect(res.body.error.code).toBe('run_failing');
      expect(res.body.error.message).toMatch(/The model failed 4 times in a row \(refusals\)/);
      expect(fake.generationRequests().length - before).toBeLessThanOrEqual(24);
      // Every part charged was given back: the balance is what it was.
      expect(await w.charges()).toBe(await w.refunds());
      expect(await w.balance()).toBe(20);
    },
  );

  it(
    'max_calls 2: the two parts delivered are charged, the one ' +
      'it stopped in is given back; a bad max_calls is refused',
    async () => {
      const { ts } = served;
      refuses = false;
      const w = await writerWithRomance(ts);
      const res = await ts.http
        .post(`/api/books/${w.bookId}/editions`)
        .set('cookie', w.cookie)
        .send({ to: 'ms', max_calls: 2 });
      expect(res.status).toBe(502);
      expect(res.body.error.code).toBe('run_over_budget');
      expect(res.body.error.message).toMatch(/bound of 2 model calls/);
      expect([await w.charges(), await w.refunds()]).toEqual([3, 1]);
      expect(await w.balance()).toBe(18);
      const bad = await ts.http
        .post(`/api/books/${w.bookId}/editions`)
        .set('cookie', w.cookie)
        .send({ to: 'ms', max_calls: 0 });
      expect(bad.status).toBe(400);
    },
  );
});
