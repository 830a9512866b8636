// /api/books: the current book downloads in every export format (type, file name, bytes; the EPUB's
// navigation lists the book's headings); every book, finished or not, is kept when its type starts anew
// and is listed, downloaded, continued and deleted by id, never another user's; errors as the contract says.
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Response } from 'supertest';
import {
  ApiErrorEnvelopeSchema,
  EXPORT_FILE_TYPES,
  EXPORT_FORMATS,
  exportFileName,
  MyBooksResponseSchema,
  type ExportFormat,
  type MyBook,
} from '../../engine/contract/index.js';
import { downloadOf, signUp, startTestServer, uniqueEmail, userWithRole, type TestServer } from './helpers.js';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts?.close());

/** Run the next steps of a generator's book for a user: all of them, or up to and including `until`. */
async function writeBook(
  cookie: string,
  opts: { generator?: string; settings?: Record<string, unknown>; until?: string } = {},
): Promise<void> {
  const generator = opts.generator ?? 'romance';
  for (;;) {
    const res = await ts.http
      .post(`/api/generators/${generator}/generate`)
      .set('cookie', cookie)
      .send({ settings: opts.settings ?? { numberOfChapters: 7 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as { part: { kind: string }; next: unknown };
    if (body.part.kind === opts.until || body.next === null) return;
  }
}

/** A download's bytes. */
const exportOf = (path: string, cookie?: string) => downloadOf(ts, path, cookie);

function errorOf(res: Response, status: number, code: string) {
  expect(res.status, String(res.text ?? res.body)).toBe(status);
  const body = Buffer.isBuffer(res.body) ? (JSON.parse(res.body.toString('utf8')) as unknown) : res.body;
  const envelope = ApiErrorEnvelopeSchema.parse(body);
  expect(envelope.error.code).toBe(code);
  return envelope.error;
}

/** The files of a zip archive (stored or deflated entries), by name. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + skip;
  }
  return files;
}

/** The text of an EPUB's navigation (the EPUB 3 nav document, else the NCX). */
function epubNav(epub: Buffer): string {
  const files = unzip(epub);
  expect(files.get('mimetype')?.toString()).toBe('application/epub+zip');
  const nav = [...files]
    .filter(([name]) => /nav\.x?html$|toc\.x?html$|\.ncx$/i.test(name))
    .map(([, data]) => data.toString('utf8'));
  expect(nav.length, [...files.keys()].join(', ')).toBeGreaterThan(0);
  return nav.join('\n');
}

const MAGIC: Record<ExportFormat, string> = { md: '# ', epub: 'PK', docx: 'PK', pdf: '%PDF' };

/** The title a book's Markdown export starts with (`# title`). */
async function titleOf(path: string, cookie: string): Promise<string> {
  const text = ((await exportOf(path, cookie)).body as Buffer).toString('utf8');
  const title = /^# (.+)\n/.exec(text)?.[1];
  expect(title, text.slice(0, 200)).toBeDefined();
  return title!;
}

describe('GET /api/books/:bookType/export: the current book', () => {
  let cookie: string;
  let title: string;
  beforeAll(async () => {
    cookie = await signUp(ts);
    await writeBook(cookie, { until: 'introduction' });
    title = await titleOf('/api/books/romance/export?format=md', cookie);
  });

  it.each(EXPORT_FORMATS)('%s: the type, an attachment named after the title, the bytes', async (format) => {
    const res = await exportOf(`/api/books/romance/export?format=${format}`, cookie);
    expect(res.status, String(res.body)).toBe(200);
    expect(res.headers['content-type']).toBe(EXPORT_FILE_TYPES[format].contentType);
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="[a-z0-9-]+\\.${EXPORT_FILE_TYPES[format].extension}"$`),
    );
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${exportFileName(title, format)}"`);
    const bytes = res.body as Buffer;
    expect(bytes.length).toBeGreaterThan(0);
    expect(bytes.subarray(0, MAGIC[format].length).toString('latin1')).toBe(MAGIC[format]);
  });

  it('Markdown: the title, then the parts under their headings', async () => {
    const text = ((await exportOf('/api/books/romance/export?format=md', cookie)).body as Buffer).toString('utf8');
    expect(text.startsWith(`# ${title}\n`)).toBe(true);
    expect(text).toContain('## Introduction');
  });

  it("EPUB: a zip whose navigation lists the book's headings", async () => {
    const res = await exportOf('/api/books/romance/export?format=epub', cookie);
    expect(epubNav(res.body as Buffer)).toContain('Introduction');
  });

  it('?author= puts the author in the EPUB metadata (dc:creator) and on the copyright page (issue 28)', async () => {
    const res = await exportOf(
      `/api/books/romance/export?format=epub&author=${encodeURIComponent('Siti Aminah')}`,
      cookie,
    );
    const files = unzip(res.body as Buffer);
    const opf = [...files].find(([name]) => name.endsWith('.opf'))![1].toString('utf8');
    expect(opf).toContain('<dc:creator id="creator">Siti Aminah</dc:creator>');
    expect([...files].find(([name]) => name.endsWith('copyright.xhtml'))![1].toString('utf8')).toContain('Siti Aminah');
  });

  it("404 progress_not_found for a user without that book (another user's book is not reachable)", async () => {
    const other = await signUp(ts);
    errorOf(await exportOf('/api/books/romance/export?format=epub', other), 404, 'progress_not_found');
    errorOf(await exportOf('/api/books/scifi/export?format=md', cookie), 404, 'progress_not_found');
  });

  it('401 signed out', async () => {
    errorOf(await exportOf('/api/books/romance/export?format=md'), 401, 'unauthenticated');
  });

  it.each([
    ['an unknown format', '?format=mobi'],
    ['no format', ''],
  ])('400 for %s, naming the field and the allowed values', async (_name, query) => {
    const error = errorOf(await exportOf(`/api/books/romance/export${query}`, cookie), 400, 'invalid_request');
    expect(error.fields).toEqual({ format: 'Choose one of md, epub, docx, pdf' });
  });
});

describe('My Books: Start New keeps every book; books are listed, downloaded, continued and deleted by id', () => {
  const list = async (cookie: string): Promise<MyBook[]> => {
    const res = await ts.http.get('/api/books').set('cookie', cookie);
    expect(res.status).toBe(200);
    return MyBooksResponseSchema.parse(res.body).books;
  };
  const progressOf = async (cookie: string) =>
    (await ts.http.get('/api/progress/romance').set('cookie', cookie)).body as {
      id?: number;
      book: unknown;
      content?: string[];
    };

  it(
    'after Start New the first (unfinished) book is still listed and ' +
      'downloads as EPUB; Continue makes it current again and keeps the second',
    async () => {
      const cookie = await signUp(ts);
      await writeBook(cookie, { until: 'chapter' });
      const first = await progressOf(cookie);
      expect(first.id).toEqual(expect.any(Number));
      const [listed, ...none] = await list(cookie);
      expect(none).toEqual([]);
      expect(listed).toMatchObject({
        id: first.id,
        book_type: 'romance',
        generator_id: 'romance',
        lang: 'en',
        is_current: true,
        is_finished: false,
        chapters_written: 1,
        chapters_total: 7,
      });
      expect(listed!.words).toBeGreaterThan(0);
      expect(listed!.updated_at).toMatch(/^\d{4}-\d\d-\d\dT/);

      // Start New: nothing is deleted; the generator page starts empty.
      expect((await ts.http.delete('/api/progress/romance').set('cookie', cookie)).status).toBe(200);
      expect(await progressOf(cookie)).toEqual({ book: null });
      const [kept] = await list(cookie);
      expect(kept).toEqual({ ...listed, is_current: false });

      const epub = await exportOf(`/api/books/${kept!.id}/export?format=epub`, cookie);
      expect(epub.status).toBe(200);
      expect(epub.headers['content-type']).toContain('application/epub+zip');
      const bytes = epub.body as Buffer;
      expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
      expect(unzip(bytes).get('mimetype')?.toString('utf8')).toBe('application/epub+zip');

      // A second book of the same type, beside the first.
      await writeBook(cookie, { until: 'outline' });
      const second = await progressOf(cookie);
      expect(second.id).not.toBe(first.id);
      expect((await list(cookie)).map((b) => [b.id, b.is_current])).toEqual([
        [second.id, true],
        [first.id, false],
      ]);

      // Continue the first: it is the generator page's book again, and the second is kept.
      const res = await ts.http.post(`/api/books/${first.id}/continue`).set('cookie', cookie);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ book: { id: first.id, is_current: true, chapters_written: 1 } });
      const now = await progressOf(cookie);
      expect(now.id).toBe(first.id);
      expect(now.content).toEqual(first.content);
      expect(Object.fromEntries((await list(cookie)).map((b) => [b.id, b.is_current]))).toEqual({
        [first.id!]: true,
        [second.id!]: false,
      });
      // The next step writes chapter 2 of the first book.
      const next = await ts.http
        .post('/api/generators/romance/generate')
        .set('cookie', cookie)
        .send({ settings: { numberOfChapters: 7 } });
      expect(next.status, JSON.stringify(next.body)).toBe(200);
      expect(next.body).toMatchObject({ part: { kind: 'chapter', position: 2 } });
      expect((await list(cookie)).find((b) => b.id === first.id)).toMatchObject({ chapters_written: 2 });

      // Deleting is its own action, by id, finished or not; the current book too.
      expect((await ts.http.delete(`/api/books/${first.id}`).set('cookie', cookie)).body).toEqual({
        message: 'Item deleted successfully',
      });
      expect(await progressOf(cookie)).toEqual({ book: null });
      expect((await list(cookie)).map((b) => b.id)).toEqual([second.id]);
      errorOf(await ts.http.post(`/api/books/${first.id}/continue`).set('cookie', cookie), 404, 'not_found');
    },
  );

  it('a finished book is listed, kept by Start New under the same id, downloaded and deleted by id', async () => {
    const { cookie } = await userWithRole(ts, 'pro');
    await writeBook(cookie!, { settings: { numberOfChapters: 7, language: 'ms' } });
    const title = await titleOf('/api/books/romance/export?format=md', cookie!);
    const [current, ...rest] = await list(cookie!);
    expect(rest).toEqual([]);
    expect(current).toMatchObject({
      title,
      book_type: 'romance',
      generator_id: 'romance',
      type_label: 'Romantik',
      lang: 'ms',
      is_current: true,
      is_finished: true,
      chapters_written: 7,
      chapters_total: 7,
    });
    expect(current!.words).toBeGreaterThan(0);

    expect((await ts.http.delete('/api/progress/romance').set('cookie', cookie!)).status).toBe(200);
    expect((await ts.http.get('/api/progress/romance').set('cookie', cookie!)).body).toEqual({ book: null });
    const [kept] = await list(cookie!);
    expect(kept).toEqual({ ...current, is_current: false });

    const epub = await exportOf(`/api/books/${kept!.id}/export?format=epub`, cookie);
    expect(epub.status).toBe(200);
    expect(epub.headers['content-disposition']).toBe(`attachment; filename="${exportFileName(title, 'epub')}"`);
    const nav = epubNav(epub.body as Buffer);
    for (const heading of ['Pengenalan', 'Bab 1', 'Bab 7', 'Kesimpulan']) expect(nav).toContain(heading);

    // A second book of the same type is written and kept beside the first.
    await writeBook(cookie!, { settings: { numberOfChapters: 7 } });
    const both = await list(cookie!);
    expect(both.map((b) => [b.lang, b.is_current])).toEqual([
      ['en', true],
      ['ms', false],
    ]);
    expect(new Set(both.map((b) => b.id)).size).toBe(2);

    expect((await ts.http.delete(`/api/books/${kept!.id}`).set('cookie', cookie!)).body).toEqual({
      message: 'Item deleted successfully',
    });
    expect((await list(cookie!)).map((b) => b.id)).toEqual([both[0]!.id]);
    errorOf(await exportOf(`/api/books/${kept!.id}/export?format=md`, cookie), 404, 'not_found');
    errorOf(await ts.http.delete(`/api/books/${kept!.id}`).set('cookie', cookie!), 404, 'not_found');
  });

  it("another user's book id answers 404 to export and delete, and stays", async () => {
    const { cookie: owner } = await userWithRole(ts, 'pro');
    await writeBook(owner!);
    await ts.http.delete('/api/progress/romance').set('cookie', owner!);
    const [kept] = await list(owner!);
    const intruder = await signUp(ts);
    expect(await list(intruder)).toEqual([]);
    errorOf(await exportOf(`/api/books/${kept!.id}/export?format=epub`, intruder), 404, 'not_found');
    errorOf(await ts.http.delete(`/api/books/${kept!.id}`).set('cookie', intruder), 404, 'not_found');
    errorOf(await ts.http.post(`/api/books/${kept!.id}/continue`).set('cookie', intruder), 404, 'not_found');
    expect(
      await ts.http
        .get('/api/progress/romance')
        .set('cookie', intruder)
        .then((r) => r.body),
    ).toEqual({ book: null });
    expect((await list(owner!)).map((b) => [b.id, b.is_current])).toEqual([[kept!.id, false]]);
  });

  it("a single tool's saved output is no book: Start New deletes it and it is never listed", async () => {
    const email = uniqueEmail('jokes');
    const cookie = await signUp(ts, email);
    const userId = (await ts.ctx.repos.users.findByEmail(email))!.id;
    const res = await ts.http.post('/api/generators/dad-jokes/generate').set('cookie', cookie).send({ settings: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const key = ts.ctx.catalog.get('dad-jokes')!.bookType;
    expect((await ts.http.get(`/api/progress/${key}`).set('cookie', cookie)).status).toBe(200);
    expect(await list(cookie)).toEqual([]);
    expect((await ts.http.delete(`/api/progress/${key}`).set('cookie', cookie)).status).toBe(200);
    expect(ts.store.sqlite.prepare('SELECT count(*) AS n FROM books WHERE owner = ?').get(userId)).toEqual({ n: 0 });
    expect(await list(cookie)).toEqual([]);
  });

  it(
    'continue and delete wait for a step being written on ' + 'the book type: 409 step_running, then they go through',
    async () => {
      const email = uniqueEmail('busy');
      const cookie = await signUp(ts, email);
      await writeBook(cookie, { until: 'outline' });
      const { id } = (await ts.http.get('/api/progress/romance').set('cookie', cookie)).body as { id: number };
      const userId = (await ts.ctx.repos.users.findByEmail(email))!.id;
      const charge = (await ts.ctx.repos.generations.start({
        userId,
        generatorId: 'romance',
        step: 'introduction',
        cost: 1,
        reason: 'a step in flight',
      }))!;
      errorOf(await ts.http.post(`/api/books/${id}/continue`).set('cookie', cookie), 409, 'step_running');
      errorOf(await ts.http.delete(`/api/books/${id}`).set('cookie', cookie), 409, 'step_running');
      await ts.ctx.repos.generations.refund({ userId, charge, reason: 'test', errorCode: 'test' });
      expect((await ts.http.post(`/api/books/${id}/continue`).set('cookie', cookie)).status).toBe(200);
      expect((await ts.http.delete(`/api/books/${id}`).set('cookie', cookie)).status).toBe(200);
    },
  );

  it('401 signed out; 400 for an id that is no number', async () => {
    errorOf(await ts.http.get('/api/books'), 401, 'unauthenticated');
    errorOf(await ts.http.delete('/api/books/1'), 401, 'unauthenticated');
    errorOf(await exportOf('/api/books/1/export?format=md'), 401, 'unauthenticated');
    errorOf(await ts.http.post('/api/books/1/continue'), 401, 'unauthenticated');
    errorOf(await ts.http.delete('/api/books/romance').set('cookie', await signUp(ts)), 400, 'invalid_request');
    errorOf(await ts.http.post('/api/books/romance/continue').set('cookie', await signUp(ts)), 400, 'invalid_request');
  });

  it('no book type is all digits, so /api/books/<id>/export and /api/books/<bookType>/export never meet', () => {
    expect(ts.ctx.catalog.specs.filter((s) => /^\d+$/.test(s.bookType)).map((s) => s.id)).toEqual([]);
  });
});

describe('exportFileName', () => {
  it.each([
    ['Romance Story', 'epub', 'romance-story.epub'],
    ['Cinta di Kuala Lumpur!', 'md', 'cinta-di-kuala-lumpur.md'],
    ['  Café Ñoño — "Part 2"  ', 'pdf', 'cafe-nono-part-2.pdf'],
    ['!!!', 'docx', 'book.docx'],
    ['书', 'epub', 'book.epub'],
  ] as const)('%s (%s) → %s', (title, format, expected) => {
    expect(exportFileName(title, format)).toBe(expected);
  });
});
