// How the API's JSON answers go out. Large ones are compressed: a JSON answer of 1 KB or more goes out
// with brotli (quality 4: fast, far smaller than gzip at the same speed) or gzip when the client accepts
// it, with `Vary: Accept-Encoding`. Only JSON sent through res.send/res.json: server-sent events (written
// piece by piece, and needing each piece at once) and file downloads are left alone. Compression runs on
// the thread pool (zlib's async API), so a 1 MB book does not hold the event loop.
//
// Small ones (most answers: GET /api/me on every page) go out directly: Express's res.json and res.send
// look up three JSON settings and the ETag function, and parse and re-format the Content-Type twice, on
// every answer; an API answer has one type, no ETag (app.ts: `no-store`) and no other validator, so
// none of that can change what is sent (about a tenth of GET /api/me's own work).
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Answers smaller than this go as they are: compressing them saves next to nothing. */
export const COMPRESS_MIN_BYTES = 1024;

/** The Content-Type of every JSON answer, as Express writes it. */
const JSON_TYPE = 'application/json; charset=utf-8';

export function compressJson(): RequestHandler {
  return (_req: Request, res: Response, next: NextFunction) => {
    // Own properties set to shared functions (a per-response bound copy of send cost a bind and a closure on every
    // request).
    res.json = apiJson;
    res.send = compressedSend;
    next();
  };
}

/** Express's own res.send for this response (the one compressedSend stands in front of). */
function plainSend(res: Response, body?: unknown): Response {
  return (Object.getPrototypeOf(res) as Response).send.call(res, body);
}

/**
 * res.json: the body as JSON text (what Express's json gives with its default settings), typed as JSON unless the route
 * typed it.
 */
function apiJson(this: Response, body?: unknown): Response {
  if (this.getHeader('content-type') === undefined) this.setHeader('content-type', JSON_TYPE);
  return compressedSend.call(this, JSON.stringify(body));
}

function compressedSend(this: Response, body?: unknown): Response {
  const res = this;
  const req = res.req;
  const type = String(res.getHeader('content-type') ?? '');
  const isJson = (type === JSON_TYPE || /json/i.test(type)) && (typeof body === 'string' || Buffer.isBuffer(body));
  const size = typeof body === 'string' ? Buffer.byteLength(body) : Buffer.isBuffer(body) ? body.byteLength : 0;
  if (
    !isJson ||
    size < COMPRESS_MIN_BYTES ||
    res.getHeader('content-encoding') ||
    req.method === 'HEAD' ||
    res.statusCode === 204 ||
    res.statusCode === 304
  ) {
    return type === JSON_TYPE && typeof body === 'string' ? sendSmall(res, body, size) : plainSend(res, body);
  }
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
  if (encoding === 'br')
    brotliCompress(
      input,
      { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: input.byteLength } },
      done,
    );
  else gzip(input, { level: 6 }, done);
  return res;
}

/**
 * What Express's send does with a JSON text for an answer without validators: its length, no body for HEAD, 204 and
 * 304.
 */
function sendSmall(res: Response, body: string, size: number): Response {
  const status = res.statusCode;
  if (status === 204 || status === 304 || status === 205) return plainSend(res, body);
  if (res.getHeader('transfer-encoding') === undefined) res.setHeader('content-length', size);
  if (res.req.method === 'HEAD') res.end();
  else res.end(body, 'utf8');
  return res;
}
