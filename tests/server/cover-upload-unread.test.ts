// A cover refused before its body is read: a 30 MB body by its declared Content-Length (413 naming the 10 MB
// limit) and a TIFF or WebP by its first bytes (415: a cover is sent as a JPEG or PNG), each answered while the
// client has sent only the body's first 64 KB, the rest never asked for. A TIFF sent whole (named and typed as a
// PNG) is refused the same; a JPEG is still kept. In the writer's language.
import { request } from 'node:http';
import sharp from 'sharp';
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
  writer = { cookie, bookId: await ts.ctx.repos.books.saveImport({ userId: id, key: 'romance', saves: romanceSaves('en') }) };
});

/** PUT a cover declaring `length` bytes of which only `sent` go out: the answer, which must come with the body unfinished. */
function putUnfinished(input: { first: Buffer; length: number; type: string; file: string; cookie: string }): Promise<{ status: number; body: unknown; connection: string | undefined }> {
  const url = new URL(`${served.ts.url}/api/books/${writer.bookId}/cover?file=${encodeURIComponent(input.file)}`);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'PUT', headers: { cookie: input.cookie, 'content-type': input.type, 'content-length': String(input.length) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown, connection: res.headers.connection });
      });
    });
    req.on('error', reject);
    // The first bytes only: the rest of the declared body is never sent.
    req.write(input.first);
  });
}

const errorOf = (body: unknown) => ApiErrorEnvelopeSchema.parse(body).error;
const MB = 1024 * 1024;
const tiffCover = () => sharp({ create: { width: 1600, height: 2560, channels: 3, background: '#336699' } }).tiff().toBuffer();

describe('a cover refused before its body is read', () => {
  it('30 MB declared: 413 naming the 10 MB limit, with 64 KB of it sent', async () => {
    const first = Buffer.alloc(64 * 1024, 0);
    first.set([0xff, 0xd8, 0xff, 0xe0]);
    const res = await putUnfinished({ first, length: 30 * MB, type: 'image/jpeg', file: 'scan.jpg', cookie: writer.cookie });
    expect(res.status).toBe(413);
    // The connection closes after the answer: the server reads none of the rest.
    expect(res.connection).toBe('close');
    expect(errorOf(res.body)).toEqual({ code: 'cover_upload_too_large', message: catalogueMessage('cover_upload_too_large', 'en', { file: 'scan.jpg', limit: '10 MB' }) });
  });

  it('a TIFF by its first bytes: 415, a cover is a JPEG or PNG, with 64 KB of its 5 MB sent', async () => {
    const tiff = await tiffCover();
    const first = Buffer.concat([tiff, Buffer.alloc(64 * 1024)]).subarray(0, 64 * 1024);
    const res = await putUnfinished({ first, length: 5 * MB, type: 'image/png', file: 'cover.png', cookie: writer.cookie });
    expect(res.status).toBe(415);
    expect(res.connection).toBe('close');
    expect(errorOf(res.body)).toEqual({ code: 'cover_upload_format', message: catalogueMessage('cover_upload_format', 'en', { file: 'cover.png', format: 'TIFF' }) });
    expect(errorOf(res.body).message).toContain('JPEG or PNG');
  });

  it('a TIFF and a WebP sent whole are refused the same; a JPEG is kept', async () => {
    const { ts } = served;
    const put = (bytes: Buffer, type: string, file: string) => ts.http.put(`/api/books/${writer.bookId}/cover`).query({ file }).set('cookie', writer.cookie).set('content-type', type).send(bytes);
    const tiff = await put(await tiffCover(), 'image/png', 'cover.png');
    expect(tiff.status).toBe(415);
    expect(errorOf(tiff.body).code).toBe('cover_upload_format');
    const webp = await put(await sharp({ create: { width: 1600, height: 2560, channels: 3, background: '#336699' } }).webp().toBuffer(), 'image/jpeg', 'cover.jpg');
    expect(webp.status).toBe(415);
    expect(errorOf(webp.body).message).toBe(catalogueMessage('cover_upload_format', 'en', { file: 'cover.jpg', format: 'WebP' }));
    const jpeg = await put(await sharp({ create: { width: 1600, height: 2560, channels: 3, background: '#336699' } }).jpeg().toBuffer(), 'image/jpeg', 'cover.jpg');
    expect(jpeg.status, JSON.stringify(jpeg.body)).toBe(200);
    expect(jpeg.body.cover).toMatchObject({ format: 'jpeg', width: 1600, height: 2560 });
  });

  it('in Malay and Indonesian: the refusal in the writer\'s language', async () => {
    const { ts } = served;
    const tiff = await tiffCover();
    for (const lang of ['ms', 'id'] as const) {
      expect((await ts.http.put('/api/me/lang').set('cookie', writer.cookie).send({ lang })).status).toBe(200);
      const res = await ts.http.put(`/api/books/${writer.bookId}/cover`).query({ file: 'sampul.tif' }).set('cookie', writer.cookie).set('content-type', 'image/png').send(tiff);
      expect(res.status).toBe(415);
      expect(errorOf(res.body).message).toBe(catalogueMessage('cover_upload_format', lang, { file: 'sampul.tif', format: 'TIFF' }));
    }
  });
});
