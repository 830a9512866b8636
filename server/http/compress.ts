// Large API answers compressed: a JSON answer of 1 KB or more goes out with brotli (quality 4:
// fast, far smaller than gzip at the same speed) or gzip when the client accepts it, with
// `Vary: Accept-Encoding`. Only JSON sent through res.send/res.json: server-sent events (written piece by
// piece, and needing each piece at once) and file downloads are left alone. Compression runs on the
// thread pool (zlib's async API), so a 1 MB book does not hold the event loop.
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Answers smaller than this go as they are: compressing them saves next to nothing. */
export const COMPRESS_MIN_BYTES = 1024;

export function compressJson(): RequestHandler {
  return (_req: Request, res: Response, next: NextFunction) => {
    // An own property set to one function for every response (a per-response bound copy of send cost a
    // bind and a closure on every request, GET /api/me's included: issue 49).
    res.send = compressedSend;
    next();
  };
}

/** Express's own res.send for this response (the one compressedSend stands in front of). */
function plainSend(res: Response, body?: unknown): Response {
  return (Object.getPrototypeOf(res) as Response).send.call(res, body);
}

function compressedSend(this: Response, body?: unknown): Response {
  const res = this;
  const req = res.req;
  const type = String(res.get('content-type') ?? '');
  const isJson = /json/i.test(type) && (typeof body === 'string' || Buffer.isBuffer(body));
  const size = typeof body === 'string' ? Buffer.byteLength(body) : Buffer.isBuffer(body) ? body.byteLength : 0;
  if (!isJson || size < COMPRESS_MIN_BYTES || res.get('content-encoding') || req.method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304) return plainSend(res, body);
  res.vary('Accept-Encoding');
  // Brotli whenever it is accepted at all (browsers list it last), else gzip.
  const encoding = req.acceptsEncodings('br') === 'br' ? 'br' : req.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : null;
  if (!encoding) return plainSend(res, body);
  const input = typeof body === 'string' ? Buffer.from(body) : (body as Buffer);
  const done = (error: Error | null, out: Buffer) => {
    if (error || res.headersSent) {
      if (!res.headersSent) plainSend(res, body);
      return;
    }
    res.set('Content-Encoding', encoding);
    plainSend(res, out);
  };
  if (encoding === 'br') brotliCompress(input, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: input.byteLength } }, done);
  else gzip(input, { level: 6 }, done);
  return res;
}
