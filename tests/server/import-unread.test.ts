// A manuscript or a JSON body over its limit is refused with an answer the client reads, before the rest is taken:
// a manuscript sent in chunks with no declared length is answered 413 naming the 20 MB limit as soon as it grows
// past it (the connection was cut with no answer before: the writer saw a reset, not the limit), in the writer's
// language; a JSON body declared longer than its 100 KB is refused by its length with only its first bytes sent
// (body-parser read all 30 MB before refusing it).
import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorEnvelopeSchema } from '../../engine/contract/index.js';
import { catalogueMessage } from '../../engine/index.js';
import { serverOnFakeModel, signUp } from './helpers.js';

const served = serverOnFakeModel();
let cookie: string;
beforeAll(async () => {
  cookie = await signUp(served.ts);
});

const MB = 1024 * 1024;
const errorOf = (body: unknown) => ApiErrorEnvelopeSchema.parse(body).error;

interface Answer {
  status: number;
  body: unknown;
  connection: string | undefined;
  /** Bytes the client had sent when the answer came. */
  sent: number;
}

/**
 * Send 64 KB pieces of text to `path` (chunked, or declaring `length` bytes), each once the one before is sent, at
 * most 30 MB and never ended: the answer, read while the body is unfinished, and the bytes sent by then.
 */
function sendGrowing(path: string, input: { method: string; type: string; length?: number }): Promise<Answer> {
  const url = new URL(`${served.ts.url}${path}`);
  const isChunked = input.length === undefined;
  const framing = isChunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': `${input.length}` };
  return new Promise((resolve, reject) => {
    let sent = 0;
    let isAnswered = false;
    const headers = { cookie, origin: url.origin, 'content-type': input.type, ...framing };
    const req = request(url, { method: input.method, headers }, (res) => {
      isAnswered = true;
      const at = sent;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        req.destroy();
        const body = JSON.parse(text) as unknown;
        resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection, sent: at });
      });
    });
    req.on('error', (error) => (isAnswered ? undefined : reject(error)));
    const piece = Buffer.from('The rain came down on the harbour. '.repeat(2_000).slice(0, 64 * 1024));
    const more = () => {
      if (isAnswered || sent >= 30 * MB) return;
      sent += piece.length;
      req.write(piece, () => setImmediate(more));
    };
    more();
  });
}

describe('a manuscript sent in chunks with no length', () => {
  it.each([
    ['en', '/api/books/import/preview?file=novel.txt'],
    ['ms', '/api/books/import?file=novel.txt&generator=romance&lang=ms'],
  ] as const)('(%s) is answered 413 naming the 20 MB limit once past it, the rest never taken', async (lang, path) => {
    const res = await sendGrowing(path, { method: 'POST', type: 'text/plain' });
    expect(res.status).toBe(413);
    expect(res.connection).toBe('close');
    const error = errorOf(res.body);
    expect(error.code).toBe('import_too_large');
    const words = catalogueMessage('import_too_large', lang, { file: 'novel.txt', size: '20.1 MB', limit: '20 MB' });
    expect(error.message).toBe(words);
    // Answered as soon as it passed the limit: what was sent after the answer was asked for is a few pieces at most.
    expect(res.sent).toBeLessThan(25 * MB);
  });
});

describe('a JSON body declared longer than its limit', () => {
  it('is refused 413 by its length with only its first bytes sent, the connection closed', async () => {
    const declared = { method: 'PUT', type: 'application/json', length: 30 * MB };
    const res = await sendGrowing('/api/progress/romance/part', declared);
    expect(res.status).toBe(413);
    expect(res.connection).toBe('close');
    expect(errorOf(res.body).code).toBe('body_too_large');
    expect(res.sent).toBeLessThan(5 * MB);
  });
});
