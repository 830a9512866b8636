// A book's source text on the server: POST /api/books/import of Anne of Avonlea as Project Gutenberg ships it answers
// its source (public domain, read from the licence, its author; the file names no year); GET /api/books/:id/source
// says it; PUT sets the year as the writer confirms it (kept with the book, the export's copyright page says it), and
// turns it off again; a Malay statement in a preview reads as public domain; another user's book is 404, a body
// outside the contract 400.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverOnFakeModel, userWithRole, signUp, bibleSettled } from './helpers.js';
import { underWriter } from '../scripted-models.js';
import { readZip, zipText } from '../export/tools.js';

const NOVEL = path.join(import.meta.dirname, '../fixtures/gutenberg/anne-of-avonlea-xvi-xxi.txt');

describe("a book's source text: public domain, first published", () => {
  const server = serverOnFakeModel(underWriter(1).fakeOptions());
  const upload = (cookie: string, route: string, file: string, body: Buffer) =>
    server.ts.http
      .post(`/api/books/${route}`)
      .query({ file, generator: 'romance' })
      .set('cookie', cookie)
      .set('content-type', 'application/octet-stream')
      .send(body);

  it(
    'the import reads it, GET says it, PUT confirms the year ' +
      '(kept; the export says it) and can say "not public domain"',
    async () => {
      const { ts } = server;
      const cookie = (await userWithRole(ts, 'pro')).cookie!;
      const imported = await upload(cookie, 'import', 'anne.txt', readFileSync(NOVEL));
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      expect(imported.body.book.source).toEqual({
        publicDomain: true,
        from: 'gutenberg',
        originalAuthor: 'Lucy Maud Montgomery',
      });
      const id = imported.body.book.id as number;
      await bibleSettled(ts, cookie, 'romance');
      expect((await ts.http.get(`/api/books/${id}/source`).set('cookie', cookie)).body).toEqual({
        id,
        source: { publicDomain: true, from: 'gutenberg', originalAuthor: 'Lucy Maud Montgomery' },
      });

      const put = await ts.http
        .put(`/api/books/${id}/source`)
        .set('cookie', cookie)
        .send({ publicDomain: true, firstPublished: 1909 });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      expect(put.body.source).toEqual({
        publicDomain: true,
        firstPublished: 1909,
        originalAuthor: 'Lucy Maud Montgomery',
        from: 'gutenberg',
        confirmed: true,
      });
      expect((await ts.http.get(`/api/books/${id}/source`).set('cookie', cookie)).body.source).toEqual(put.body.source);
      const epub = await ts.http
        .get(`/api/books/${id}/export`)
        .query({ format: 'epub' })
        .set('cookie', cookie)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(epub.status).toBe(200);
      const files = readZip(epub.body as Buffer);
      const page = zipText(files, files.find((f) => f.name.endsWith('copyright.xhtml'))!.name);
      expect(page).toContain(
        'This text is in the public domain. The original is by Lucy Maud Montgomery, first published in 1909.',
      );

      const off = await ts.http.put(`/api/books/${id}/source`).set('cookie', cookie).send({ publicDomain: false });
      expect(off.body.source).toMatchObject({ publicDomain: false, from: 'writer', confirmed: true });

      // Another user's book is not found; a body outside the contract is refused.
      const other = await signUp(ts);
      expect((await ts.http.get(`/api/books/${id}/source`).set('cookie', other)).status).toBe(404);
      expect(
        (await ts.http.put(`/api/books/${id}/source`).set('cookie', other).send({ publicDomain: true })).status,
      ).toBe(404);
      expect(
        (await ts.http.put(`/api/books/${id}/source`).set('cookie', cookie).send({ publicDomain: 'yes' })).status,
      ).toBe(400);
      expect(
        (
          await ts.http
            .put(`/api/books/${id}/source`)
            .set('cookie', cookie)
            .send({ publicDomain: true, firstPublished: 19 })
        ).status,
      ).toBe(400);
    },
    120_000,
  );

  it('a preview of a Malay text with a public-domain statement on its title page says so', async () => {
    const { ts } = server;
    const cookie = await signUp(ts);
    const chapter = (n: number) =>
      [
        `BAB ${n}`,
        '',
        Array.from(
          { length: 8 },
          (_, i) =>
            `Aminah berjalan ke pelabuhan pada petang yang ${['tenang', 'redup', 'sunyi', 'panjang'][i % 4]} ` +
            `itu sambil memikirkan surat daripada abangnya di seberang laut.`,
        ).join(' '),
      ].join('\n');
    const text = [
      'HIKAYAT PELABUHAN',
      '',
      'Karya ini berada dalam domain awam.',
      '',
      'Pertama kali diterbitkan pada tahun 1924.',
      '',
      '',
      chapter(1),
      '',
      chapter(2),
      '',
      chapter(3),
    ].join('\n');
    const preview = await upload(cookie, 'import/preview', 'hikayat.txt', Buffer.from(text));
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.source).toEqual({ publicDomain: true, from: 'statement', firstPublished: 1924 });
  });
});
