// Ten writers uploading a large DOCX at once (POST /api/books/import/preview): the import pool reads two at a time,
// so most wait their turn, and a file's time limit counts from when a thread takes it, never the time it waited.
// Every file is read, or (a queue too long) refused 503 with Retry-After; none is refused as too complex for having
// waited. The DOCX is pandoc's, of a long novel: about 330,000 words, a few seconds' reading each, so the last of the
// ten start well after the 10 s a file may take.
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from './helpers.js';
import { pandoc, zipOf } from '../import/hostile-files.js';

const WORDS = [
  'harbour',
  'lamp',
  'river',
  'letter',
  'orchard',
  'mill',
  'road',
  'school',
  'father',
  'evening',
  'rain',
  'window',
];
const CHAPTERS = 110;

const TITLE = 'The Long Novel';
const paragraph = (seed: number) =>
  `${Array.from({ length: 150 }, (_, k) => WORDS[(seed * 7 + k * (1 + (seed % 5))) % WORDS.length]).join(' ')}.`;
const paragraphs = (c: number) => Array.from({ length: 20 }, (_, p) => paragraph(c * 31 + p));

/** A long novel in Markdown: `chapters` chapters of 20 paragraphs of 150 words. */
function longNovel(chapters = CHAPTERS): string {
  return Array.from({ length: chapters }, (_, c) => `# Chapter ${c + 1}\n\n${paragraphs(c).join('\n\n')}`).join('\n\n');
}

/**
 * pandoc's DOCX of the long novel, without pandoc writing 330,000 words (seconds of CPU): pandoc writes its first two
 * chapters, and its body is written out for all 110 as pandoc writes a chapter (a bookmark around a Heading1, then a
 * FirstParagraph and BodyText paragraphs). word/document.xml comes out byte for byte as pandoc's own of the whole
 * novel.
 */
function longNovelDocx(): Uint8Array {
  const files = unzipSync(pandoc(longNovel(2), 'docx', TITLE));
  const document = new TextDecoder().decode(files['word/document.xml']!);
  const first = Number(/<w:bookmarkStart w:id="(\d+)" w:name="chapter-1" \/>/.exec(document)![1]);
  const para = (style: string, text: string) =>
    `<w:p><w:pPr><w:pStyle w:val="${style}" /></w:pPr><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
  const chapter = (c: number) =>
    `<w:bookmarkStart w:id="${first + c}" w:name="chapter-${c + 1}" />` +
    para('Heading1', `Chapter ${c + 1}`) +
    paragraphs(c)
      .map((t, p) => para(p ? 'BodyText' : 'FirstParagraph', t))
      .join('') +
    `<w:bookmarkEnd w:id="${first + c}" />`;
  const start = document.indexOf('<w:bookmarkStart');
  const end = document.indexOf('<w:sectPr');
  // The two chapters pandoc wrote are the ones written here: the pattern is pandoc's.
  expect(document.slice(start, end)).toBe([0, 1].map(chapter).join(''));
  const chapters = Array.from({ length: CHAPTERS }, (_, c) => chapter(c)).join('');
  const whole = `${document.slice(0, start)}${chapters}${document.slice(end)}`;
  return zipOf(
    Object.entries(files).map(([name, data]) => ({
      name,
      data: name === 'word/document.xml' ? new TextEncoder().encode(whole) : data,
    })),
  );
}

let ts: TestServer;
let large: Uint8Array;
let small: Uint8Array;
beforeAll(async () => {
  ts = await startTestServer();
  large = longNovelDocx();
  small = pandoc(
    '# Chapter 1\n\nThe rain fell on the harbour all night long.\n' +
      '\n# Chapter 2\n\nMorning came at last, grey and cold.\n',
    'docx',
  );
}, 120_000);
afterAll(async () => {
  await ts.close();
});

const preview = (cookie: string, bytes: Uint8Array) =>
  ts.http
    .post('/api/books/import/preview?file=novel.docx&lang=en')
    .set('cookie', cookie)
    .set('content-type', 'application/octet-stream')
    .send(Buffer.from(bytes));

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
    expect(
      answers.filter((r) => r.body?.error?.code === 'import_too_complex'),
      `${statuses.join(' ')} in ${took} ms`,
    ).toEqual([]);
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
