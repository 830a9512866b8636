// POST /api/books/import/preview with files made to hurt a reader: each is read in the import pool (a worker
// thread with limits, one file of a writer at a time), so the server goes on answering everyone while they are
// read, each is answered with the catalogue's refusal and no parser's words, and a good file is read after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, sessionCookie, signUp, startTestServer, uniqueEmail, type TestServer } from './helpers.js';
import { lyingSizeEpub, pandoc, unclosedNumberedDocx, unclosedParagraphsEpub } from '../import/hostile-files.js';

const FOREIGN = /xmldom|Cannot read properties|TypeError|RangeError|SyntaxError|tagName|\n\s+at |Error:/;

let ts: TestServer;
let files: Record<string, Uint8Array>;
beforeAll(async () => {
  ts = await startTestServer();
  files = {
    'unclosed.epub': unclosedParagraphsEpub(),
    'numbered.docx': unclosedNumberedDocx(),
    'lying.epub': lyingSizeEpub(),
    'good.epub': pandoc(
      '# Chapter 1\n\nThe rain fell on the harbour all night long.\n' +
        '\n# Chapter 2\n\nMorning came at last, grey and cold.\n',
      'epub',
    ),
  };
});
afterAll(async () => {
  await ts.close();
});

const upload = (cookie: string, file: string, lang = 'en') =>
  ts.http
    .post(`/api/books/import/preview?file=${encodeURIComponent(file)}&lang=${lang}`)
    .set('cookie', cookie)
    .set('content-type', 'application/octet-stream')
    .send(Buffer.from(files[file]!));

describe('hostile uploads', () => {
  it(
    "are refused 4xx in the writer's language while the server " +
      'answers a health probe; a good EPUB is read after them',
    async () => {
      // Three writers at once (one writer's third costly request at once is refused for their fair share: the test
      // below).
      const cookie = await signUp(ts);
      const writers = [cookie, await signUp(ts), await signUp(ts)];
      const pending = (['unclosed.epub', 'numbered.docx', 'lying.epub'] as const).map((file, i) =>
        upload(writers[i]!, file, i % 2 ? 'ms' : 'en').then((res) => ({ file, res })),
      );
      const health = await ts.http.get('/api/health');
      expect(health.status).toBe(200);
      for (const { file, res } of await Promise.all(pending)) {
        expect(res.status, `${file}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, file).toBeLessThan(500);
        expect(res.body.error.message, file).toContain(file);
        expect(res.body.error.message, file).not.toMatch(FOREIGN);
      }
      const good = await upload(cookie, 'good.epub');
      expect(good.status, JSON.stringify(good.body)).toBe(200);
      expect(good.body.chapters.map((c: { firstLine: string }) => c.firstLine)).toContain(
        'Morning came at last, grey and cold.',
      );
    },
  );

  it("six at once from one writer do not hold another writer's small import", async () => {
    const [attacker, other] = [await signUp(ts), await signUp(ts)];
    const six = ['unclosed.epub', 'numbered.docx', 'lying.epub', 'unclosed.epub', 'numbered.docx', 'lying.epub'].map(
      (file) => upload(attacker, file),
    );
    const theirs = await upload(other, 'good.epub');
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
    for (const res of await Promise.all(six)) {
      // Refused as the file it is, or (a full pool) 503 with the wait to take, or past the writer's two at once
      // (their fair share of the server, docs/api.md) 429 too_many_at_once with the wait.
      expect([400, 413, 422, 429, 503]).toContain(res.status);
      if (res.status === 503 || res.status === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      if (res.status === 429) expect(res.body.error.code).toBe('too_many_at_once');
      expect(res.body.error.message).not.toMatch(FOREIGN);
    }
  });
});

describe('a manuscript in a language Karya does not write', () => {
  it("calibre's German guide: 400 naming German (Jerman to a Malay writer), and nothing saved", async () => {
    const { readFileSync } = await import('node:fs');
    const { ROOT } = await import('../../engine/node/load.js');
    const german = readFileSync(`${ROOT}/tests/fixtures/calibre/quick-start-deu.epub`);
    const cookie = await signUp(ts);
    const send = (query: string) =>
      ts.http
        .post(`/api/books/import?file=kurzanleitung.epub&generator=romance${query}`)
        .set('cookie', cookie)
        .set('content-type', 'application/octet-stream')
        .send(german);
    const refused = await send('');
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.error.code).toBe('import_language_other');
    expect(refused.body.error.message).toMatch(/^kurzanleitung\.epub reads as German, a language Karya does not write/);
    const signedUp = await ts.http
      .post('/api/auth/sign-up/email')
      .send({ email: uniqueEmail('ms'), password: PASSWORD, lang: 'ms' });
    const malay = await ts.http
      .post('/api/books/import?file=kurzanleitung.epub&generator=romance')
      .set('cookie', sessionCookie(signedUp))
      .set('content-type', 'application/octet-stream')
      .send(german);
    expect(malay.body.error.message).toMatch(/^kurzanleitung\.epub dibaca sebagai bahasa Jerman/);
    expect((await ts.http.get('/api/books').set('cookie', cookie)).body.books).toEqual([]);
  });
});
