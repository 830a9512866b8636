// A package's covers are made off the caller's thread: the export pool decodes the art in a worker
// thread, once, for both the eBook cover (1,600 × 2,560, 1.6:1) and the paperback wrap's front panel (6 × 9 in
// with its bleed at 300 dpi: 1,838 × 2,775 px), so the largest picture a writer may give (40 megapixels) costs
// the server one bounded decode. A picture whose decode would hold more than a cover may take at once (a
// full-colour progressive JPEG of 40 megapixels: its coefficients alone are 229 MB) is refused by name, when it
// is sent and when its covers are made, never crashing anything; the message is worded in English, Malay and
// Indonesian.
// Art handed over moves to the thread rather than being copied: the caller holds it no longer.
import { isMainThread, threadId } from 'node:worker_threads';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportPool } from '../../engine/node/export/pool.js';
import { CoverPictureError, checkCoverPicture } from '../../engine/node/publish.js';
import { wrapFrontPx } from '../../engine/node/print/cover.js';
import { catalogueMessage } from '../../engine/index.js';

const RED = { r: 200, g: 30, b: 30 };
const BLUE = { r: 30, g: 30, b: 200 };

/** A 5,000 × 8,000 baseline JPEG: red on its left half, blue on its right. */
async function largeJpeg(): Promise<Uint8Array> {
  const half = { width: 2500, height: 8000, channels: 3 as const };
  const bytes = await sharp({ create: { ...half, width: 5000, background: RED } })
    .composite([{ input: { create: { ...half, background: BLUE } }, left: 2500, top: 0 }])
    .jpeg({ quality: 80 })
    .toBuffer();
  return new Uint8Array(bytes);
}

/** The mean colour of a strip of a picture, `from` to `to` of its width (0-1). */
async function stripColour(image: Uint8Array, from: number, to: number): Promise<number[]> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  // stats() reads its input: the strip is cut out first.
  const cut = await sharp(image)
    .extract({ left: Math.round(width * from), top: 0, width: Math.round(width * (to - from)), height })
    .png()
    .toBuffer();
  const strip = await sharp(cut).stats();
  return strip.channels.slice(0, 3).map((c) => Math.round(c.mean));
}

const near = (a: number[], b: { r: number; g: number; b: number }) =>
  Math.abs(a[0]! - b.r) <= 12 && Math.abs(a[1]! - b.g) <= 12 && Math.abs(a[2]! - b.b) <= 12;

let pool: ExportPool;
beforeAll(() => {
  pool = new ExportPool({ workers: 1, timeoutMs: 120_000, memoryMb: 384, maxQueued: 8, countsWaiting: true });
});
afterAll(async () => {
  await pool?.close();
});

describe('covers made in the export pool', () => {
  it(
    "makes the eBook cover and the wrap's front panel from " +
      'a 5,000 × 8,000 picture in its own thread, not this one',
    async () => {
      const art = await largeJpeg();
      const before = pool.coversMade;
      const prepared = await pool.prepareCover(art, {
        ebook: { width: 1600, height: 2560 },
        front: wrapFrontPx('6x9'),
      });
      // The art was decoded in a worker thread: the pool counts it, and the thread that did is not this one.
      expect(isMainThread).toBe(true);
      expect(pool.coversMade).toBe(before + 1);
      expect(prepared.threadId).not.toBe(threadId);
      expect(prepared.threadId).toBeGreaterThan(0);
      // The eBook cover: 1,600 × 2,560 RGB JPEG, the picture's halves where they were (5,000 × 8,000 is 1.6:1 already).
      expect(await sharp(prepared.ebook!.bytes).metadata()).toMatchObject({
        format: 'jpeg',
        width: 1600,
        height: 2560,
        channels: 3,
      });
      expect(prepared.ebook).toMatchObject({ width: 1600, height: 2560, channels: 3 });
      expect(near(await stripColour(prepared.ebook!.bytes, 0.05, 0.45), RED)).toBe(true);
      expect(near(await stripColour(prepared.ebook!.bytes, 0.55, 0.95), BLUE)).toBe(true);
      expect(prepared.content).toEqual({ isFlat: false, source: { width: 5000, height: 8000 } });
      // The wrap's front panel at 300 dpi over 6.125 × 9.25 in, cropped evenly: still red left, blue right.
      expect(await sharp(prepared.front!.jpeg).metadata()).toMatchObject({ format: 'jpeg', width: 1838, height: 2775 });
      expect(near(await stripColour(prepared.front!.jpeg, 0.05, 0.45), RED)).toBe(true);
      expect(near(await stripColour(prepared.front!.jpeg, 0.55, 0.95), BLUE)).toBe(true);
      // Kept by the caller unless handed over: then its bytes move to the thread (a server's build holds them no
      // longer).
      expect(art.byteLength).toBeGreaterThan(0);
      const handed = await pool.prepareCover(art, { ebook: { width: 1600, height: 2560 } }, { handOver: true });
      expect(art.byteLength).toBe(0);
      expect(near(await stripColour(handed.ebook!.bytes, 0.05, 0.45), RED)).toBe(true);
    },
    120_000,
  );

  it(
    'refuses a picture whose decode would hold more than a cover ' +
      'may take, by name, when sent and when its covers are made',
    async () => {
      // 5,000 × 8,000, progressive, colour at full resolution (4:4:4): 40 million pixels × 3 coefficients × 2 bytes.
      const progressive = new Uint8Array(
        await sharp({ create: { width: 5000, height: 8000, channels: 3, background: RED } })
          .jpeg({ progressive: true, chromaSubsampling: '4:4:4' })
          .toBuffer(),
      );
      const sent = await checkCoverPicture(progressive, 'poster.jpg').then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(sent).toBeInstanceOf(CoverPictureError);
      expect(sent).toMatchObject({
        code: 'cover_decode_too_large',
        httpStatus: 422,
        params: { file: 'poster.jpg', width: '5000', height: '8000', megabytes: '229', limit: '160' },
      });
      const made = await pool
        .prepareCover(progressive, { ebook: { width: 1600, height: 2560 }, file: 'poster.jpg' })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(made).toBeInstanceOf(CoverPictureError);
      expect(made).toMatchObject({ code: 'cover_decode_too_large', params: { megabytes: '229', limit: '160' } });
      const vars = (made as CoverPictureError).vars;
      expect(catalogueMessage('cover_decode_too_large', 'en', vars)).toContain('229 MB');
      expect(catalogueMessage('cover_decode_too_large', 'ms', vars)).toContain('menyahkod');
      expect(catalogueMessage('cover_decode_too_large', 'id', vars)).toContain('mendekode');
      // The same picture with its colour at half resolution (4:2:0, 114 MB) is a cover; so is it saved as a baseline
      // JPEG.
      const halfColour = new Uint8Array(
        await sharp({ create: { width: 5000, height: 8000, channels: 3, background: RED } })
          .jpeg({ progressive: true, chromaSubsampling: '4:2:0' })
          .toBuffer(),
      );
      expect(await checkCoverPicture(halfColour, 'poster.jpg')).toMatchObject({ width: 5000, height: 8000 });
      // The pool goes on making covers after a refusal.
      const again = await pool.prepareCover(halfColour, { ebook: { width: 1600, height: 2560 } });
      expect(again.ebook).toMatchObject({ width: 1600, height: 2560 });
    },
    120_000,
  );
});
