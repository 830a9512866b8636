// A cover refused before its body is read: a 30 MB body by its declared Content-Length (413 naming the 10 MB
// limit), a TIFF or WebP by its first bytes (415: a cover is sent as a JPEG or PNG) and a PNG of 6,250 × 10,000 px
// by its header (422 naming the 40-megapixel bound), each answered while the client has sent only the body's first
// bytes, the rest never asked for; a body sent in chunks with no length, as soon as it grows past 10 MB. A TIFF sent
// whole (named and typed as a
// PNG) is refused the same; a JPEG is still kept. In the writer's language.
import { request } from 'node:http';
import { declaredPng, plainPicture, tiffCover } from '../pictures.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorEnvelopeSchema } from '../../engine/contract/index.js';
import { catalogueMessage } from '../../engine/index.js';
import { serverOnFakeModel, signUp } from './helpers.js';
import { romanceSaves } from '../translate/book.js';

const served = serverOnFakeModel();
let writer: { cookie: string; bookId: number };
beforeAll(async () => {
  const { ts } = served;
  const cookie = await signUp(ts);
  const id = (await ts.http.get('/api/me').set('cookie', cookie)).body.id as string;
  writer = {
    cookie,
    bookId: await ts.ctx.repos.books.saveImport({ userId: id, key: 'romance', saves: romanceSaves('en') }),
  };
});

/**
 * PUT a cover declaring `length` bytes of which only `sent` go out: the answer, which must come with the body
 * unfinished.
 */
function putUnfinished(input: {
  first: Buffer;
  length: number;
  type: string;
  file: string;
  cookie: string;
}): Promise<{ status: number; body: unknown; connection: string | undefined }> {
  const url = new URL(`${served.ts.url}/api/books/${writer.bookId}/cover?file=${encodeURIComponent(input.file)}`);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'PUT',
        headers: { cookie: input.cookie, 'content-type': input.type, 'content-length': String(input.length) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          req.destroy();
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(text) as unknown,
            connection: res.headers.connection,
          });
        });
      },
    );
    req.on('error', reject);
    // The first bytes only: the rest of the declared body is never sent.
    req.write(input.first);
  });
}

const errorOf = (body: unknown) => ApiErrorEnvelopeSchema.parse(body).error;
const MB = 1024 * 1024;

/**
 * PUT a JPEG's first bytes in 64 KB chunks with no declared length (Transfer-Encoding: chunked), never ending it: the
 * answer and the bytes sent by then.
 */
function putGrowing(
  cookie: string,
): Promise<{ status: number; body: unknown; connection: string | undefined; sent: number }> {
  const url = new URL(`${served.ts.url}/api/books/${writer.bookId}/cover?file=scan.jpg`);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let isAnswered = false;
    const req = request(
      url,
      { method: 'PUT', headers: { cookie, 'content-type': 'image/jpeg', 'transfer-encoding': 'chunked' } },
      (res) => {
        isAnswered = true;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          req.destroy();
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(text) as unknown,
            connection: res.headers.connection,
            sent,
          });
        });
      },
    );
    req.on('error', (error) => (isAnswered ? undefined : reject(error)));
    const piece = Buffer.alloc(64 * 1024, 0x20);
    piece.set([0xff, 0xd8, 0xff, 0xe0]);
    // A chunk at a time, each once the one before is sent (so an answer is read as soon as it comes), at most
    // 30 MB; the body is never ended.
    const more = () => {
      if (isAnswered || sent >= 30 * MB) return;
      sent += piece.length;
      req.write(piece, () => setImmediate(more));
    };
    more();
  });
}

describe('a cover refused before its body is read', () => {
  it(
    'a PNG declaring 6,250 × 10,000 px: 422 by its header, the ' +
      '40-megapixel bound named, with its first bytes only sent',
    async () => {
      const png = declaredPng(6_250, 10_000);
      const res = await putUnfinished({
        first: png.subarray(0, 33),
        length: 5 * MB,
        type: 'image/png',
        file: 'big.png',
        cookie: writer.cookie,
      });
      expect(res.status).toBe(422);
      expect(res.connection).toBe('close');
      expect(errorOf(res.body)).toEqual({
        code: 'cover_too_many_megapixels',
        message: catalogueMessage('cover_too_many_megapixels', 'en', {
          file: 'big.png',
          width: '6250',
          height: '10000',
          megapixels: '62.5',
          limit: '40',
          idealWidth: '1600',
          idealHeight: '2560',
        }),
      });
    },
  );

  it(
    'a body with no declared length: 413 naming the 10 ' + 'MB limit as soon as it grows past it, never ended',
    async () => {
      const res = await putGrowing(writer.cookie);
      expect(res.status).toBe(413);
      expect(res.connection).toBe('close');
      expect(errorOf(res.body)).toEqual({
        code: 'cover_upload_too_large',
        message: catalogueMessage('cover_upload_too_large', 'en', { file: 'scan.jpg', limit: '10 MB' }),
      });
      // Answered while the body grew, well before the 30 MB the client would have sent.
      expect(res.sent).toBeLessThan(30 * MB);
    },
  );

  it('30 MB declared: 413 naming the 10 MB limit, with 64 KB of it sent', async () => {
    const first = Buffer.alloc(64 * 1024, 0);
    first.set([0xff, 0xd8, 0xff, 0xe0]);
    const res = await putUnfinished({
      first,
      length: 30 * MB,
      type: 'image/jpeg',
      file: 'scan.jpg',
      cookie: writer.cookie,
    });
    expect(res.status).toBe(413);
    // The connection closes after the answer: the server reads none of the rest.
    expect(res.connection).toBe('close');
    expect(errorOf(res.body)).toEqual({
      code: 'cover_upload_too_large',
      message: catalogueMessage('cover_upload_too_large', 'en', { file: 'scan.jpg', limit: '10 MB' }),
    });
  });

  it('a TIFF by its first bytes: 415, a cover is a JPEG or PNG, with 64 KB of its 5 MB sent', async () => {
    const tiff = await tiffCover();
    const first = Buffer.concat([tiff, Buffer.alloc(64 * 1024)]).subarray(0, 64 * 1024);
    const res = await putUnfinished({
      first,
      length: 5 * MB,
      type: 'image/png',
      file: 'cover.png',
      cookie: writer.cookie,
    });
    expect(res.status).toBe(415);
    expect(res.connection).toBe('close');
    expect(errorOf(res.body)).toEqual({
      code: 'cover_upload_format',
      message: catalogueMessage('cover_upload_format', 'en', { file: 'cover.png', format: 'TIFF' }),
    });
    expect(errorOf(res.body).message).toContain('JPEG or PNG');
  });

  it('a TIFF and a WebP sent whole are refused the same; a JPEG is kept', async () => {
    const { ts } = served;
    const put = (bytes: Buffer, type: string, file: string) =>
      ts.http
        .put(`/api/books/${writer.bookId}/cover`)
        .query({ file })
        .set('cookie', writer.cookie)
        .set('content-type', type)
        .send(bytes);
    const tiff = await put(await tiffCover(), 'image/png', 'cover.png');
    expect(tiff.status).toBe(415);
    expect(errorOf(tiff.body).code).toBe('cover_upload_format');
    const webp = await put(await plainPicture('webp'), 'image/jpeg', 'cover.jpg');
    expect(webp.status).toBe(415);
    expect(errorOf(webp.body).message).toBe(
      catalogueMessage('cover_upload_format', 'en', { file: 'cover.jpg', format: 'WebP' }),
    );
    const jpeg = await put(await plainPicture('jpeg'), 'image/jpeg', 'cover.jpg');
    expect(jpeg.status, JSON.stringify(jpeg.body)).toBe(200);
    expect(jpeg.body.cover).toMatchObject({ format: 'jpeg', width: 1600, height: 2560 });
  });

  it("in Malay and Indonesian: the refusal in the writer's language", async () => {
    const { ts } = served;
    const tiff = await tiffCover();
    for (const lang of ['ms', 'id'] as const) {
      expect((await ts.http.put('/api/me/lang').set('cookie', writer.cookie).send({ lang })).status).toBe(200);
      const res = await ts.http
        .put(`/api/books/${writer.bookId}/cover`)
        .query({ file: 'sampul.tif' })
        .set('cookie', writer.cookie)
        .set('content-type', 'image/png')
        .send(tiff);
      expect(res.status).toBe(415);
      expect(errorOf(res.body).message).toBe(
        catalogueMessage('cover_upload_format', lang, { file: 'sampul.tif', format: 'TIFF' }),
      );
    }
  });
});
