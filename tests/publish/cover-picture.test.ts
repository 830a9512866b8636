// The check every writer's cover picture goes through (`karya publish --cover FILE`, a batch job's `cover:`, the
// studio's PUT /api/books/:id/cover): what its first bytes say it is before any library reads it, and KDP's eBook
// cover rules (KDP Help, "eBook Cover Image Guidelines": at least 1,000 × 1,600 px, at most 10,000 × 10,000, 1.6:1,
// under 50 MB) on the size its header declares.
import sharp from 'sharp';
import { declaredPng, plainPicture } from '../pictures.js';
import { describe, expect, it } from 'vitest';
import { coverPictureProblem, pictureKindOf } from '../../engine/publish/cover-rules.js';
import { CoverPictureError, checkCoverPicture } from '../../engine/node/publish.js';
import { catalogueMessage } from '../../engine/index.js';

async function refusal(bytes: Uint8Array, file: string): Promise<CoverPictureError> {
  const error = await checkCoverPicture(bytes, file).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CoverPictureError);
  return error as CoverPictureError;
}

describe('what a file is, from its first bytes', () => {
  it(
    'names JPEG, PNG, TIFF and WebP; markup (an SVG, HTML, XML, ' +
      'gzip) is svg whatever its name; anything else is nothing',
    () => {
      expect(pictureKindOf(new Uint8Array([0xff, 0xd8, 0xff, 0xdb, 0]))).toBe('jpeg');
      expect(pictureKindOf(declaredPng(1, 1))).toBe('png');
      expect(pictureKindOf(new Uint8Array([0x49, 0x49, 0x2a, 0x00, 8]))).toBe('tiff');
      expect(pictureKindOf(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]))).toBe(
        'webp',
      );
      expect(
        pictureKindOf(Buffer.from('\uFEFF  \n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
      ).toBe('svg');
      expect(pictureKindOf(Buffer.from('<?xml version="1.0"?><svg/>'))).toBe('svg');
      expect(pictureKindOf(Buffer.from('<!DOCTYPE html><html></html>'))).toBe('svg');
      expect(pictureKindOf(new Uint8Array([0x1f, 0x8b, 8, 0]))).toBe('svg');
      expect(pictureKindOf(Buffer.from('GIF89a'))).toBeUndefined();
      expect(pictureKindOf(Buffer.from('Chapter 1'))).toBeUndefined();
      expect(pictureKindOf(new Uint8Array())).toBeUndefined();
    },
  );
});

describe("the stores' cover rules on a picture", () => {
  it('a picture declaring more than 10,000 × 10,000 px is refused by its size before any other rule', () => {
    expect(coverPictureProblem({ file: 'huge.png', bytes: 200, format: 'png', width: 50_000, height: 80_000 })).toEqual(
      {
        code: 'cover_too_many_pixels',
        vars: {
          file: 'huge.png',
          store: 'Amazon KDP (Kindle eBook)',
          width: '50000',
          height: '80000',
          maxWidth: '10000',
          maxHeight: '10000',
          idealWidth: '1600',
          idealHeight: '2560',
        },
      },
    );
    expect(
      coverPictureProblem({ file: 'ok.jpg', bytes: 9_000_000, format: 'jpeg', width: 5_000, height: 8_000 }),
    ).toBeNull();
    expect(
      coverPictureProblem({ file: 'ok.jpg', bytes: 900_000, format: 'jpeg', width: 1_600, height: 2_560 }),
    ).toBeNull();
  });

  it(
    "a picture within KDP's sides but over 40 megapixels " +
      '(6,250 × 10,000) is refused by its pixels, the bound named',
    () => {
      const problem = coverPictureProblem({
        file: 'big.png',
        bytes: 243_000,
        format: 'png',
        width: 6_250,
        height: 10_000,
      });
      expect(problem?.code).toBe('cover_too_many_megapixels');
      expect(catalogueMessage('cover_too_many_megapixels', 'en', problem!.vars)).toBe(
        'big.png declares 6250 × 10000 px, 62.5 megapixels: a cover picture may ' +
          'have 40 megapixels at most. Give a smaller picture (ideally 1600 × 2560).',
      );
      expect(catalogueMessage('cover_too_many_megapixels', 'ms', problem!.vars)).toMatch(
        /^big\.png menyatakan saiz 6250 × 10000 px, 62\.5 megapiksel/,
      );
    },
  );

  it('an SVG is its own refusal, in English and Malay', () => {
    const problem = coverPictureProblem({ file: 'cover.png', bytes: 300, format: 'svg', width: 1600, height: 2560 })!;
    expect(problem).toEqual({ code: 'cover_svg', vars: { file: 'cover.png' } });
    expect(catalogueMessage(problem.code, 'en', problem.vars)).toBe(
      'cover.png is an SVG drawing (or another text file), not a picture: a drawing ' +
        'may carry scripts, and no store takes one as a cover. Give a JPEG or PNG file.',
    );
    expect(catalogueMessage(problem.code, 'ms', problem.vars)).toMatch(/^cover\.png ialah lukisan SVG/);
  });
});

describe('checkCoverPicture', () => {
  it(
    'refuses an SVG named .png unread, a PNG declaring 50,000 × 50,000 px from its ' +
      'header, and bytes behind a PNG signature that are no picture',
    async () => {
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="2560"><script>alert(1)</script></svg>',
      );
      expect((await refusal(svg, 'cover.png')).code).toBe('cover_svg');
      // Its pixel data is 64 zero bytes of the 7.5 GB it declares: a refusal naming the declared size is the header's
      // (a decoder would have run out of data), whatever time a busy machine takes to give it.
      const huge = await refusal(declaredPng(50_000, 50_000), 'huge.png');
      expect(huge.code).toBe('cover_too_many_pixels');
      expect(huge.vars).toMatchObject({ width: '50000', height: '50000' });
      const fake = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.from('not really a png'),
      ]);
      expect((await refusal(fake, 'fake.png')).code).toBe('cover_unreadable');
    },
  );

  it(
    "says why a picture cannot be read in the writer's language: bytes that are no picture, " +
      'or a format Karya does not take, named (no English in a Malay or Indonesian message)',
    async () => {
      const fake = await refusal(
        Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really a png')]),
        'fake.png',
      );
      // A GIF's first bytes are none Karya reads a picture by: refused as unreadable, unread.
      expect(
        (
          await refusal(
            await sharp({ create: { width: 1600, height: 2560, channels: 3, background: '#2a7' } })
              .gif()
              .toBuffer(),
            'kulit.gif',
          )
        ).code,
      ).toBe('cover_unreadable');
      // A picture whose header a reader knows, in a format Karya does not convert from, is named by its format.
      const gif = coverPictureProblem({ file: 'kulit.gif', bytes: 80_000, format: 'gif', width: 1600, height: 2560 })!;
      expect(gif).toEqual({ code: 'cover_unreadable_format', vars: { file: 'kulit.gif', format: 'GIF' } });
      for (const lang of ['en', 'ms', 'id'] as const) {
        const said = [
          catalogueMessage(fake.code, lang, { ...fake.vars }),
          catalogueMessage(gif.code, lang, { ...gif.vars }),
        ];
        expect(said[0]).toContain('fake.png');
        expect(said[1]).toContain('kulit.gif');
        expect(said[1]).toContain('GIF');
        // Every placeholder filled, and no English reason inside a Malay or Indonesian sentence.
        for (const text of said) expect(text).not.toMatch(/\{|not an image/);
      }
      expect(catalogueMessage(gif.code, 'ms', { ...gif.vars })).toMatch(/gambar GIF/);
      expect(catalogueMessage(gif.code, 'id', { ...gif.vars })).toMatch(/gambar GIF/);
    },
  );

  it(
    'answers a good picture with its format and size as the ' + "writer sees it (a phone's turned picture stands up)",
    async () => {
      const jpeg = await plainPicture('jpeg', { background: '#2a7' });
      expect(await checkCoverPicture(jpeg, 'me.jpg')).toMatchObject({ format: 'jpeg', width: 1600, height: 2560 });
      // Stored lying on its side with EXIF orientation 6: it is the upright 1600 × 2560 the writer sees.
      const turned = await sharp({ create: { width: 2560, height: 1600, channels: 3, background: '#2a7' } })
        .withMetadata({ orientation: 6 })
        .jpeg()
        .toBuffer();
      expect(await checkCoverPicture(turned, 'phone.jpg')).toMatchObject({ format: 'jpeg', width: 1600, height: 2560 });
    },
  );
});
