// PUT /api/books/:id/cover: the writer's own cover picture. A 1600 × 2560 JPEG is kept with the book and is the
// cover of the next package (cover.jpg and the EPUB's cover image), its cover step skipped
// and not charged; an SVG with a script (even named and sent as a PNG), a file that is no picture and a PNG
// declaring 50,000 × 50,000 px are refused with the catalogue's reason (English or Malay) in under a second,
// the server answering others meanwhile; another user's book is not found; a body over 10 MB answers 413.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { declaredPng, plainPicture } from '../pictures.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiErrorEnvelopeSchema,
  CoverResponseSchema,
  PublishQuoteSchema,
  PublishResponseSchema,
} from '../../engine/contract/index.js';
import { catalogueMessage } from '../../engine/index.js';
import { WITHOUT_EPUBCHECK } from '../setup/tools.js';
import { exportPool } from '../../engine/node/export/pool.js';
import { wrapFrontPx } from '../../engine/node/print/cover.js';
import type { TrimName } from '../../engine/print.js';
import { downloadOf, signUp, startTestServer, uniqueEmail, type TestServer } from './helpers.js';

// epubcheck is a JVM run of several seconds that nothing here reads: tests/publish/ check its verdict.
const PATH_BEFORE = process.env.PATH;
let ts: TestServer;
beforeAll(async () => {
  process.env.PATH = WITHOUT_EPUBCHECK.PATH;
  ts = await startTestServer();
});
afterAll(async () => {
  await ts?.close();
  process.env.PATH = PATH_BEFORE;
});

/** A signed-up writer with a finished children's book (the offline model), and the book's id. */
async function writerWithBook(): Promise<{ cookie: string; userId: string; bookId: number }> {
  const email = uniqueEmail('cover');
  const cookie = await signUp(ts, email);
  const userId = (await ts.ctx.repos.users.findByEmail(email))!.id;
  await ts.ctx.repos.credits.setBalance({ userId, credits: 100, reason: 'test' });
  for (;;) {
    const res = await ts.http
      .post('/api/generators/children/generate')
      .set('cookie', cookie)
      .send({ settings: { numberOfChapters: 5, ageGroup: '8-12' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if ((res.body as { next: unknown }).next === null) break;
  }
  const bookId = (await ts.ctx.repos.books.findBookId({ userId, key: 'children' }))!;
  return { cookie, userId, bookId };
}

/** A picture as a designer exports one: green, with a pale sun, 1600 × 2560. */
async function greenJpeg(): Promise<Buffer> {
  const art =
    '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="2560"><rect width="1600" height="2560" ' +
    'fill="rgb(30,140,60)"/><circle cx="800" cy="900" r="380" fill="rgb(250,240,200)"/></svg>';
  return sharp(Buffer.from(art)).jpeg({ quality: 92 }).toBuffer();
}

const SCRIPTED_SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1600" ' +
    'height="2560"><script>fetch("/api/me").then((r) => ' +
    'r.text()).then(alert)</script><rect width="1600" height="2560" fill="red"/></svg>',
);

const put = (cookie: string, bookId: number, bytes: Buffer, type: string, file?: string) =>
  ts.http
    .put(`/api/books/${bookId}/cover`)
    .query(file ? { file } : {})
    .set('cookie', cookie)
    .set('content-type', type)
    .send(bytes);

/** The mean colour of a picture, channel by channel (0-255). */
async function meanColour(image: Uint8Array): Promise<number[]> {
  const { channels } = await sharp(image).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean));
}

/** The picture an EPUB declares as its cover (the manifest item with properties="cover-image"). */
function epubCover(epub: Uint8Array): Uint8Array {
  const files = unzipSync(epub);
  const opfName = Object.keys(files).find((n) => n.endsWith('.opf'))!;
  const opf = new TextDecoder().decode(files[opfName]);
  const href = /href="([^"]+)"/.exec(/<item\b[^>]*properties="cover-image"[^>]*>/.exec(opf)?.[0] ?? '')?.[1];
  expect(href, opf).toBeTruthy();
  return files[path.posix.join(path.posix.dirname(opfName), href!)]!;
}

const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) <= 3);

describe('PUT /api/books/:id/cover with a 1600 × 2560 JPEG', () => {
  let writer: Awaited<ReturnType<typeof writerWithBook>>;
  let jpeg: Buffer;
  beforeAll(async () => {
    writer = await writerWithBook();
    jpeg = await greenJpeg();
  }, 120_000);

  it('keeps it with the book, and the quote shows it with the cover step skipped and not charged', async () => {
    const before = PublishQuoteSchema.parse(
      (await ts.http.get('/api/books/children/publish').set('cookie', writer.cookie)).body,
    );
    expect(before.cover).toBeNull();
    expect(before.book_id).toBe(writer.bookId);
    const drawn = before.steps.find((s) => s.part === 'cover')!;
    expect(drawn.skipped).toBeUndefined();

    const res = await put(writer.cookie, writer.bookId, jpeg, 'image/jpeg', 'harbour.jpg');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { cover } = CoverResponseSchema.parse(res.body);
    expect(cover).toMatchObject({
      format: 'jpeg',
      width: 1600,
      height: 2560,
      file_name: 'harbour.jpg',
      bytes: jpeg.length,
    });

    const after = PublishQuoteSchema.parse(
      (await ts.http.get('/api/books/children/publish').set('cookie', writer.cookie)).body,
    );
    expect(after.cover).toEqual(cover);
    expect(after.steps.find((s) => s.part === 'cover')).toMatchObject({ cost: 0, skipped: 'own_cover' });
    expect(after.cost).toBe(before.cost - drawn.cost);
    // The picture as given, to preview.
    const back = await downloadOf(ts, `/api/books/${writer.bookId}/cover`, writer.cookie);
    expect(back.status).toBe(200);
    expect(back.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(back.body as Buffer, jpeg)).toBe(0);
  });

  it("the next package's cover is that picture: cover.jpg and the EPUB's cover image; no cover step ran", async () => {
    const res = await ts.http
      .post('/api/books/children/publish')
      .set('cookie', writer.cookie)
      .send({ author: 'Siti Aminah' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const made = PublishResponseSchema.parse(res.body).package;
    expect(made.steps.find((s) => s.part === 'cover')).toMatchObject({ cost: 0, skipped: 'own_cover' });
    const zip = unzipSync(
      new Uint8Array((await downloadOf(ts, '/api/books/children/publish/package', writer.cookie)).body as Buffer),
    );
    const coverJpg = zip['cover.jpg']!;
    expect(await sharp(coverJpg).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 2560 });
    const mine = await meanColour(jpeg);
    expect(near(await meanColour(coverJpg), mine), `${await meanColour(coverJpg)} vs ${mine}`).toBe(true);
    expect(near(await meanColour(epubCover(zip['manuscript.epub']!)), mine)).toBe(true);
    // Nobody's picture was AI-generated.
    expect(JSON.parse(new TextDecoder().decode(zip['metadata.json'])).aiContent.images).toBe('none');
    // A package is a few seconds of export threads: more under a busy machine's load.
  }, 180_000);

  it("another user's book is not found: its cover can be neither given nor read", async () => {
    const other = await signUp(ts, uniqueEmail('other'));
    expect((await put(other, writer.bookId, jpeg, 'image/jpeg')).status).toBe(404);
    expect((await downloadOf(ts, `/api/books/${writer.bookId}/cover`, other)).status).toBe(404);
    expect(
      (await ts.http.put(`/api/books/${writer.bookId}/cover`).set('content-type', 'image/jpeg').send(jpeg)).status,
    ).toBe(401);
  });

  it("DELETE lets it go: the quote's cover step is the drawn one again", async () => {
    const res = await ts.http.delete(`/api/books/${writer.bookId}/cover`).set('cookie', writer.cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(CoverResponseSchema.parse(res.body).cover).toBeNull();
    const quote = PublishQuoteSchema.parse(
      (await ts.http.get('/api/books/children/publish').set('cookie', writer.cookie)).body,
    );
    expect(quote.cover).toBeNull();
    expect(quote.steps.find((s) => s.part === 'cover')?.skipped).toBeUndefined();
    expect((await downloadOf(ts, `/api/books/${writer.bookId}/cover`, writer.cookie)).status).toBe(404);
  });
});

describe('PUT /api/books/:id/cover refuses at once what no store takes', () => {
  let writer: Awaited<ReturnType<typeof writerWithBook>>;
  beforeAll(async () => {
    writer = await writerWithBook();
  }, 120_000);

  const errorOf = (res: { status: number; body: unknown }) => ApiErrorEnvelopeSchema.parse(res.body).error;

  it(
    'an SVG with a script (named and sent as a PNG), and a PNG declaring 50,000 × ' +
      '50,000 px: 422 in under a second each, the server answering others meanwhile',
    async () => {
      const stalls = monitorEventLoopDelay({ resolution: 10 });
      stalls.enable();
      // Others' requests go on while the hostile files are read: every one is answered.
      let isDone = false;
      const others: number[] = [];
      const pinging = (async () => {
        while (!isDone) others.push((await ts.http.get('/api/health')).status);
      })();
      const timed = async (bytes: Buffer, type: string, file: string) => {
        const started = performance.now();
        const res = await put(writer.cookie, writer.bookId, bytes, type, file);
        return { res, ms: performance.now() - started };
      };
      const [svg, huge] = await Promise.all([
        timed(SCRIPTED_SVG, 'image/png', 'cover.png'),
        timed(declaredPng(50_000, 50_000), 'image/png', 'huge.png'),
      ]);
      isDone = true;
      await pinging;
      stalls.disable();

      expect(svg.res.status, JSON.stringify(svg.res.body)).toBe(422);
      expect(errorOf(svg.res)).toMatchObject({
        code: 'cover_svg',
        message: catalogueMessage('cover_svg', 'en', { file: 'cover.png' }),
      });
      expect(huge.res.status, JSON.stringify(huge.res.body)).toBe(422);
      expect(errorOf(huge.res).code).toBe('cover_too_many_pixels');
      expect(errorOf(huge.res).message).toContain('50000 × 50000 px');
      expect(errorOf(huge.res).message).toContain('at most 10000 × 10000 px');
      expect(svg.ms).toBeLessThan(1000);
      expect(huge.ms).toBeLessThan(1000);
      expect(others.length).toBeGreaterThan(0);
      expect(others.every((s) => s === 200)).toBe(true);
      // Nothing was decoded on the request thread: the event loop never stalled for long (decoding 2.5 billion
      // pixels would take minutes and 7.5 GB; half a second leaves room for a busy machine's scheduling).
      expect(stalls.max / 1e6).toBeLessThan(500);
      // Nothing was kept.
      expect((await downloadOf(ts, `/api/books/${writer.bookId}/cover`, writer.cookie)).status).toBe(404);
    },
  );

  it('a file that is no picture, and a picture too small or the wrong shape, name the rule', async () => {
    const text = await put(
      writer.cookie,
      writer.bookId,
      Buffer.from('Chapter 1\n\nIt was a dark night.'),
      'image/jpeg',
      'notes.jpg',
    );
    expect(text.status).toBe(422);
    // The upload takes a JPEG or PNG only, and says so (`karya publish --cover` also takes a TIFF: its words say that).
    expect(errorOf(text)).toEqual({
      code: 'cover_upload_unreadable',
      message: catalogueMessage('cover_upload_unreadable', 'en', { file: 'notes.jpg' }),
    });
    expect(errorOf(text).message).toContain('JPEG or PNG');
    expect(errorOf(text).message).not.toContain('TIFF');
    const small = await put(
      writer.cookie,
      writer.bookId,
      await plainPicture('png', { width: 500, height: 800 }),
      'image/png',
      'small.png',
    );
    expect(small.status).toBe(422);
    expect(errorOf(small)).toMatchObject({ code: 'cover_too_small', message: expect.stringContaining('500 × 800 px') });
    const square = await put(
      writer.cookie,
      writer.bookId,
      await plainPicture('jpeg', { width: 2000, height: 2000 }),
      'image/jpeg',
      'square.jpg',
    );
    expect(square.status).toBe(422);
    expect(errorOf(square).code).toBe('cover_wrong_shape');
  });

  it(
    "a PNG of 6,250 × 10,000 px (within KDP's sides, 62.5 megapixels) " +
      'is refused by its header, the 40-megapixel bound named',
    async () => {
      const big = await put(writer.cookie, writer.bookId, declaredPng(6_250, 10_000), 'image/png', 'big.png');
      expect(big.status).toBe(422);
      expect(errorOf(big)).toMatchObject({
        code: 'cover_too_many_megapixels',
        message: expect.stringContaining('40 megapixels at most'),
      });
    },
  );

  it('a Malay writer reads the reason in Malay', async () => {
    expect((await ts.http.put('/api/me/lang').set('cookie', writer.cookie).send({ lang: 'ms' })).status).toBe(200);
    const svg = await put(writer.cookie, writer.bookId, SCRIPTED_SVG, 'image/svg+xml', 'lukisan.svg');
    expect(svg.status).toBe(422);
    expect(errorOf(svg).message).toBe(catalogueMessage('cover_svg', 'ms', { file: 'lukisan.svg' }));
    const huge = await put(writer.cookie, writer.bookId, declaredPng(50_000, 50_000), 'image/png', 'besar.png');
    expect(errorOf(huge).message).toMatch(/^besar\.png menyatakan saiz 50000 × 50000 px/);
  });

  it('a body over 10 MB answers 413 without being read to its end', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const res = await put(writer.cookie, writer.bookId, big, 'image/jpeg', 'big.jpg');
    expect(res.status).toBe(413);
    expect(errorOf(res).code).toBe('cover_upload_too_large');
  });
});

describe('a 5,000 × 8,000 picture, the most pixels a cover may have', () => {
  let writer: Awaited<ReturnType<typeof writerWithBook>>;
  beforeAll(async () => {
    writer = await writerWithBook();
  }, 120_000);

  it(
    'is kept, and the package is made from it in an export thread: ' +
      "cover.jpg, the EPUB's cover and the wrap's front at their sizes",
    async () => {
      // Green on its left half, pale on its right: where each half lands shows the picture was fitted, not squeezed.
      const half = { width: 2500, height: 8000, channels: 3 as const };
      const large = await sharp({ create: { ...half, width: 5000, background: { r: 30, g: 140, b: 60 } } })
        .composite([{ input: { create: { ...half, background: { r: 250, g: 240, b: 200 } } }, left: 2500, top: 0 }])
        .jpeg({ quality: 85 })
        .toBuffer();
      const sent = await put(writer.cookie, writer.bookId, large, 'image/jpeg', 'large.jpg');
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(CoverResponseSchema.parse(sent.body).cover).toMatchObject({ width: 5000, height: 8000 });

      const pool = exportPool();
      const before = pool.coversMade;
      const res = await ts.http
        .post('/api/books/children/publish')
        .set('cookie', writer.cookie)
        .send({ author: 'Siti Aminah' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // The picture was decoded by the export pool's thread (once, for both covers), not on the request's.
      expect(pool.coversMade).toBe(before + 1);

      const zip = unzipSync(
        new Uint8Array((await downloadOf(ts, '/api/books/children/publish/package', writer.cookie)).body as Buffer),
      );
      const halves = async (image: Uint8Array) => {
        // Ten columns: the second and the ninth are well inside each half (the middle ones blend across the edge).
        const { data } = await sharp(image).resize(10, 1, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
        return [
          [data[3]!, data[4]!, data[5]!],
          [data[24]!, data[25]!, data[26]!],
        ];
      };
      for (const cover of [zip['cover.jpg']!, epubCover(zip['manuscript.epub']!)]) {
        expect(await sharp(cover).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 2560, channels: 3 });
        const [left, right] = await halves(cover);
        const close = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) <= 12);
        expect(close(left!, [30, 140, 60]) && close(right!, [250, 240, 200]), `${left} | ${right}`).toBe(true);
      }
      // The wrap's front panel: the trim's width and height with their bleed, at 300 dpi.
      const trim = JSON.parse(new TextDecoder().decode(zip['metadata.json']))
        .printTrim.replace(/ in$/, '')
        .replace(/ x /, 'x') as TrimName;
      const front = wrapFrontPx(trim);
      const pdf = Buffer.from(zip['paperback-cover.pdf']!).toString('latin1');
      const images = [...pdf.matchAll(/\/Subtype \/Image[^>]*?\/Width (\d+)[^>]*?\/Height (\d+)/g)].map((m) => [
        Number(m[1]),
        Number(m[2]),
      ]);
      expect(images).toContainEqual([front.width, front.height]);
    },
    300_000,
  );
});
