// /api/books/:bookType/publish: what a package costs before spending, each publishing step charged once
// (a generation row, a ledger charge and a history item per step), a failing step refunded, 402 before
// anything is spent, the administrator passing, 409 for an unfinished book or a publish already running,
// other users' books unreachable, and the kept package downloaded as a zip and file by file; readiness per
// channel: no author invented, offline demo text never ready; a second copy of the owner's book fails not-too-close.
import { historyBookOf } from '../../engine/index.js';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Response } from 'supertest';
import {
  ApiErrorEnvelopeSchema,
  PACKAGE_FILE_TYPE,
  packageFileName,
  PublishQuoteSchema,
  PublishResponseSchema,
  type KdpPackage,
} from '../../engine/contract/index.js';
import { GenerationError, providerThrough } from '../../engine/index.js';
import { createOfflineProvider, type Provider } from '../../engine/providers/index.js';
import sharp from 'sharp';
import { CHILDREN_BOOK_PUBLISH_STEPS } from '../publish-steps.js';
import {
  ADMIN_EMAIL,
  downloadOf as download,
  signUp,
  startTestServer,
  uniqueEmail,
  userWithRole,
  type TestServer,
} from './helpers.js';
import { WITHOUT_EPUBCHECK } from '../setup/tools.js';
import { tempDir } from '../temp.js';

const STEPS = CHILDREN_BOOK_PUBLISH_STEPS;
const COST = 10;
const PACKAGE = [
  'manuscript.epub',
  'manuscript.docx',
  'paperback-interior.pdf',
  'paperback-cover.pdf',
  'cover.jpg',
  'description.html',
  'keywords.txt',
  'metadata.json',
  'readiness.json',
  'story-map.html',
];
/** The copyright page names the author: with none given and none usable from the offline pen-name answer, it waits. */
const RAN = STEPS.map((s) => (s.part === 'copyright' ? { ...s, cost: 0, skipped: 'no_author' as const } : s));
const CHARGED = COST - 1;
const FILES = [
  'manuscript.epub',
  'manuscript.docx',
  'description.html',
  'keywords.txt',
  'metadata.json',
  'readiness.json',
];
const CHANNELS = ['kdp_ebook', 'kdp_paperback', 'google_play', 'kobo'];

/**
 * The publishes here run with a PATH without epubcheck, so a package's EPUB check is skipped: each check is
 * a JVM run (several seconds of CPU) and no test here reads its verdict. The first publish, whose readiness
 * report is checked channel by channel, runs the real one (withEpubcheck); tests/publish/ check the verdict.
 */
const PATH_BEFORE = process.env.PATH;
const setPath = (value: string | undefined) => {
  if (value === undefined) delete process.env.PATH;
  else process.env.PATH = value;
};
/** `work` with the test process's own PATH, where epubcheck is found when it is installed. */
async function withEpubcheck<T>(work: () => Promise<T>): Promise<T> {
  setPath(PATH_BEFORE);
  try {
    return await work();
  } finally {
    setPath(WITHOUT_EPUBCHECK.PATH);
  }
}

let ts: TestServer;
beforeAll(async () => {
  setPath(WITHOUT_EPUBCHECK.PATH);
  ts = await startTestServer();
});
afterAll(async () => {
  await ts?.close();
  setPath(PATH_BEFORE);
});

/**
 * Write a whole children's book (outline, introduction, 5 chapters, conclusion: 8 credits), or up to `until`.
 * For ages 8-12, whose chapters are long enough for a paperback (KDP's 24 pages), so no check only advises.
 * A test that reads none of the readiness checks a book's length decides writes `chapters: 1`: each chapter
 * more is a step, its story-bible update, and pages of the package's PDFs, EPUB and DOCX to make.
 */
async function writeBook(server: TestServer, cookie: string, until?: string, chapters = 5): Promise<void> {
  for (;;) {
    const res = await server.http
      .post('/api/generators/children/generate')
      .set('cookie', cookie)
      .send({ settings: { numberOfChapters: chapters, ageGroup: '8-12' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as { part: { kind: string }; next: unknown };
    if (body.part.kind === until || body.next === null) return;
  }
}

function errorOf(res: Response, status: number, code: string) {
  expect(res.status, Buffer.isBuffer(res.body) ? res.body.toString() : JSON.stringify(res.body)).toBe(status);
  const body = Buffer.isBuffer(res.body) ? (JSON.parse(res.body.toString('utf8')) as unknown) : res.body;
  return ApiErrorEnvelopeSchema.parse(body).error;
}

/** A user with `credits` and a finished children's book. */
async function authorWithBook(
  server: TestServer,
  credits: number,
  chapters = 5,
): Promise<{ cookie: string; id: string }> {
  const email = uniqueEmail('publisher');
  const cookie = await signUp(server, email);
  const id = (await server.ctx.repos.users.findByEmail(email))!.id;
  await server.ctx.repos.credits.setBalance({ userId: id, credits: 100, reason: 'test' });
  await writeBook(server, cookie, undefined, chapters);
  await server.ctx.repos.credits.setBalance({ userId: id, credits, reason: 'test' });
  return { cookie, id };
}

/** The user's generations of publishing steps, oldest first. */
function publishingRows(server: TestServer, userId: string) {
  return server.store.all(
    server.store.db
      .selectFrom('generations')
      .select(['generator_id', 'step', 'credits_charged', 'status'])
      .where('user_id', '=', userId)
      .where('step', 'like', 'publish:%')
      .orderBy(sql`rowid`),
  );
}

const balanceOf = async (server: TestServer, userId: string) => (await server.ctx.repos.credits.balanceOf(userId))!;

describe('POST /api/books/:bookType/publish: a finished book', () => {
  let author: { cookie: string; id: string };
  let report: KdpPackage;
  let historyBefore: number;

  beforeAll(async () => {
    author = await authorWithBook(ts, 50);
    historyBefore = (await ts.ctx.repos.history.list({ userId: author.id, limit: 1000 })).items.length;
  });

  it('GET says what publishing costs before anything is spent, step by step', async () => {
    const res = await ts.http.get('/api/books/children/publish').set('cookie', author.cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // No package made today yet: 0 of KDP's 3 new titles a day (the publish panel shows it).
    expect(PublishQuoteSchema.parse(res.body)).toEqual({
      is_finished: true,
      steps: STEPS,
      cost: COST,
      trim: '5.5x8.5',
      package: null,
      today: { packages: 0, per_day: 3 },
      ai_text: { level: 'entirely', share: 1 },
      book_id: expect.any(Number),
      cover: null,
    });
    expect(await balanceOf(ts, author.id)).toBe(50);
    expect(publishingRows(ts, author.id)).toEqual([]);
  });

  it('runs each step once, charged and kept in the history, and answers the readiness report per channel', async () => {
    const res = await withEpubcheck(async () =>
      ts.http.post('/api/books/children/publish').set('cookie', author.cookie).send({}),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = PublishResponseSchema.parse(res.body);
    report = body.package;
    expect(body.credits_charged).toBe(CHARGED);
    expect(body.credits_available).toBe(50 - CHARGED);
    expect(await balanceOf(ts, author.id)).toBe(50 - CHARGED);
    expect(report.steps).toEqual(RAN);
    expect(report.cost).toBe(CHARGED);
    expect(report.files).toEqual(PACKAGE);
    expect(report.title).not.toBe('');
    // No author given and none usable from the model: none is invented.
    expect(report.author).toBe('');
    expect(report.description).toContain('<p>');
    expect(report.keywords.length).toBeGreaterThan(0);

    // Per channel: offline demo text and no author, so no channel is ready; every check names its source.
    expect(Object.keys(report.channels)).toEqual(CHANNELS);
    expect(report.ready).toBe(false);
    for (const channel of Object.values(report.channels)) {
      expect(channel.ready).toBe(false);
      expect(channel.checks.find((c) => c.id === 'author')?.status).toBe('fail');
      expect(channel.checks.find((c) => c.id === 'offline-text')?.status).toBe('fail');
      for (const check of channel.checks) expect(check.source).not.toBe('');
    }

    // Publishing reserves every step it may run before the first one: the copyright page, which
    // waited for an author, was reserved and then refunded (net: the steps that ran).
    expect(publishingRows(ts, author.id)).toEqual(
      STEPS.filter((s) => !('skipped' in s)).map((s) => {
        const ran = RAN.find((r) => r.part === s.part)!;
        return {
          generator_id: s.generator_id,
          step: `publish:${s.part}`,
          credits_charged: s.cost,
          status: 'skipped' in ran ? 'refunded' : 'succeeded',
        };
      }),
    );
    const history = (await ts.ctx.repos.history.list({ userId: author.id, limit: 1000 })).items;
    expect(history.length - historyBefore).toBe(4);
    // Kept under the book's title, as its parts are (Content History shows them with the book), the cover as its
    // picture.
    const pieces = history.slice(0, 4);
    const bookTitle = historyBookOf(history.find((h) => h.generator_id === 'children')!.title)!.book;
    expect(pieces.map((h) => historyBookOf(h.title)?.book)).toEqual([bookTitle, bookTitle, bookTitle, bookTitle]);
    const cover = pieces.find((h) => h.content_type === 'book_cover' || /cover/i.test(h.generator_id ?? ''))!;
    expect(
      (await ts.ctx.repos.history.get({ userId: author.id, id: cover.id }))?.content.startsWith(
        'data:image/png;base64,',
      ),
    ).toBe(true);
    const ledger = (await ts.ctx.repos.credits.ledger(author.id)).filter((t) => t.type === 'charge').slice(-4);
    expect(ledger.map((t) => t.amount)).toEqual([-1, -1, -1, -6]);
  }, 60_000);

  it('keeps the package: GET shows it, …/package downloads the zip, …/package/:file each file', async () => {
    const quote = PublishQuoteSchema.parse(
      (await ts.http.get('/api/books/children/publish').set('cookie', author.cookie)).body,
    );
    expect(quote.package).toEqual(report);
    // The package made today counts against the account's new titles of the day.
    expect(quote.today).toEqual({ packages: 1, per_day: 3 });

    const res = await download(ts, '/api/books/children/publish/package', author.cookie);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(PACKAGE_FILE_TYPE.contentType);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${packageFileName(report.title)}"`);
    const zip = res.body as Buffer;
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
    const files = unzipSync(new Uint8Array(zip));
    expect(Object.keys(files)).toEqual(report.files);
    const text = (name: string) => new TextDecoder().decode(files[name]);
    for (const name of ['manuscript.epub', 'manuscript.docx'])
      expect(new TextDecoder().decode(files[name]!.subarray(0, 2))).toBe('PK');
    expect(await sharp(files['cover.jpg']!).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1600,
      height: 2560,
      channels: 3,
    });
    for (const name of ['paperback-interior.pdf', 'paperback-cover.pdf'])
      expect(new TextDecoder().decode(files[name]!.subarray(0, 5))).toBe('%PDF-');
    const metadata = JSON.parse(text('metadata.json')) as {
      title: string;
      author: string;
      language: string;
      generator: string;
      keywords: string[];
      description: string;
    };
    expect(metadata).toMatchObject({ title: report.title, author: '', language: 'en', generator: 'children' });
    expect(text('keywords.txt').split('\n').filter(Boolean)).toEqual(metadata.keywords);
    expect(text('description.html').trim()).toBe(metadata.description);
    expect(JSON.parse(text('readiness.json'))).toMatchObject({
      generator: 'children',
      ready: false,
      channels: report.channels,
    });

    // Each file on its own, with its type; the cover as an image the panel can show.
    for (const name of report.files) {
      const one = await download(ts, `/api/books/children/publish/package/${name}`, author.cookie);
      expect(one.status, name).toBe(200);
      // The same bytes (Buffer's compare: toEqual walks a megabyte's elements one by one, ~0.1 s a file).
      expect(Buffer.compare(one.body as Buffer, files[name]!), name).toBe(0);
    }
    const cover = report.files.find((f) => /^cover\.(jpg|png)$/.test(f))!;
    expect(
      (await download(ts, `/api/books/children/publish/package/${cover}`, author.cookie)).headers['content-type'],
    ).toMatch(/^image\/(jpeg|png)$/);
    expect(
      (await download(ts, '/api/books/children/publish/package/metadata.json', author.cookie)).headers['content-type'],
    ).toContain('application/json');
    errorOf(
      await download(ts, '/api/books/children/publish/package/missing.txt', author.cookie),
      404,
      'package_not_found',
    );
    errorOf(
      await download(ts, '/api/books/children/publish/package/..%2Fsecret.json', author.cookie),
      400,
      'invalid_request',
    );
  });

  it(
    'publishing again with the author named (and a trim and paper) skips ' +
      'the pen name, writes the copyright page and replaces the package',
    async () => {
      const res = await ts.http
        .post('/api/books/children/publish')
        .set('cookie', author.cookie)
        .send({ author: '  Siti Aminah ', trim: '5x8', paper: 'cream' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const body = PublishResponseSchema.parse(res.body);
      expect(body.package.author).toBe('Siti Aminah');
      expect(body.package.steps.find((s) => s.part === 'author')).toEqual({
        part: 'author',
        generator_id: 'author-name',
        cost: 0,
        skipped: 'given',
      });
      expect(body.package.steps.find((s) => s.part === 'copyright')).toEqual({
        part: 'copyright',
        generator_id: 'copyright',
        cost: 1,
      });
      expect(body.credits_charged).toBe(COST - 1);
      expect(
        Object.values(body.package.channels).every((c) => c.checks.find((x) => x.id === 'author')?.status === 'pass'),
      ).toBe(true);
      expect(await balanceOf(ts, author.id)).toBe(50 - CHARGED - (COST - 1));
      const quote = PublishQuoteSchema.parse(
        (await ts.http.get('/api/books/children/publish').set('cookie', author.cookie)).body,
      );
      expect(quote.package?.author).toBe('Siti Aminah');
      // The name given is kept with the book: the panel's Author field starts with it, and no pen name is quoted.
      expect(quote.author).toBe('Siti Aminah');
      expect(quote.steps.find((s) => s.part === 'author')?.cost).toBe(0);
      expect(quote.cost).toBe(COST - 1);
      const zip = unzipSync(
        new Uint8Array((await download(ts, '/api/books/children/publish/package', author.cookie)).body as Buffer),
      );
      expect(JSON.parse(new TextDecoder().decode(zip['metadata.json'])).author).toBe('Siti Aminah');
      expect(new TextDecoder('latin1').decode(zip['paperback-interior.pdf'])).toContain('/MediaBox [0 0 360 576]');
    },
    60_000,
  );

  it(
    'publishing again without naming the author keeps the one the ' +
      'book was published under: no pen name bought, none replaced',
    async () => {
      const before = await balanceOf(ts, author.id);
      const res = await ts.http.post('/api/books/children/publish').set('cookie', author.cookie).send({});
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const body = PublishResponseSchema.parse(res.body);
      expect(body.package.author).toBe('Siti Aminah');
      expect(body.package.steps.find((s) => s.part === 'author')?.cost).toBe(0);
      expect(await balanceOf(ts, author.id)).toBe(before - body.credits_charged);
      const zip = unzipSync(
        new Uint8Array((await download(ts, '/api/books/children/publish/package', author.cookie)).body as Buffer),
      );
      expect(JSON.parse(new TextDecoder().decode(zip['metadata.json'])).author).toBe('Siti Aminah');
    },
    60_000,
  );

  it(
    "the writer's correction of the AI disclosure (aiText) " +
      'is kept in metadata.json beside the derived level (#53)',
    async () => {
      // Written wholly by the (offline) model: derived "entirely"; the writer says "most".
      const res = await ts.http
        .post('/api/books/children/publish')
        .set('cookie', author.cookie)
        .send({ author: 'Siti Aminah', aiText: 'most' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const zip = unzipSync(
        new Uint8Array((await download(ts, '/api/books/children/publish/package', author.cookie)).body as Buffer),
      );
      const metadata = JSON.parse(new TextDecoder().decode(zip['metadata.json'])) as {
        aiContent: { text: string; textShare: number; corrected?: { text: string; derived: string } };
      };
      expect(metadata.aiContent).toMatchObject({
        text: 'most',
        textShare: 1,
        corrected: { text: 'most', derived: 'entirely' },
      });
    },
    60_000,
  );

  it('other users never reach the book or its package', async () => {
    const other = await signUp(ts);
    errorOf(await ts.http.get('/api/books/children/publish').set('cookie', other), 404, 'progress_not_found');
    errorOf(await ts.http.post('/api/books/children/publish').set('cookie', other).send({}), 404, 'progress_not_found');
    errorOf(await download(ts, '/api/books/children/publish/package', other), 404, 'progress_not_found');
    errorOf(await download(ts, '/api/books/children/publish/package/metadata.json', other), 404, 'progress_not_found');
    // With a book of their own, still not this one's package.
    await writeBook(ts, other, 'outline');
    errorOf(await download(ts, '/api/books/children/publish/package', other), 404, 'package_not_found');
    errorOf(await download(ts, '/api/books/children/publish/package/metadata.json', other), 404, 'package_not_found');
  });

  it('deleting the book deletes its package and its near-duplicate fingerprint (#53)', async () => {
    const { books } = (await ts.http.get('/api/books').set('cookie', author.cookie)).body as {
      books: Array<{ id: number; book_type: string }>;
    };
    const book = books.find((b) => b.book_type === 'children')!;
    expect(ts.store.sqlite.prepare('SELECT book_id FROM book_packages WHERE book_id = ?').all(book.id)).toEqual([
      { book_id: book.id },
    ]);
    // Published, so kept in the owner's catalogue that later books are compared with.
    expect((await ts.ctx.repos.fingerprints(author.id).list()).map((e) => e.key)).toEqual([`book:${book.id}`]);
    expect((await ts.http.delete(`/api/books/${book.id}`).set('cookie', author.cookie)).status).toBe(200);
    expect(ts.store.sqlite.prepare('SELECT book_id FROM book_packages WHERE book_id = ?').all(book.id)).toEqual([]);
    expect(await ts.ctx.repos.fingerprints(author.id).list()).toEqual([]);
  });
});

describe('refusals: nothing is charged', () => {
  /** One finished book with less than the package costs, for the refusals that must come before any step. */
  let short: { cookie: string; id: string };
  beforeAll(async () => {
    short = await authorWithBook(ts, COST - 1);
  });

  it(
    'the quote names the trim the paperback is set at unless the ' +
      "writer picks one: a children's book's own 5.5x8.5, a novel's 6x9",
    async () => {
      const cookie = await signUp(ts);
      await writeBook(ts, cookie, 'outline');
      expect(
        PublishQuoteSchema.parse((await ts.http.get('/api/books/children/publish').set('cookie', cookie)).body).trim,
      ).toBe('5.5x8.5');
      const outline = await ts.http
        .post('/api/generators/romance/generate')
        .set('cookie', cookie)
        .send({ settings: { numberOfChapters: 7 } });
      expect(outline.status, JSON.stringify(outline.body)).toBe(200);
      expect(
        PublishQuoteSchema.parse((await ts.http.get('/api/books/romance/publish').set('cookie', cookie)).body).trim,
      ).toBe('6x9');
    },
  );

  it(
    '409 book_not_finished for an unfinished book, naming ' + 'the next step; GET still says what it would cost',
    async () => {
      const cookie = await signUp(ts);
      await writeBook(ts, cookie, 'introduction');
      const quote = PublishQuoteSchema.parse(
        (await ts.http.get('/api/books/children/publish').set('cookie', cookie)).body,
      );
      expect(quote).toMatchObject({ is_finished: false, package: null });
      const error = errorOf(
        await ts.http.post('/api/books/children/publish').set('cookie', cookie).send({}),
        409,
        'book_not_finished',
      );
      expect(error.message).toBe('Finish your book before publishing it: Chapter 1 is next.');
      errorOf(await download(ts, '/api/books/children/publish/package', cookie), 404, 'package_not_found');
    },
  );

  it('402 insufficient_credits before any step when the package costs more than the balance', async () => {
    const author = short;
    errorOf(
      await ts.http.post('/api/books/children/publish').set('cookie', author.cookie).send({}),
      402,
      'insufficient_credits',
    );
    expect(await balanceOf(ts, author.id)).toBe(COST - 1);
    expect(publishingRows(ts, author.id)).toEqual([]);
  });

  it('400 for an unknown field, a too long author, or a trim or paper not offered; 401 signed out', async () => {
    const { cookie, id } = short;
    expect(
      errorOf(
        await ts.http.post('/api/books/children/publish').set('cookie', cookie).send({ trim: '7x10' }),
        400,
        'invalid_request',
      ).fields,
    ).toHaveProperty('trim');
    expect(
      errorOf(
        await ts.http.post('/api/books/children/publish').set('cookie', cookie).send({ paper: 'glossy' }),
        400,
        'invalid_request',
      ).fields,
    ).toHaveProperty('paper');
    expect(
      errorOf(
        await ts.http.post('/api/books/children/publish').set('cookie', cookie).send({ isbn: 'x' }),
        400,
        'invalid_request',
      ),
    ).toBeDefined();
    // The writer's own title is taken (the title step then is not run), up to 200 characters.
    expect(
      errorOf(
        await ts.http
          .post('/api/books/children/publish')
          .set('cookie', cookie)
          .send({ title: 'x'.repeat(201) }),
        400,
        'invalid_request',
      ).fields,
    ).toHaveProperty('title');
    expect(
      errorOf(
        await ts.http
          .post('/api/books/children/publish')
          .set('cookie', cookie)
          .send({ author: 'x'.repeat(101) }),
        400,
        'invalid_request',
      ).fields,
    ).toHaveProperty('author');
    expect(
      errorOf(
        await ts.http.post('/api/books/children/publish').set('cookie', cookie).send({ trim: 'A4' }),
        400,
        'invalid_request',
      ).fields,
    ).toHaveProperty('trim');
    expect(
      errorOf(
        await ts.http.post('/api/books/children/publish').set('cookie', cookie).send({ paper: 'glossy' }),
        400,
        'invalid_request',
      ).fields,
    ).toHaveProperty('paper');
    // An AI disclosure level not offered: the field named with the allowed values, in English and in Malay.
    const en = errorOf(
      await ts.http.post('/api/books/children/publish').set('cookie', cookie).send({ aiText: 'half' }),
      400,
      'invalid_ai_text',
    );
    expect(en.fields).toEqual({ aiText: 'AI-generated text must be one of: none, some, most, entirely' });
    expect((await ts.http.put('/api/me/lang').set('cookie', cookie).send({ lang: 'ms' })).status).toBe(200);
    const ms = errorOf(
      await ts.http.post('/api/books/children/publish').set('cookie', cookie).send({ aiText: 'ai-generated' }),
      400,
      'invalid_ai_text',
    );
    expect(ms.fields).toEqual({
      aiText: 'Teks yang dijana AI mestilah salah satu daripada: none, some, most, entirely',
    });
    errorOf(await ts.http.post('/api/books/children/publish').send({}), 401, 'unauthenticated');
    errorOf(await ts.http.get('/api/books/children/publish'), 401, 'unauthenticated');
    errorOf(await download(ts, '/api/books/children/publish/package'), 401, 'unauthenticated');
    // Refused before any step: nothing spent.
    expect(await balanceOf(ts, id)).toBe(COST - 1);
    expect(publishingRows(ts, id)).toEqual([]);
  });

  it('409 publish_running for a second request while the book is being published; it is charged once', async () => {
    const author = await authorWithBook(ts, 50, 1);
    // The first publish's first model call proves it is running: it waits there until the second is answered.
    const model = ts.ctx.provider;
    let running!: () => void;
    const reached = new Promise<void>((resolve) => (running = resolve));
    let answered!: () => void;
    const gate = new Promise<void>((resolve) => (answered = resolve));
    const held = async <T>(call: () => Promise<T>): Promise<T> => {
      running();
      await gate;
      return call();
    };
    ts.ctx.provider = providerThrough(model, {
      text: (request, send) => held(() => send(request)),
      image: (request, send) => held(() => send(request)),
    });
    try {
      const firstAnswer = ts.http
        .post('/api/books/children/publish')
        .set('cookie', author.cookie)
        .send({})
        .then((res) => res);
      await Promise.race([reached, firstAnswer]);
      const second = await ts.http.post('/api/books/children/publish').set('cookie', author.cookie).send({});
      answered();
      errorOf(second, 409, 'publish_running');
      const first = await firstAnswer;
      expect(first.status, JSON.stringify(first.body)).toBe(200);
    } finally {
      answered();
      ts.ctx.provider = model;
    }
    expect(await balanceOf(ts, author.id)).toBe(50 - CHARGED);
  }, 60_000);
});

it(
  'two publishes at once on two instances with credits for one: ' +
    'exactly one proceeds, the other gets 402 and spends nothing',
  async () => {
    const dir = tempDir('karya-publish-');
    const first = await startTestServer({ config: { dbFile: path.join(dir, 'shared.sqlite') } });
    const second = await startTestServer({ config: { dbFile: path.join(dir, 'shared.sqlite') } });
    try {
      const author = await authorWithBook(first, COST, 1);
      const answers = await Promise.all(
        [first, second].map((server) =>
          server.http.post('/api/books/children/publish').set('cookie', author.cookie).send({}),
        ),
      );
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses, JSON.stringify(answers.map((r) => r.body))).toEqual([200, 402]);
      errorOf(
        answers.find((r) => r.status === 402)!,
        402,
        'insufficient_credits',
      );
      // The package's whole cost was reserved once; the copyright page, waiting for an author, was refunded.
      expect(await balanceOf(first, author.id)).toBe(COST - CHARGED);
      expect(
        publishingRows(first, author.id)
          .filter((r) => r.status === 'succeeded')
          .reduce((sum, r) => sum + r.credits_charged, 0),
      ).toBe(CHARGED);
      expect(publishingRows(first, author.id).filter((r) => r.status === 'running')).toEqual([]);
    } finally {
      await first.close();
      await second.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
  90_000,
);

it('the administrator passes the credit guard (charged 0 when short)', async () => {
  const { cookie } = await userWithRole(ts, 'admin');
  const admin = (await ts.ctx.repos.users.findByEmail(ADMIN_EMAIL))!;
  await writeBook(ts, cookie!, undefined, 1);
  await ts.ctx.repos.credits.setBalance({ userId: admin.id, credits: 0, reason: 'test' });
  const res = await ts.http.post('/api/books/children/publish').set('cookie', cookie!).send({});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(PublishResponseSchema.parse(res.body)).toMatchObject({ credits_charged: 0, credits_available: 0 });
}, 60_000);

describe('a failing step', () => {
  let failing: TestServer;
  beforeAll(async () => {
    const offline = createOfflineProvider();
    const provider: Provider = {
      ...offline,
      generateImage: async () => {
        throw new GenerationError('service_unavailable', { status: 503 });
      },
    };
    failing = await startTestServer({ provider });
  });
  afterAll(() => failing?.close());

  it('is refunded, the steps before it stay charged, and no package is kept', async () => {
    const author = await authorWithBook(failing, 50, 1);
    errorOf(
      await failing.http.post('/api/books/children/publish').set('cookie', author.cookie).send({}),
      503,
      'service_unavailable',
    );
    expect(publishingRows(failing, author.id)).toEqual([
      ...RAN.filter((s) => !('skipped' in s) && s.part !== 'cover').map((s) => ({
        generator_id: s.generator_id,
        step: `publish:${s.part}`,
        credits_charged: s.cost,
        status: 'succeeded',
      })),
      // Reserved before the first step: the copyright page (waiting for an author) and the failed cover are refunded.
      { generator_id: 'copyright', step: 'publish:copyright', credits_charged: 1, status: 'refunded' },
      { generator_id: 'kids-book-cover', step: 'publish:cover', credits_charged: 6, status: 'refunded' },
    ]);
    expect(await balanceOf(failing, author.id)).toBe(50 - 3);
    const refunds = (await failing.ctx.repos.credits.ledger(author.id))
      .filter((e) => e.type === 'refund')
      .map((e) => e.amount);
    expect(refunds.sort()).toEqual([1, 6]);
    expect(
      PublishQuoteSchema.parse(
        (await failing.http.get('/api/books/children/publish').set('cookie', author.cookie)).body,
      ).package,
    ).toBeNull();
    errorOf(await download(failing, '/api/books/children/publish/package', author.cookie), 404, 'package_not_found');
  }, 60_000);
});

describe("POST /api/books/:bookType/publish: a book too close to another of the owner's", () => {
  it(
    'fails not-too-close for the second of two same books, ' + 'naming the first and the share; the first stays clear',
    async () => {
      const author = await authorWithBook(ts, 100, 1);
      const publish = async () => {
        const res = await ts.http.post('/api/books/children/publish').set('cookie', author.cookie).send({});
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return PublishResponseSchema.parse(res.body).package;
      };
      const first = await publish();
      expect(first.channels.kdp_ebook.checks.find((c) => c.id === 'not-too-close')).toMatchObject({
        status: 'pass',
        detail: 'no other finished books to compare with yet',
      });
      // Start New, and the same book again: the offline provider writes the same text for the same settings.
      expect((await ts.http.delete('/api/progress/children').set('cookie', author.cookie)).status).toBe(200);
      await ts.ctx.repos.credits.setBalance({ userId: author.id, credits: 100, reason: 'test' });
      await writeBook(ts, author.cookie, undefined, 1);
      const second = await publish();
      // Each store's check cites that store's own content policy (KDP's for KDP, Google's and Kobo's for theirs).
      const ownSource: Record<string, RegExp> = {
        kdp: /^KDP Help, "Content Guidelines"/,
        google: /^Publisher Content Policies for Books on Google Play/,
        kobo: /^Kobo Writing Life Help/,
      };
      for (const [id, channel] of Object.entries(second.channels)) {
        const close = channel.checks.find((c) => c.id === 'not-too-close')!;
        expect(close.status).toBe('fail');
        expect(close.detail).toMatch(
          new RegExp(
            `^too close to "${first.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}": ` +
              `(9\\d|100) % of its 8-word runs are in that book; both have "`,
          ),
        );
        expect(close.source).toMatch(ownSource[Object.keys(ownSource).find((k) => id.startsWith(k))!]!);
      }
    },
    120_000,
  );
});

describe('POST /api/books/:bookType/publish: the release plan (#53)', () => {
  it(
    "dates a package with the owner's plan of 3 new titles " + 'a day: the 4th of a day may be published the next day',
    async () => {
      const email = uniqueEmail('planner');
      const cookie = await signUp(ts, email);
      const id = (await ts.ctx.repos.users.findByEmail(email))!.id;
      await ts.ctx.repos.credits.setBalance({ userId: id, credits: 100, reason: 'test' });
      // Three other books of the owner's, each with a package made today (as three publishes today would keep them).
      const today = new Date().toISOString().slice(0, 10);
      for (let i = 0; i < 3; i++) {
        await writeBook(ts, cookie, 'outline');
        expect(await ts.ctx.repos.books.remove({ userId: id, key: 'children' })).toBe(true);
      }
      const others = await ts.ctx.repos.books.list({ userId: id });
      expect(others).toHaveLength(3);
      const made: KdpPackage = {
        title: 'Earlier',
        subtitle: '',
        author: '',
        ready: false,
        channels: {} as KdpPackage['channels'],
        description: '',
        keywords: [],
        steps: [],
        cost: 0,
        files: [],
        publish_on: today,
        created_at: new Date().toISOString(),
      };
      for (const other of others)
        expect(
          await ts.ctx.repos.books.savePackage({
            userId: id,
            bookId: other.id,
            zip: new Uint8Array([1]),
            report: made,
          }),
        ).toBe(true);
      await writeBook(ts, cookie, undefined, 1);
      expect(
        PublishQuoteSchema.parse((await ts.http.get('/api/books/children/publish').set('cookie', cookie)).body).today,
      ).toEqual({ packages: 3, per_day: 3 });

      const res = await ts.http
        .post('/api/books/children/publish')
        .set('cookie', cookie)
        .send({ author: 'Siti Aminah' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const tomorrow = new Date(Date.parse(`${today}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
      const report = PublishResponseSchema.parse(res.body).package;
      expect(report.publish_on).toBe(tomorrow);
      for (const channel of Object.values(report.channels)) {
        expect(channel.checks.find((c) => c.id === 'release-date')).toMatchObject({
          status: 'pass',
          detail: `publish on or after ${tomorrow} (title 1 of that day)`,
        });
      }
      const zip = unzipSync(
        new Uint8Array((await download(ts, '/api/books/children/publish/package', cookie)).body as Buffer),
      );
      expect(JSON.parse(new TextDecoder().decode(zip['metadata.json'])).publishOn).toBe(tomorrow);
    },
    90_000,
  );
});
