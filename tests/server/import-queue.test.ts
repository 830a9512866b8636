// Ten writers uploading a large DOCX at once (POST /api/books/import/preview): the import pool reads two at a time,
// so most wait their turn, and a file's time limit counts from when a thread takes it, never the time it waited.
// Every file is read, or (a queue too long) refused 503 with Retry-After; none is refused as too complex for having
// waited. The DOCX is pandoc's, of a long novel: about 330,000 words, a few seconds' reading each, so the last of the
// ten start well after the 10 s a file may take.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from './helpers.js';
import { pandoc } from '../import/hostile-files.js';

const WORDS = ['harbour', 'lamp', 'river', 'letter', 'orchard', 'mill', 'road', 'school', 'father', 'evening', 'rain', 'window'];
const CHAPTERS = 110;

/** A long novel in Markdown: 110 chapters of 20 paragraphs of 150 words. */
function longNovel(): string {
  const paragraph = (seed: number) => `${Array.from({ length: 150 }, (_, k) => WORDS[(seed * 7 + k * (1 + (seed % 5))) % WORDS.length]).join(' ')}.`;
  return Array.from({ length: CHAPTERS }, (_, c) => `# Chapter ${c + 1}\n\n${Array.from({ length: 20 }, (_, p) => paragraph(c * 31 + p)).join('\n\n')}`).join('\n\n');
}

let ts: TestServer;
let large: Uint8Array;
let small: Uint8Array;
beforeAll(async () => {
  ts = await startTestServer();
  large = pandoc(longNovel(), 'docx', 'The Long Novel');
  small = pandoc('# Chapter 1\n\nThe rain fell on the harbour all night long.\n\n# Chapter 2\n\nMorning came at last, grey and cold.\n', 'docx');
}, 120_000);
afterAll(async () => {
  await ts.close();
});

const preview = (cookie: string, bytes: Uint8Array) =>
  ts.http.post('/api/books/import/preview?file=novel.docx&lang=en').set('cookie', cookie).set('content-type', 'application/octet-stream').send(Buffer.from(bytes));

describe('ten writers uploading a large DOCX at once', () => {
  it('are all read, or told when to try again; none is refused as too complex for having waited', async () => {
    // Both reading threads started, as on a server that has read a file before (a new thread first loads its modules).
    const warm = await Promise.all([signUp(ts), signUp(ts)].map(async (cookie) => preview(await cookie, small)));
    expect(warm.map((r) => r.status)).toEqual([200, 200]);

    const writers = await Promise.all(Array.from({ length: 10 }, () => signUp(ts)));
    const started = Date.now();
    const answers = await Promise.all(writers.map((cookie) => preview(cookie, large)));
    const took = Date.now() - started;
    const statuses = answers.map((r) => r.status);
    expect(answers.filter((r) => r.body?.error?.code === 'import_too_complex'), `${statuses.join(' ')} in ${took} ms`).toEqual([]);
    for (const res of answers) {
      if (res.status === 503) {
        expect(res.body.error.code).toBe('import_busy');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        continue;
      }
      expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBe(200);
      expect(res.body.chapters).toHaveLength(CHAPTERS);
    }
    // The pool's queue holds ten files: here every one is read.
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
  }, 240_000);
});
