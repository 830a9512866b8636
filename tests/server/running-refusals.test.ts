// A change to a book refused while other work of its kind runs says what runs. While an audio edition is made
// from a writer's finished romance (its charge a running generation of the romance generator, as
// server/core/audiobook-job.ts holds it), the story bible's update and the series' next book are refused 409
// audio_running, worded in the book's language with a wait (Retry-After), not "a step is being written"; while an
// edition in Malay is made, 409 translation_running naming Malay. Once the work is done, the same requests go through.
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogueMessage } from '../../engine/index.js';
import { bibleSettled, serverOnFakeModel, signUp } from './helpers.js';
import { seriesModel } from '../series-book.js';

const served = serverOnFakeModel({ answer: seriesModel().answer, contextTokens: 32_768 });
let writer: { cookie: string; id: string; bookId: number };
/** A writer whose romance of 3 chapters is written to its end. */
beforeAll(async () => {
  const { ts } = served;
  const cookie = await signUp(ts);
  const id = (await ts.http.get('/api/me').set('cookie', cookie)).body.id as string;
  ts.store.run(ts.store.db.updateTable('users').set({ credits_available: 100 }).where('id', '=', id));
  for (let i = 0; i < 10; i++) {
    const step = await ts.http
      .post('/api/generators/romance/generate')
      .set('cookie', cookie)
      .send({ settings: { numberOfChapters: '3' } });
    expect(step.status, JSON.stringify(step.body)).toBe(200);
    if (step.body.next === null) break;
  }
  await bibleSettled(ts, cookie, 'romance');
  writer = { cookie, id, bookId: (await ts.ctx.repos.books.findBookId({ userId: id, key: 'romance' }))! };
});

/** `work` while a generation of the romance generator runs as `step` (its charge taken, then given back). */
async function whileRunning(step: string, work: () => Promise<void>): Promise<void> {
  const { repos } = served.ts.ctx;
  const charge = await repos.generations.start({
    userId: writer.id,
    generatorId: 'romance',
    step,
    cost: 1,
    reason: `romance: ${step}`,
  });
  expect(charge).not.toBeNull();
  try {
    await work();
  } finally {
    await repos.generations.refund({ userId: writer.id, charge: charge!, reason: 'test', errorCode: 'test' });
  }
}

const bibleUpdate = () =>
  served.ts.http.post('/api/progress/romance/bible/update').set('cookie', writer.cookie).send({});

describe("a change refused while other work of the book's kind runs", () => {
  it("an audio edition: the bible update, the series' next book: refused audio_running, then let in", async () => {
    const { ts } = served;
    const made = await ts.http
      .post('/api/series')
      .set('cookie', writer.cookie)
      .send({ name: 'Harbour Lights', lang: 'en', book_id: writer.bookId });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const seriesId = made.body.series.id as number;
    const audio = catalogueMessage('audio_running', 'en');
    await whileRunning('audiobook', async () => {
      const update = await bibleUpdate();
      expect(update.status).toBe(409);
      expect(update.body.error).toEqual({ code: 'audio_running', message: audio });
      expect(update.body.error.message).not.toBe(catalogueMessage('step_running', 'en'));
      expect(update.headers['retry-after']).toBe('30');
      const next = await ts.http.post(`/api/series/${seriesId}/next`).set('cookie', writer.cookie).send({});
      expect(next.status, JSON.stringify(next.body)).toBe(409);
      expect(next.body.error).toEqual({ code: 'audio_running', message: audio });
    });
    expect((await bibleUpdate()).status).toBe(200);
  });

  it('an edition in Malay: refused translation_running, naming Malay', async () => {
    await whileRunning('translate:ms:chapter-1', async () => {
      const update = await bibleUpdate();
      expect(update.status).toBe(409);
      expect(update.body.error).toEqual({
        code: 'translation_running',
        message: catalogueMessage('translation_running', 'en', { language: 'Malay' }),
      });
    });
  });

  it('worded in Malay and Indonesian as in English', () => {
    for (const lang of ['ms', 'id'] as const) {
      expect(catalogueMessage('audio_running', lang)).not.toBe(catalogueMessage('audio_running', 'en'));
      expect(catalogueMessage('translation_running', lang, { language: 'X' })).toContain('X');
    }
  });
});
