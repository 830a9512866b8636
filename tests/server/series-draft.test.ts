// A book joins a series only by the writer's act. The writer finishes a 3-chapter romance (Mak Som dies in its
// conclusion), imports a manuscript (the romance is kept in My Books), makes the romance book 1 of a series and
// starts book 2, then goes back to the manuscript: the manuscript stays out of the series, book 2 is a book of
// its own in My Books (its own id, its brief filled from the series) that the writer resumes from there or from
// the series page, or deletes (its place in the series freed), and its first request tells the model Mak Som is dead.
// The AI API is the fake server
// answering as tests/series-book.ts.
import { describe, expect, it } from 'vitest';
import { serverOnFakeModel, signUp, bibleSettled, type TestServer } from './helpers.js';
import { seriesModel } from '../series-book.js';
import { serialManuscript } from '../import/manuscript.js';
import { userMessageOf } from '../fake-openai.js';

const served = serverOnFakeModel({ answer: seriesModel().answer, contextTokens: 32_768 });

interface Listed {
  id: number;
  title: string;
  is_current: boolean;
  is_finished: boolean;
  chapters_written: number;
  series?: { id: number; number: number };
}

async function writer(ts: TestServer): Promise<string> {
  const cookie = await signUp(ts);
  const id = (await ts.http.get('/api/me').set('cookie', cookie)).body.id as string;
  ts.store.run(ts.store.db.updateTable('users').set({ credits_available: 100 }).where('id', '=', id));
  return cookie;
}

/** The current romance written to its end with these settings. */
async function writeRomance(ts: TestServer, cookie: string, settings: object): Promise<void> {
  for (let i = 0; i < 10; i++) {
    const step = await ts.http.post('/api/generators/romance/generate').set('cookie', cookie).send({ settings });
    expect(step.status, JSON.stringify(step.body)).toBe(200);
    if (step.body.next === null) break;
  }
  await bibleSettled(ts, cookie, 'romance');
}

const myBooks = async (ts: TestServer, cookie: string) =>
  (await ts.http.get('/api/books').set('cookie', cookie)).body.books as Listed[];

describe('a series is what the writer chose', () => {
  it(
    'continuing an imported manuscript after starting book 2 leaves it out of the ' +
      'series; book 2 is kept as a book of its own and starts with the dead dead',
    async () => {
      const { ts, fake } = served;
      const cookie = await writer(ts);
      await writeRomance(ts, cookie, { numberOfChapters: '3' });
      const [first] = await myBooks(ts, cookie);
      expect(first!.is_finished).toBe(true);

      const imported = await ts.http
        .post('/api/books/import?file=road.txt&generator=romance')
        .set('cookie', cookie)
        .set('content-type', 'application/octet-stream')
        .send(Buffer.from(serialManuscript(3, (i) => `Chapter ${i}`)));
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      const manuscriptId = imported.body.book.id as number;
      await bibleSettled(ts, cookie, 'romance');

      const made = await ts.http
        .post('/api/series')
        .set('cookie', cookie)
        .send({ name: 'Penang Bakery', lang: 'en', book_id: first!.id });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const seriesId = made.body.series.id as number;
      const next = await ts.http.post(`/api/series/${seriesId}/next`).set('cookie', cookie).send({});
      expect(next.status, JSON.stringify(next.body)).toBe(200);
      expect(next.body.settings.characters).toContain('Mak Som: her aunt; dead, passed away in her sleep');
      const draftId = next.body.book_id as number;
      expect(draftId).not.toBe(manuscriptId);

      // The draft is a book of My Books with its own id, book 2 of the series, nothing written yet.
      let books = await myBooks(ts, cookie);
      expect(books.find((b) => b.id === draftId)).toMatchObject({
        is_current: true,
        is_finished: false,
        chapters_written: 0,
        series: { id: seriesId, number: 2 },
      });

      // Back to the manuscript ("Continue Previous Progress" from My Books): it stays a book of its own.
      expect((await ts.http.post(`/api/books/${manuscriptId}/continue`).set('cookie', cookie)).status).toBe(200);
      books = await myBooks(ts, cookie);
      expect(books.find((b) => b.id === manuscriptId)).toMatchObject({ is_current: true });
      expect(books.find((b) => b.id === manuscriptId)!.series).toBeUndefined();
      expect(books.find((b) => b.id === draftId)).toMatchObject({
        is_current: false,
        series: { id: seriesId, number: 2 },
      });
      expect(books.find((b) => b.id === first!.id)).toMatchObject({ series: { id: seriesId, number: 1 } });

      // Writing the manuscript on does not take it into the series either.
      const step = await ts.http.post('/api/generators/romance/generate').set('cookie', cookie).send({ settings: {} });
      expect(step.status, JSON.stringify(step.body)).toBe(200);
      await bibleSettled(ts, cookie, 'romance');
      expect((await myBooks(ts, cookie)).find((b) => b.id === manuscriptId)!.series).toBeUndefined();

      // The series page names book 2 by its id, not started; continuing it opens it with the brief from the series.
      const page = (await ts.http.get(`/api/series/${seriesId}`).set('cookie', cookie)).body.series;
      expect(
        page.books.map((b: { number: number; id: number; is_started: boolean }) => [b.number, b.id, b.is_started]),
      ).toEqual([
        [1, first!.id, true],
        [2, draftId, false],
      ]);

      // Discarded (deleted from My Books), it leaves the series; started again, book 2 is a new book of its own.
      expect((await ts.http.delete(`/api/books/${draftId}`).set('cookie', cookie)).status).toBe(200);
      expect(
        (await ts.http.get(`/api/series/${seriesId}`).set('cookie', cookie)).body.series.books.map(
          (b: { number: number }) => b.number,
        ),
      ).toEqual([1]);
      const again = await ts.http.post(`/api/series/${seriesId}/next`).set('cookie', cookie).send({});
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      const draft = again.body.book_id as number;
      expect([draftId, manuscriptId]).not.toContain(draft);
      expect((await ts.http.post(`/api/books/${manuscriptId}/continue`).set('cookie', cookie)).status).toBe(200);
      expect((await myBooks(ts, cookie)).find((b) => b.id === draft)).toMatchObject({
        is_current: false,
        chapters_written: 0,
        series: { id: seriesId, number: 2 },
      });
      expect((await ts.http.post(`/api/books/${draft}/continue`).set('cookie', cookie)).status).toBe(200);
      const progress = (await ts.http.get('/api/progress/romance').set('cookie', cookie)).body;
      expect(progress.id).toBe(draft);
      expect(progress.settings.characters).toContain('Mak Som: her aunt; dead, passed away in her sleep');

      // Book 2's first request (its outline) carries Mak Som as dead at the end of book 1.
      const from = fake.generationRequests().length;
      const outline = await ts.http
        .post('/api/generators/romance/generate')
        .set('cookie', cookie)
        .send({ settings: progress.settings });
      expect(outline.status, JSON.stringify(outline.body)).toBe(200);
      const firstRequest = userMessageOf(fake.generationRequests()[from]!.body ?? {});
      expect(firstRequest).toMatch(/Mak Som \| her aunt \| dead, passed away in her sleep \| Book 1, Conclusion/);
      expect(firstRequest).not.toMatch(/Mak Som[^\n]*alive/);
      books = await myBooks(ts, cookie);
      expect(books.find((b) => b.id === draft)).toMatchObject({ is_current: true, series: { number: 2 } });
      expect(books.find((b) => b.id === manuscriptId)!.series).toBeUndefined();
      expect((await ts.http.get(`/api/series/${seriesId}`).set('cookie', cookie)).body.series.books[1]).toMatchObject({
        id: draft,
        is_started: true,
      });
    },
  );
});
