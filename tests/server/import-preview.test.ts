// POST /api/books/import/preview: a manuscript uploaded as the raw body answers its parts as
// `karya import --dry-run --json` prints them, nothing saved and nothing charged; a refused file answers 4xx
// with the catalogue's error in the account's language; signed out, 401; past a few a minute, 429.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from './helpers.js';
import { CHAPTER_TITLES, gutenbergNovel, malayManuscript } from '../import/manuscript.js';
import { zipOf } from '../import/hostile-files.js';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(async () => {
  await ts.close();
});

const upload = (cookie: string | undefined, file: string, body: Buffer | Uint8Array, lang?: string) => {
  const request = ts.http
    .post(`/api/books/import/preview?file=${encodeURIComponent(file)}${lang ? `&lang=${lang}` : ''}`)
    .set('content-type', 'application/octet-stream');
  return (cookie ? request.set('cookie', cookie) : request).send(Buffer.from(body));
};

describe('POST /api/books/import/preview', () => {
  it('answers the 28 chapters of the novel with their titles, and saves nothing', async () => {
    const cookie = await signUp(ts);
    const before = (await ts.http.get('/api/me').set('cookie', cookie)).body.credits_available;
    const res = await upload(cookie, 'orchard.txt', Buffer.from(gutenbergNovel().text));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.reading).toBe('roman-alone');
    expect(res.body.chapters.map((c: { title: string }) => c.title)).toEqual(CHAPTER_TITLES);
    expect((await ts.http.get('/api/books').set('cookie', cookie)).body.books).toEqual([]);
    expect((await ts.http.get('/api/me').set('cookie', cookie)).body.credits_available).toBe(before);
  });

  it(
    'the body is read as the file whatever Content-Type ' + 'a client sends (curl --data-binary, a JSON type)',
    async () => {
      const cookie = await signUp(ts);
      const text = malayManuscript(3, 'digits');
      for (const type of ['application/x-www-form-urlencoded', 'application/json', 'text/markdown']) {
        const res = await ts.http
          .post('/api/books/import/preview?file=bab.md')
          .set('cookie', cookie)
          .set('content-type', type)
          .send(text);
        expect(res.status, type).toBe(200);
        expect(
          res.body.chapters.map((c: { number: number }) => c.number),
          type,
        ).toEqual([1, 2, 3]);
      }
    },
  );

  it('a Malay manuscript in Latin-1 with CRLF', async () => {
    const cookie = await signUp(ts);
    const res = await upload(
      cookie,
      'bab.txt',
      Buffer.from(malayManuscript(4, 'roman').replace(/\n/g, '\r\n'), 'latin1'),
    );
    expect(res.status).toBe(200);
    expect(res.body.encoding).toBe('utf-8');
    expect(res.body.chapters.map((c: { number: number }) => c.number)).toEqual([1, 2, 3, 4]);
  });

  it('refused files: 400 or 413 with the catalogue error, in Malay when asked', async () => {
    const cookie = await signUp(ts);
    const png = await upload(cookie, 'cover.docx', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 'ms');
    expect(png.status).toBe(400);
    expect(png.body.error).toMatchObject({
      code: 'import_not_format',
      message: 'cover.docx bukan fail DOCX: kandungannya ialah imej. Karya mengimport fail .txt, .md, .docx dan .epub.',
    });
    const empty = await upload(cookie, 'empty.txt', Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('import_empty');
    // 120 MB of zeros deflated to ~120 KB, its true size declared (Node's zlib: a fifth of fflate's CPU for these
    // bytes).
    const bomb = await upload(
      cookie,
      'bomb.docx',
      zipOf([{ name: 'word/document.xml', data: new Uint8Array(120 * 1024 * 1024) }]),
    );
    expect(bomb.status).toBe(400);
    expect(bomb.body.error.code).toBe('import_zip_bomb');
    const huge = await upload(cookie, 'huge.txt', Buffer.alloc(21 * 1024 * 1024, 0x61));
    expect(huge.status).toBe(413);
    expect(huge.body.error.message).toMatch(/^huge\.txt is 21 MB: a manuscript may be at most 20 MB/);
  });

  it('a file name with a folder in it is a bad request; signed out is 401', async () => {
    const cookie = await signUp(ts);
    expect((await upload(cookie, '../etc/passwd.txt', Buffer.from('x'))).status).toBe(400);
    expect((await upload(undefined, 'a.txt', Buffer.from('x'))).status).toBe(401);
  });

  it('a few previews a minute: past them 429 with Retry-After', async () => {
    const cookie = await signUp(ts);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await upload(cookie, 'a.txt', Buffer.from('It rained.'))).status);
    expect(statuses.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
  });
});
