// GET /api/books, My Books' shelf: each book says whether the writer gave it a cover picture of their own and,
// once its package is made, when it was published; an unfinished book is never "published"; another writer's
// cover or package says nothing about this writer's books.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MyBooksResponseSchema } from '../../engine/contract/index.js';
import { WITHOUT_EPUBCHECK } from '../setup/tools.js';
import { signUp, startTestServer, uniqueEmail, type TestServer } from './helpers.js';

const PATH_BEFORE = process.env.PATH;
let ts: TestServer;
beforeAll(async () => {
  // epubcheck is a JVM run that nothing here reads.
  process.env.PATH = WITHOUT_EPUBCHECK.PATH;
  ts = await startTestServer();
});
afterAll(async () => {
  await ts?.close();
  process.env.PATH = PATH_BEFORE;
});

async function writer(): Promise<{ cookie: string; userId: string }> {
  const email = uniqueEmail('shelf');
  const cookie = await signUp(ts, email);
  const userId = (await ts.ctx.repos.users.findByEmail(email))!.id;
  await ts.ctx.repos.credits.setBalance({ userId, credits: 200, reason: 'test' });
  return { cookie, userId };
}

async function writeChildrensBook(cookie: string): Promise<void> {
  for (;;) {
    const res = await ts.http
      .post('/api/generators/children/generate')
      .set('cookie', cookie)
      .send({ settings: { numberOfChapters: 5, ageGroup: '8-12' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if ((res.body as { next: unknown }).next === null) return;
  }
}

const shelf = async (cookie: string) =>
  MyBooksResponseSchema.parse((await ts.http.get('/api/books').set('cookie', cookie)).body).books;

describe('GET /api/books: covers and publishing', () => {
  it(
    'a finished book: no cover and not published, then its own ' +
      'picture, then published at the time its package was made',
    async () => {
      const w = await writer();
      await writeChildrensBook(w.cookie);
      // An unfinished book beside it.
      expect(
        (
          await ts.http
            .post('/api/generators/romance/generate')
            .set('cookie', w.cookie)
            .send({ settings: { numberOfChapters: 4 } })
        ).status,
      ).toBe(200);
      let books = await shelf(w.cookie);
      const children = books.find((b) => b.generator_id === 'children')!;
      const romance = books.find((b) => b.generator_id === 'romance')!;
      expect(children).toMatchObject({ is_finished: true, has_cover: false });
      expect(children.published_at).toBeUndefined();
      expect(romance).toMatchObject({ is_finished: false, has_cover: false });
      expect(romance.published_at).toBeUndefined();

      const jpeg = await sharp({ create: { width: 1600, height: 2560, channels: 3, background: '#1e8c3c' } })
        .jpeg()
        .toBuffer();
      const put = await ts.http
        .put(`/api/books/${children.id}/cover`)
        .query({ file: 'harbour.jpg' })
        .set('cookie', w.cookie)
        .set('content-type', 'image/jpeg')
        .send(jpeg);
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      expect((await shelf(w.cookie)).find((b) => b.id === children.id)).toMatchObject({ has_cover: true });

      const before = Date.now();
      const made = await ts.http
        .post('/api/books/children/publish')
        .set('cookie', w.cookie)
        .send({ author: 'Siti Aminah' });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      books = await shelf(w.cookie);
      const published = books.find((b) => b.id === children.id)!;
      expect(Date.parse(published.published_at!)).toBeGreaterThanOrEqual(before - 1000);
      expect(published.published_at).toBe((made.body as { package: { created_at: string } }).package.created_at);
      expect(books.find((b) => b.id === romance.id)!.published_at).toBeUndefined();

      // Another writer's shelf is untouched by this writer's cover and package.
      const other = await writer();
      await writeChildrensBook(other.cookie);
      expect((await shelf(other.cookie))[0]).toMatchObject({ has_cover: false });
      expect((await shelf(other.cookie))[0]!.published_at).toBeUndefined();
    },
    240_000,
  );
});
